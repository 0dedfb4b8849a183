import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendParent,
  setup,
} from 'xstate'
import { buildChatContext } from '../domain/chat-context'
import type { ChatMessage, ReplyStatus } from '../domain/chat-message'
import type { ChatModel } from '../domain/chat-model'
import type { ChatTurn, ChatUsage } from '../domain/chat-types'
import { conversationId, titleFromMessage } from '../domain/conversation'
import { type HistoryPage, withOlderPage } from '../domain/history-page'
import { messageId } from '../domain/message-ids'
import type { AppReport } from './app-reports'
import {
  API_KEY_HINT_TOAST_MS,
  CHAT_MESSAGES,
  type ChatContext,
  type ChatEvent,
  type ChatInput,
  type PendingSend,
} from './chat-state'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

export * from './chat-state'

// Invocation results and failures are not among ChatEvent, so they are read through these.
const outputOf = <T>(event: ChatEvent) => (event as unknown as DoneActorEvent<T>).output
const errorOf = (event: ChatEvent) => (event as unknown as ErrorActorEvent).error

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : CHAT_MESSAGES.sendFailed
}

interface TurnFacts {
  userId: string
  modelId: string
  systemPromptId: string | null
  conversationId?: string | null
}

function messageRow(
  turn: TurnFacts,
  role: 'user' | 'assistant',
  content: string,
  time: number,
): ChatMessage {
  const { userId, modelId, systemPromptId } = turn
  const createdAt = new Date(time).toISOString()
  return {
    id: messageId(time, role),
    userId,
    modelId,
    role,
    content,
    systemPromptId,
    conversationId: turn.conversationId ?? null,
    createdAt,
  }
}

/** Whether a message belongs to the conversation on screen (a turn may end after a switch). */
const inView = (context: ChatContext, message: ChatMessage) =>
  (message.conversationId ?? null) === context.conversationId

/**
 * The messages on screen with a turn's row added, if the row belongs there. A regenerated
 * reply takes the place of the one it replaces when that is on screen (its conversation was
 * opened again meanwhile, so its history shows the old reply).
 */
function withRow(context: ChatContext, row: ChatMessage): ChatMessage[] {
  if (!inView(context, row)) return context.messages
  const replaced = context.pending?.replaces?.id === row.id
  const at = replaced ? context.messages.findIndex((message) => message.id === row.id) : -1
  if (at === -1) return [...context.messages, row]
  return context.messages.map((message, i) => (i === at ? row : message))
}

/** The turn being sent, or (in the model walk, where no turn exists) an empty one. */
const pendingOf = (context: ChatContext): PendingSend =>
  context.pending ?? {
    text: '',
    modelId: '',
    turns: [],
    provider: null,
    apiKey: null,
    message: messageRow({ userId: '', modelId: '', systemPromptId: null }, 'user', '', 0),
    messageSaved: false,
    reply: null,
    draft: null,
    replaces: null,
    stopped: false,
    conversation: null,
  }

/** Changes the turn being sent, if there is one. */
const updatePending = (context: ChatContext, change: Partial<PendingSend>) =>
  context.pending && { ...context.pending, ...change }

/** The reply a turn ends with: the regenerated one keeps the id of the reply it replaces. */
function replyRow(
  pending: PendingSend,
  content: string,
  time: number,
  status: ReplyStatus,
  usage: ChatUsage | null,
): ChatMessage {
  const row = messageRow(
    { ...pending.message, modelId: pending.modelId },
    'assistant',
    content,
    time,
  )
  return {
    ...row,
    id: pending.replaces?.id ?? row.id,
    status,
    promptTokens: usage?.promptTokens ?? null,
    completionTokens: usage?.completionTokens ?? null,
    totalTokens: usage?.totalTokens ?? null,
  }
}

/** The last reply and the user message it answers, when the conversation ends with them. */
function lastExchange(messages: ChatMessage[]) {
  const reply = messages.at(-1)
  const question = messages.at(-2)
  return reply?.role === 'assistant' && question?.role === 'user' ? { question, reply } : null
}

/** What a streaming call is given (docs/product/calls.md#provider-calls). */
export interface StreamReplyInput {
  provider: string
  apiKey: string
  model: string
  messages: ChatTurn[]
}

/**
 * The chat screen: the open conversation's history, the composer and the send flow of
 * docs/product/behaviour.md. The model list and choice are the models actor's
 * (models.machine.ts); the chat is told the model its next turn goes with.
 */
export const chatMachine = setup({
  types: {
    input: {} as ChatInput,
    context: {} as ChatContext,
    events: {} as ChatEvent,
  },
  actors: {
    /** The page a conversation opens with: its newest messages. */
    'load history': fromPromise<HistoryPage, { userId: string; conversationId: string | null }>(
      async () => {
        throw notProvided('load history')
      },
    ),
    /** The page before the oldest message shown. */
    'load older history': fromPromise<
      HistoryPage,
      { userId: string; conversationId: string; beforeId: string }
    >(async () => {
      throw notProvided('load older history')
    }),
    'save message': fromPromise<void, ChatMessage>(async () => {
      throw notProvided('save message')
    }),
    /** Writes the row of a conversation a new chat's first message starts. */
    'create conversation': fromPromise<
      void,
      { id: string; userId: string; title: string; createdAt: string }
    >(async () => {
      throw notProvided('create conversation')
    }),
    'find model': fromPromise<ChatModel | null, { modelId: string }>(async () => {
      throw notProvided('find model')
    }),
    'find api key': fromPromise<string | null, { userId: string; provider: string }>(async () => {
      throw notProvided('find api key')
    }),
    /**
     * Asks the provider for a streamed reply and reports `reply.delta` for each piece, then
     * `reply.done` or `reply.failed`. Stopping the actor (Stop, sign-out) aborts the request.
     */
    'stream reply': fromCallback<EventObject, StreamReplyInput>(() => {
      throw notProvided('stream reply')
    }),
    /** Writes a reply: a new row, or over the reply a regeneration replaces. */
    'save reply': fromPromise<void, { message: ChatMessage; replaces: boolean }>(async () => {
      throw notProvided('save reply')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    // docs/product/conversations.md: the list learns of new conversations and of activity.
    'report conversation started': sendParent(({ context }) => {
      const started = pendingOf(context).conversation
      return {
        type: 'chat.conversationStarted',
        conversation: {
          id: started?.id ?? '',
          userId: context.userId ?? '',
          title: started?.title ?? '',
          createdAt: started?.createdAt ?? '',
          updatedAt: started?.createdAt ?? '',
        },
      } satisfies AppReport
    }),
    // Before the row is saved: the list may arrive meanwhile and must not open another.
    'report conversation starting': enqueueActions(({ context, enqueue }) => {
      const starting = context.pending?.conversation
      if (!starting) return
      enqueue.sendParent({
        type: 'chat.conversationStarting',
        conversationId: starting.id,
      } satisfies AppReport)
    }),
    'report activity': sendParent(({ context }) => {
      const { message } = pendingOf(context)
      return {
        type: 'chat.conversationActivity',
        conversationId: message.conversationId ?? '',
        at: message.createdAt,
      } satisfies AppReport
    }),
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    'send what was held': enqueueActions(({ context, enqueue }) => {
      if (!context.sendHeld) return
      enqueue.assign({ sendHeld: false })
      enqueue.raise({ type: 'message.send' })
    }),
    'start turn': assign(({ context }) => {
      const text = context.input.trim()
      const turns = buildChatContext(context.systemPrompt, context.messages, text)
      const modelId = context.modelId ?? ''
      const time = context.now()
      // A new chat's first message starts its conversation (docs/product/conversations.md).
      const conversation =
        context.conversationId === null
          ? {
              id: conversationId(time),
              title: titleFromMessage(text),
              createdAt: new Date(time).toISOString(),
            }
          : null
      const message = messageRow(
        {
          userId: context.userId ?? '',
          modelId,
          systemPromptId: context.systemPrompt?.id ?? null,
          conversationId: conversation?.id ?? context.conversationId,
        },
        'user',
        text,
        time,
      )
      const pending: PendingSend = {
        text,
        modelId,
        turns,
        provider: null,
        apiKey: null,
        message,
        messageSaved: false,
        reply: null,
        draft: null,
        replaces: null,
        stopped: false,
        conversation,
      }
      // Shown at once and kept whatever happens next (docs/product/behaviour.md: the user's
      // message is kept). Sending something new drops the Retry of an earlier failed turn.
      return {
        pending,
        failedTurn: null,
        input: '',
        messages: [...context.messages, message],
        conversationId: message.conversationId ?? null,
      }
    }),
    // Retry: the failed turn as it was (same message row, model and context), from the top of
    // the reply if it had been stopped before any text.
    'resume turn': assign(({ context }) => ({
      pending: context.failedTurn && { ...context.failedTurn, draft: null, stopped: false },
      failedTurn: null,
    })),
    // Regenerate asks again for the last reply, with the context its question was sent with
    // and the model selected now. The old reply leaves the list until the new one replaces it.
    'start regeneration': assign(({ context }) => {
      const { question, reply } = lastExchange(context.messages)!
      const earlier = context.messages.slice(0, -2)
      const pending: PendingSend = {
        text: question.content,
        modelId: context.modelId ?? '',
        turns: buildChatContext(context.systemPrompt, earlier, question.content),
        provider: null,
        apiKey: null,
        message: question,
        messageSaved: true,
        reply: null,
        draft: null,
        replaces: reply,
        stopped: false,
        conversation: null,
      }
      return { pending, failedTurn: null, messages: context.messages.slice(0, -1) }
    }),
    'end turn': assign({ pending: null }),
    // Kept without the key: a retry looks the key up again, as the user may have added one.
    // A regeneration that got no reply puts the old one back instead: nothing was lost.
    'keep failed turn': assign(({ context }) => {
      const pending = context.pending
      if (pending?.replaces && !pending.reply)
        return { failedTurn: null, messages: withRow(context, pending.replaces) }
      return { failedTurn: updatePending(context, { provider: null, apiKey: null }) }
    }),
    'mark stopped': assign(({ context }) => ({
      pending: updatePending(context, { stopped: true }),
    })),
    'append delta': assign(({ context, event }) => {
      const { text } = event as Extract<ChatEvent, { type: 'reply.delta' }>
      return { pending: updatePending(context, { draft: (context.pending?.draft ?? '') + text }) }
    }),
    'user message saved': assign(({ context }) => ({
      pending: updatePending(context, { messageSaved: true }),
    })),
    'conversation created': assign(({ context }) => ({
      pending: updatePending(context, { conversation: null }),
    })),
    'add reply': assign(({ context, event }) => {
      const { result } = event as Extract<ChatEvent, { type: 'reply.done' }>
      const reply = replyRow(
        pendingOf(context),
        result.content,
        context.now(),
        'complete',
        result.usage,
      )
      return {
        pending: updatePending(context, { reply, draft: null }),
        messages: withRow(context, reply),
      }
    }),
    // What streamed before Stop or a failure is kept as the reply, marked as cut short.
    'add partial reply': assign(({ context, event }, params: { status: ReplyStatus }) => {
      const failed = event.type === 'reply.failed' ? event : null
      const pending = pendingOf(context)
      const content = failed?.partial || pending.draft || ''
      const reply = replyRow(pending, content, context.now(), params.status, failed?.usage ?? null)
      return {
        pending: updatePending(context, { reply, draft: null }),
        messages: withRow(context, reply),
      }
    }),
  },
  guards: {
    'can send?': ({ context }) =>
      context.input.trim() !== '' && context.modelId !== null && context.userId !== null,
    // The input is disabled until a model is chosen, so only a quick run sends this early
    // (docs/product/behaviour.md#quick-prompt-run).
    'waiting for a model?': ({ context }) =>
      context.input.trim() !== '' && context.modelId === null && context.userId !== null,
    'model found?': ({ event }) => outputOf<ChatModel | null>(event) !== null,
    'has key?': ({ event }) => outputOf<string | null>(event) != null,
    'can retry?': ({ context }) => context.failedTurn !== null,
    // Not over a failed turn: its reply may not be saved yet, so there is nothing to replace.
    'can regenerate?': ({ context }) =>
      context.failedTurn === null &&
      context.modelId !== null &&
      context.userId !== null &&
      lastExchange(context.messages) !== null,
    'has draft?': ({ context }) => !!context.pending?.draft,
    'partial arrived?': ({ context, event }) =>
      event.type === 'reply.failed' && !!(event.partial || context.pending?.draft),
    'reply to save?': ({ context }) => pendingOf(context).reply !== null,
    'conversation to create?': ({ context }) => pendingOf(context).conversation !== null,
    'new chat?': ({ context }) => context.conversationId === null,
    'the linked one?': ({ context, event }) =>
      event.type === 'conversation.open' && event.conversationId === context.linkedId,
    // Open already: its history showed as soon as it arrived (below).
    'linked one open?': ({ context, event }) =>
      event.type === 'conversation.open' &&
      event.conversationId !== null &&
      event.conversationId === context.conversationId &&
      event.conversationId === context.linkedId,
    // The list said so, or the history did: only rows the user may read come back, so one row
    // proves the conversation is theirs. An empty answer proves nothing (missing, someone
    // else's), and a first message sent meanwhile has started a conversation of its own.
    'linked one confirmed?': ({ context, event }) =>
      context.conversationId === context.linkedId ||
      (context.conversationId === null &&
        context.messages.length === 0 &&
        outputOf<HistoryPage>(event).messages.length > 0),
    'user message saved?': ({ context }) => pendingOf(context).messageSaved,
    'older to read?': ({ context }) =>
      context.hasOlder && context.conversationId !== null && context.messages.length > 0,
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    userId: null,
    conversationId: null,
    linkedId: null,
    modelId: null,
    messages: [],
    hasOlder: false,
    input: '',
    sendHeld: false,
    systemPrompt: null,
    pending: null,
    failedTurn: null,
    now: input.now ?? Date.now,
  }),
  on: {
    // The prompt library and the style editor may speak whether or not anyone is signed in.
    'systemPrompt.changed': { actions: assign({ systemPrompt: ({ event }) => event.prompt }) },
    // The models actor's choice may settle before or after the session starts here.
    'model.select': {
      actions: [assign({ modelId: ({ event }) => event.modelId }), 'send what was held'],
    },
  },
  initial: 'signedOut',
  states: {
    // A chat lives for one session: the app machine stops it on sign-out and starts a fresh
    // one on the next sign-in (docs/architecture.md, "The actor system").
    signedOut: {
      on: {
        'session.start': {
          target: 'active',
          actions: assign({ userId: ({ event }) => event.userId }),
        },
      },
    },
    active: {
      type: 'parallel',
      on: {
        'input.change': {
          actions: assign({ input: ({ event }) => event.value, sendHeld: false }),
        },
      },
      states: {
        // docs/product/conversations.md: the conversations list says which conversation to show
        // first (a deep link, the latest, or a new chat); each then loads its own history.
        history: {
          initial: 'waiting',
          on: {
            // Not `reenter`: that would exit the parallel parent and pre-empt the composer's own
            // handling of the event (stopping a streaming reply).
            'conversation.open': [
              { guard: 'linked one open?', actions: assign({ linkedId: null }) },
              {
                target: '.loading',
                actions: assign({
                  conversationId: ({ event }) => event.conversationId,
                  linkedId: null,
                  messages: [],
                  hasOlder: false,
                  failedTurn: null,
                }),
              },
            ],
          },
          states: {
            waiting: {
              on: {
                'conversation.linked': {
                  target: 'fetchingLinked',
                  actions: assign({ linkedId: ({ event }) => event.conversationId }),
                },
              },
            },
            // docs/product/conversations.md, "Deep links": the linked conversation's history
            // loads beside the list, but becomes the chat's only once it is known to be the
            // user's, so a message sent meanwhile never goes into a conversation they can't write.
            fetchingLinked: {
              tags: 'loadingHistory',
              on: {
                // The list has it while its history is on the way: keep that request.
                'conversation.open': {
                  guard: 'the linked one?',
                  actions: assign({ conversationId: ({ context }) => context.linkedId }),
                },
              },
              invoke: {
                id: 'linkedHistoryLoader',
                src: 'load history',
                input: ({ context }) => ({
                  userId: context.userId ?? '',
                  conversationId: context.linkedId,
                }),
                onDone: [
                  {
                    guard: 'linked one confirmed?',
                    target: 'loaded',
                    actions: assign({
                      conversationId: ({ context }) => context.linkedId,
                      messages: ({ context, event }) => [
                        ...event.output.messages,
                        ...context.messages,
                      ],
                      hasOlder: ({ event }) => event.output.hasOlder,
                    }),
                  },
                  // Not yet known to be theirs: the list decides, and its `conversation.open`
                  // asks again if it is (an empty conversation), or opens a new chat.
                  { target: 'waiting' },
                ],
                onError: {
                  target: 'waiting',
                  actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loading: {
              tags: 'loadingHistory',
              always: { guard: 'new chat?', target: 'loaded' },
              invoke: {
                id: 'historyLoader',
                src: 'load history',
                input: ({ context }) => ({
                  userId: context.userId ?? '',
                  conversationId: context.conversationId,
                }),
                onDone: {
                  target: 'loaded',
                  // Messages sent while the history loaded stay after it.
                  actions: assign({
                    messages: ({ context, event }) => [
                      ...event.output.messages,
                      ...context.messages,
                    ],
                    hasOlder: ({ event }) => event.output.hasOlder,
                  }),
                },
                // docs/product/errors.md#silent-failures: a failed history load is only logged.
                onError: {
                  target: 'loaded',
                  actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // docs/product/conversations.md, "Long conversations": scrolling up reads the page
            // before the oldest message shown.
            loaded: {
              on: { 'history.older': { guard: 'older to read?', target: 'loadingOlder' } },
            },
            loadingOlder: {
              tags: 'loadingOlder',
              invoke: {
                id: 'olderHistoryLoader',
                src: 'load older history',
                input: ({ context }) => ({
                  userId: context.userId ?? '',
                  conversationId: context.conversationId ?? '',
                  beforeId: context.messages[0]?.id ?? '',
                }),
                onDone: {
                  target: 'loaded',
                  actions: assign({
                    messages: ({ context, event }) =>
                      withOlderPage(event.output.messages, context.messages),
                    hasOlder: ({ event }) => event.output.hasOlder,
                  }),
                },
                // Only logged: scrolling up again asks again.
                onError: {
                  target: 'loaded',
                  actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        composer: {
          initial: 'idle',
          states: {
            idle: {
              // Cleared on arrival rather than on leaving `sending`, so a failure's toast can
              // still name the provider the turn was for.
              entry: 'end turn',
              on: {
                'message.send': [
                  {
                    guard: 'can send?',
                    target: 'sending',
                    actions: ['start turn', 'report conversation starting'],
                  },
                  { guard: 'waiting for a model?', actions: assign({ sendHeld: true }) },
                ],
                'message.retry': { guard: 'can retry?', target: 'sending', actions: 'resume turn' },
                'message.regenerate': {
                  guard: 'can regenerate?',
                  target: 'sending',
                  actions: 'start regeneration',
                },
              },
            },
            sending: {
              tags: 'busy',
              initial: 'resuming',
              states: {
                // A new turn starts by saving the user's message; a retried one where it stopped:
                // a reply the provider gave is only saved; after a saved user message the model
                // and key are looked up again and the model called.
                resuming: {
                  always: [
                    { guard: 'reply to save?', target: 'savingReply' },
                    { guard: 'user message saved?', target: 'findingModel' },
                    { guard: 'conversation to create?', target: 'creatingConversation' },
                    { target: 'savingUserMessage' },
                  ],
                },
                creatingConversation: {
                  invoke: {
                    id: 'conversationCreator',
                    src: 'create conversation',
                    input: ({ context }) => {
                      const started = pendingOf(context).conversation
                      return {
                        id: started?.id ?? '',
                        userId: context.userId ?? '',
                        title: started?.title ?? '',
                        createdAt: started?.createdAt ?? '',
                      }
                    },
                    onDone: {
                      target: 'savingUserMessage',
                      actions: ['report conversation started', 'conversation created'],
                    },
                    onError: '#chat.active.composer.failed',
                  },
                },
                savingUserMessage: {
                  invoke: {
                    id: 'userMessageSaver',
                    src: 'save message',
                    input: ({ context }) => pendingOf(context).message,
                    onDone: {
                      target: 'findingModel',
                      actions: ['user message saved', 'report activity'],
                    },
                    onError: '#chat.active.composer.failed',
                  },
                },
                findingModel: {
                  invoke: {
                    id: 'modelFinder',
                    src: 'find model',
                    input: ({ context }) => ({ modelId: context.pending?.modelId ?? '' }),
                    onDone: [
                      {
                        guard: 'model found?',
                        target: 'findingKey',
                        actions: assign({
                          pending: ({ context, event }) =>
                            context.pending && {
                              ...context.pending,
                              provider: event.output?.provider ?? null,
                            },
                        }),
                      },
                      {
                        target: '#chat.active.composer.idle',
                        actions: [
                          {
                            type: 'notify',
                            params: { kind: 'error', message: CHAT_MESSAGES.modelNotFound },
                          },
                          'keep failed turn',
                        ],
                      },
                    ],
                    onError: '#chat.active.composer.failed',
                  },
                },
                findingKey: {
                  invoke: {
                    id: 'apiKeyFinder',
                    src: 'find api key',
                    input: ({ context }) => ({
                      userId: context.userId ?? '',
                      provider: context.pending?.provider ?? '',
                    }),
                    onDone: [
                      {
                        guard: 'has key?',
                        target: 'callingModel',
                        actions: assign({
                          pending: ({ context, event }) =>
                            context.pending && { ...context.pending, apiKey: event.output },
                        }),
                      },
                      {
                        target: '#chat.active.composer.idle',
                        actions: [
                          {
                            type: 'notify',
                            params: ({ context }) => ({
                              kind: 'error' as const,
                              message: CHAT_MESSAGES.missingKey(context.pending?.provider ?? ''),
                            }),
                          },
                          {
                            type: 'notify',
                            params: {
                              kind: 'info',
                              message: CHAT_MESSAGES.missingKeyHint,
                              durationMs: API_KEY_HINT_TOAST_MS,
                            },
                          },
                          'keep failed turn',
                        ],
                      },
                    ],
                    onError: '#chat.active.composer.failed',
                  },
                },
                // docs/product/behaviour.md#streamed-replies: the reply grows as it arrives.
                callingModel: {
                  tags: 'streaming',
                  invoke: {
                    id: 'modelCaller',
                    src: 'stream reply',
                    input: ({ context }) => ({
                      provider: context.pending?.provider ?? '',
                      apiKey: context.pending?.apiKey ?? '',
                      model: context.pending?.modelId ?? '',
                      messages: context.pending?.turns ?? [],
                    }),
                  },
                  on: {
                    'reply.delta': { actions: 'append delta' },
                    'reply.done': { target: 'savingReply', actions: 'add reply' },
                    // A stream that breaks off keeps what arrived, and says why.
                    'reply.failed': [
                      {
                        guard: 'partial arrived?',
                        target: 'savingReply',
                        actions: [
                          { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                          {
                            type: 'notify',
                            params: ({ event }) => ({
                              kind: 'error' as const,
                              message: failureMessage(event.error),
                            }),
                          },
                          { type: 'add partial reply', params: { status: 'interrupted' } },
                        ],
                      },
                      { target: '#chat.active.composer.failed' },
                    ],
                    // Opening another conversation leaves the reply streaming: it is saved in
                    // its own conversation, and shows there again when the user goes back.
                    // Leaving this state stops the call, which aborts the request.
                    'message.stop': [
                      {
                        guard: 'has draft?',
                        target: 'savingReply',
                        actions: { type: 'add partial reply', params: { status: 'stopped' } },
                      },
                      {
                        target: '#chat.active.composer.idle',
                        actions: ['mark stopped', 'keep failed turn'],
                      },
                    ],
                  },
                },
                savingReply: {
                  invoke: {
                    id: 'replySaver',
                    src: 'save reply',
                    input: ({ context }) => ({
                      message: pendingOf(context).reply as ChatMessage,
                      replaces: pendingOf(context).replaces !== null,
                    }),
                    onDone: '#chat.active.composer.idle',
                    onError: '#chat.active.composer.failed',
                  },
                },
              },
            },
            // Any other failure shows its message and offers Retry; the composer is usable again at once.
            failed: {
              entry: [
                { type: 'log error', params: ({ event }) => ({ error: errorOf(event) }) },
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'error' as const,
                    message: failureMessage(errorOf(event)),
                  }),
                },
                'keep failed turn',
              ],
              always: 'idle',
            },
          },
        },
      },
    },
  },
})
