import {
  assign,
  type DoneActorEvent,
  type EventObject,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
} from 'xstate'
import type { ContextTurn } from '../domain/chat-context'
import type { ChatMessage, ReplyStatus } from '../domain/chat-message'
import type { ChatModel } from '../domain/chat-model'
import type { ChatResult, ChatUsage } from '../domain/chat-types'
import { messageId } from '../domain/message-ids'
import { notProvided } from './not-provided'
import { CHAT_MESSAGES, type StreamReplyInput } from './turn-state'

// One column of a comparison (docs/product/compare.md): one model's reply to the question,
// streamed, saved as it grows and when done, stopped or regenerated on its own. Its failure
// is its own: it shows in the column and stops nothing else.

export interface ColumnInput {
  /** Its place among the columns, which it reports with what it saved. */
  index: number
  /** The saved question every column answers. */
  question: ChatMessage
  /** The context, the same for every column (docs/product/behaviour.md#chat-context). */
  turns: ContextTurn[]
  modelId: string
  now: () => number
}

export interface ColumnContext extends ColumnInput {
  provider: string | null
  apiKey: string | null
  /** The reply's row id and time, given as the provider is called: its draft and it are one row. */
  replyId: string
  replyAt: string
  /** The text so far; how much of it a draft save has taken. */
  text: string
  draftSaved: number
  /** The provider's count once the reply is in (docs/product/usage.md). */
  usage: ChatUsage | null
  status: ReplyStatus
  /** The reply being saved, then saved: what Pick takes. */
  reply: ChatMessage | null
  /** Why this column has no reply, or why it broke off, as the user is told. */
  error: string | null
}

export type ColumnEvent =
  | { type: 'reply.delta'; text: string }
  | { type: 'reply.done'; result: ChatResult }
  | { type: 'reply.failed'; error: unknown; partial: string; usage: ChatUsage | null }
  | { type: 'column.stop' }
  /** Ask this column's model again: a new reply, the earlier one kept as a version. */
  | { type: 'column.regenerate' }

/** What a column tells the comparison. */
export type ColumnReport = { type: 'column.saved'; index: number; reply: ChatMessage }

const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : CHAT_MESSAGES.sendFailed
}

/** The column's reply as a row: it follows the question, a sibling of the other columns'. */
function replyRow(context: ColumnContext, status: ReplyStatus, usage = context.usage): ChatMessage {
  const { question } = context
  return {
    id: context.replyId,
    userId: question.userId,
    modelId: context.modelId,
    role: 'assistant',
    content: context.text,
    systemPromptId: question.systemPromptId,
    conversationId: question.conversationId ?? null,
    parentId: question.id,
    createdAt: context.replyAt,
    status,
    promptTokens: usage?.promptTokens ?? null,
    completionTokens: usage?.completionTokens ?? null,
    totalTokens: usage?.totalTokens ?? null,
  }
}

/** At most this far behind, a streaming reply's saved draft (docs/product/limits.md#chat). */
const DRAFT_SAVE_MS = 1000

export const compareColumnMachine = setup({
  types: {
    input: {} as ColumnInput,
    context: {} as ColumnContext,
    events: {} as ColumnEvent,
  },
  actors: {
    'find model': fromPromise<ChatModel | null, { modelId: string }>(async () => {
      throw notProvided('find model')
    }),
    'find api key': fromPromise<string | null, { userId: string; provider: string }>(async () => {
      throw notProvided('find api key')
    }),
    'stream reply': fromCallback<EventObject, StreamReplyInput>(() => {
      throw notProvided('stream reply')
    }),
    'save draft': fromPromise<void, { message: ChatMessage }>(async () => {
      throw notProvided('save draft')
    }),
    'save reply': fromPromise<void, { message: ChatMessage }>(async () => {
      throw notProvided('save reply')
    }),
  },
  actions: {
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    // Each attempt is a new row: a regenerated column keeps its earlier reply as a version.
    // The columns start in the same millisecond, so each is a millisecond apart (ids name it).
    'start reply': assign(({ context }) => {
      const time = context.now() + context.index
      return {
        replyId: messageId(time, 'assistant'),
        replyAt: new Date(time).toISOString(),
        text: '',
        draftSaved: 0,
        usage: null,
        status: 'streaming' as const,
        reply: null,
        error: null,
      }
    }),
    'append delta': assign({
      text: ({ context, event }) =>
        context.text + (event as Extract<ColumnEvent, { type: 'reply.delta' }>).text,
    }),
    'mark draft saved': assign({ draftSaved: ({ context }) => context.text.length }),
    'add reply': assign(({ context, event }) => {
      const { result } = event as Extract<ColumnEvent, { type: 'reply.done' }>
      const done = { ...context, text: result.content, usage: result.usage }
      return { ...done, status: 'complete' as const, reply: replyRow(done, 'complete') }
    }),
    // What arrived before Stop or a failure is kept, marked as cut short.
    'add partial reply': assign(({ context, event }, params: { status: ReplyStatus }) => {
      const failed = event.type === 'reply.failed' ? event : null
      const cut = {
        ...context,
        text: failed?.partial || context.text,
        usage: failed?.usage ?? null,
      }
      return { ...cut, status: params.status, reply: replyRow(cut, params.status) }
    }),
    'note error': assign({ error: (_, params: { error: string }) => params.error }),
    'mark stopped': assign({ status: 'stopped' as const }),
    'report saved': enqueueActions(({ context, enqueue }) => {
      if (!context.reply) return
      enqueue.sendParent({
        type: 'column.saved',
        index: context.index,
        reply: context.reply,
      } satisfies ColumnReport)
    }),
  },
  guards: {
    'model found?': ({ event }) => outputOf<ChatModel | null>(event) !== null,
    'has key?': ({ event }) => outputOf<string | null>(event) != null,
    'draft grew?': ({ context }) => context.text.length > context.draftSaved,
    'has text?': ({ context }) => context.text !== '',
    'partial arrived?': ({ context, event }) =>
      event.type === 'reply.failed' && (event.partial !== '' || context.text !== ''),
  },
  delays: { 'draft save interval': DRAFT_SAVE_MS },
}).createMachine({
  id: 'compareColumn',
  context: ({ input }) => ({
    ...input,
    provider: null,
    apiKey: null,
    replyId: '',
    replyAt: '',
    text: '',
    draftSaved: 0,
    usage: null,
    status: 'streaming',
    reply: null,
    error: null,
  }),
  initial: 'asking',
  states: {
    asking: {
      tags: 'busy',
      entry: 'start reply',
      initial: 'findingModel',
      on: { 'column.stop': { target: 'settled', actions: 'mark stopped' } },
      states: {
        findingModel: {
          invoke: {
            id: 'modelFinder',
            src: 'find model',
            input: ({ context }) => ({ modelId: context.modelId }),
            onDone: [
              {
                guard: 'model found?',
                target: 'findingKey',
                actions: assign({
                  provider: ({ event }) => event.output?.provider ?? null,
                }),
              },
              {
                target: '#compareColumn.settled',
                actions: { type: 'note error', params: { error: CHAT_MESSAGES.modelNotFound } },
              },
            ],
            onError: '#compareColumn.failed',
          },
        },
        findingKey: {
          invoke: {
            id: 'apiKeyFinder',
            src: 'find api key',
            input: ({ context }) => ({
              userId: context.question.userId,
              provider: context.provider ?? '',
            }),
            onDone: [
              {
                guard: 'has key?',
                target: 'calling',
                actions: assign({ apiKey: ({ event }) => event.output }),
              },
              {
                target: '#compareColumn.settled',
                actions: {
                  type: 'note error',
                  params: ({ context }) => ({
                    error: CHAT_MESSAGES.missingKey(context.provider ?? ''),
                  }),
                },
              },
            ],
            onError: '#compareColumn.failed',
          },
        },
        // docs/product/behaviour.md#replies-that-survive: saved as it grows, at its first
        // piece and then at most a second behind.
        calling: {
          tags: 'streaming',
          invoke: {
            id: 'modelCaller',
            src: 'stream reply',
            input: ({ context }) => ({
              provider: context.provider ?? '',
              apiKey: context.apiKey ?? '',
              model: context.modelId,
              messages: context.turns,
              reply: replyRow(context, 'interrupted'),
            }),
          },
          initial: 'awaitingText',
          states: {
            awaitingText: {
              on: { 'reply.delta': { target: 'savingDraft', actions: 'append delta' } },
            },
            savingDraft: {
              entry: 'mark draft saved',
              invoke: {
                id: 'draftSaver',
                src: 'save draft',
                input: ({ context }) => ({ message: replyRow(context, 'streaming') }),
                onDone: 'resting',
                // Only logged: the next save, or the reply's own, writes it again.
                onError: {
                  target: 'resting',
                  actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            resting: { after: { 'draft save interval': 'due' } },
            due: {
              always: { guard: 'draft grew?', target: 'savingDraft' },
              on: { 'reply.delta': { target: 'savingDraft', actions: 'append delta' } },
            },
          },
          on: {
            'reply.delta': { actions: 'append delta' },
            'reply.done': { target: 'saving', actions: 'add reply' },
            'reply.failed': [
              {
                guard: 'partial arrived?',
                target: 'saving',
                actions: [
                  { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                  {
                    type: 'note error',
                    params: ({ event }) => ({ error: failureMessage(event.error) }),
                  },
                  { type: 'add partial reply', params: { status: 'interrupted' } },
                ],
              },
              {
                target: '#compareColumn.settled',
                actions: [
                  { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                  {
                    type: 'note error',
                    params: ({ event }) => ({ error: failureMessage(event.error) }),
                  },
                ],
              },
            ],
            // Leaving this state stops the call, which aborts the request.
            'column.stop': [
              {
                guard: 'has text?',
                target: 'saving',
                actions: { type: 'add partial reply', params: { status: 'stopped' } },
              },
              { target: '#compareColumn.settled', actions: 'mark stopped' },
            ],
          },
        },
        saving: {
          // Stop has nothing left to stop: the reply is in.
          on: { 'column.stop': {} },
          invoke: {
            id: 'replySaver',
            src: 'save reply',
            input: ({ context }) => ({ message: context.reply as ChatMessage }),
            onDone: { target: '#compareColumn.settled', actions: 'report saved' },
            onError: '#compareColumn.failed',
          },
        },
      },
    },
    // Something the column could not do (a look-up, a save): said in the column.
    failed: {
      entry: [
        {
          type: 'log error',
          params: ({ event }) => ({ error: (event as { error?: unknown }).error }),
        },
        {
          type: 'note error',
          params: ({ event }) => ({ error: failureMessage((event as { error?: unknown }).error) }),
        },
      ],
      always: 'settled',
    },
    settled: {
      tags: 'settled',
      on: { 'column.regenerate': 'asking' },
    },
  },
})
