import {
  and,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendParent,
  sendTo,
  setup,
} from 'xstate'
import type { MessageAttachment } from '../domain/attachments'
import { buildChatContext } from '../domain/chat-context'
import { type ChatMessage, FAILURE_MAX_CHARS, type ReplyStatus } from '../domain/chat-message'
import type { ChatModel } from '../domain/chat-model'
import type { ChatUsage } from '../domain/chat-types'
import { COMPARE_MIN_MODELS } from '../domain/compare'
import { type ComposerDrafts, draftKey, keepDraft } from '../domain/composer-drafts'
import { conversationId, titleFromMessage } from '../domain/conversation'
import { messageId } from '../domain/message-ids'
import type { AppReport } from './app-reports'
import type { compareMachine } from './compare.machine'
import { notProvided } from './not-provided'
import type { Notice } from './notice'
import { providedLater } from './provided-later'
import {
  API_KEY_HINT_TOAST_MS,
  CHAT_MESSAGES,
  type PendingSend,
  type SendTarget,
  type StreamReplyInput,
  type TurnContext,
  type TurnEvent,
  type TurnInput,
} from './turn-state'

export * from './turn-state'

// Invocation results and failures are not among TurnEvent, so they are read through these.
const outputOf = <T>(event: TurnEvent) => (event as unknown as DoneActorEvent<T>).output
const errorOf = (event: TurnEvent) => (event as unknown as ErrorActorEvent).error

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : CHAT_MESSAGES.sendFailed
}

interface TurnFacts {
  userId: string
  modelId: string
  systemPromptId: string | null
  conversationId?: string | null
  /** The message it follows (docs/product/conversations.md#branches). */
  parentId?: string | null
}

function messageRow(
  turn: TurnFacts,
  role: 'user' | 'assistant',
  content: string,
  time: number,
  attachments: readonly MessageAttachment[] = [],
): ChatMessage {
  const { userId, modelId, systemPromptId } = turn
  const createdAt = new Date(time).toISOString()
  return {
    ...(attachments.length ? { attachments } : {}),
    id: messageId(time, role),
    userId,
    modelId,
    role,
    content,
    systemPromptId,
    conversationId: turn.conversationId ?? null,
    parentId: turn.parentId ?? null,
    createdAt,
  }
}

/** A turn as it starts: nothing looked up, called or streamed yet. */
const startingPending = (
  start: Pick<PendingSend, 'text' | 'modelId' | 'turns' | 'message' | 'messageSaved'> &
    Partial<
      Pick<PendingSend, 'replaces' | 'edits' | 'conversation' | 'earlierFrom' | 'compareWith'>
    >,
): PendingSend => ({
  replaces: null,
  edits: null,
  conversation: null,
  earlierFrom: null,
  compareWith: null,
  ...start,
  provider: null,
  apiKey: null,
  reply: null,
  draft: null,
  stopped: false,
  replyId: null,
  replyAt: null,
  draftSaved: 0,
})

/** The turn being sent, or (in the model walk, where no turn exists) an empty one. */
const pendingOf = (context: TurnContext): PendingSend =>
  context.pending ??
  startingPending({
    text: '',
    modelId: '',
    turns: [],
    message: messageRow({ userId: '', modelId: '', systemPromptId: null }, 'user', '', 0),
    messageSaved: false,
  })

/** The message whose stored path gives the context, when the page on screen is too short. */
const earlierFromOf = (target: SendTarget) => (target.readEarlier ? target.parentId : null)

/** At most this far behind, a streaming reply's saved draft (docs/product/limits.md#chat). */
export const DRAFT_SAVE_MS = 1000

/** Changes the turn being sent, if there is one. */
const updatePending = (context: TurnContext, change: Partial<PendingSend>) =>
  context.pending && { ...context.pending, ...change }

/**
 * The reply's row: the id and time it was given as the provider was called, so its saved
 * draft and the reply are one row. It follows its question (a regenerated one too: a sibling
 * of the reply it replaces, docs/product/conversations.md#branches).
 */
function replyRow(
  pending: PendingSend,
  content: string,
  time: number,
  status: ReplyStatus,
  usage: ChatUsage | null,
): ChatMessage {
  const row = messageRow(
    { ...pending.message, modelId: pending.modelId, parentId: pending.message.id },
    'assistant',
    content,
    time,
  )
  return {
    ...row,
    id: pending.replyId ?? row.id,
    createdAt: pending.replyAt ?? row.createdAt,
    status,
    promptTokens: usage?.promptTokens ?? null,
    completionTokens: usage?.completionTokens ?? null,
    totalTokens: usage?.totalTokens ?? null,
  }
}

/**
 * A failed turn's actions: its question notes why (`failure`), the turn is kept for Retry, the
 * question's row is written and shown with its mark, and a regeneration's old reply comes back.
 */
function turnFailed(failure: (args: { context: TurnContext; event: EventObject }) => string) {
  return [
    {
      type: 'note failure' as const,
      params: (args: { context: TurnContext; event: EventObject }) => ({ failure: failure(args) }),
    },
    'keep failed turn' as const,
    {
      type: 'record failure' as const,
      params: ({ context }: { context: TurnContext }) => ({ message: pendingOf(context).message }),
    },
    'show question' as const,
    'show replaced reply' as const,
  ]
}

/** The models a sent message is compared across again, or null (docs/product/compare.md). */
const comparedAgain = (event: TurnEvent) =>
  event.type === 'message.answer' && (event.compareWith?.length ?? 0) >= COMPARE_MIN_MODELS
    ? (event.compareWith ?? null)
    : null

/** A regeneration that ended before the new reply was there: the old one stays. */
const regenerationUnanswered = (context: TurnContext) =>
  context.pending?.replaces != null && context.pending.reply === null

/** Writes the unsent text as the context now has it. */
const STORE_DRAFTS = {
  type: 'store drafts' as const,
  params: ({ context }: { context: TurnContext }) => ({
    userId: context.userId,
    drafts: context.drafts,
  }),
}

/** Said instead of sending while a file uploads (docs/product/attachments.md). */
const NOTIFY_UPLOADING = {
  type: 'notify' as const,
  params: { kind: 'info' as const, message: CHAT_MESSAGES.stillUploading },
}
const NOTIFY_IMAGES_UNSEEN = {
  type: 'notify' as const,
  params: { kind: 'error' as const, message: CHAT_MESSAGES.imagesUnreadable },
}

/** The send, as its events say: where, and after which messages. */
const targetOf = (event: TurnEvent): SendTarget =>
  event.type === 'message.send' ||
  event.type === 'message.regenerate' ||
  event.type === 'message.edit'
    ? {
        conversationId: event.conversationId,
        earlier: event.earlier,
        parentId: event.parentId,
        readEarlier: event.readEarlier,
      }
    : { conversationId: null, earlier: [], parentId: null }

/**
 * The composer and the send flow of docs/product/behaviour.md: send, stream, stop, retry and
 * regenerate. The open conversation (open-conversation.machine.ts) says where each send goes
 * and after which messages, and shows the rows this machine reports; the models actor
 * (models.machine.ts) says which model the next turn goes with.
 */
export const turnMachine = setup({
  types: {
    input: {} as TurnInput,
    context: {} as TurnContext,
    events: {} as TurnEvent,
  },
  actors: {
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
    /** The newest earlier messages of the stored path ending at `messageId`, oldest first. */
    'read earlier': fromPromise<ChatMessage[], { conversationId: string; messageId: string }>(
      async () => {
        throw notProvided('read earlier')
      },
    ),
    /**
     * Asks the provider for a streamed reply and reports `reply.delta` for each piece, then
     * `reply.done` or `reply.failed`. Stopping the actor (Stop, sign-out) aborts the request.
     */
    'stream reply': fromCallback<EventObject, StreamReplyInput>(() => {
      throw notProvided('stream reply')
    }),
    /**
     * Writes the reply: one row, new or over its saved draft. A reply's writes go out in the
     * order they were asked.
     */
    'save reply': fromPromise<void, { message: ChatMessage }>(async () => {
      throw notProvided('save reply')
    }),
    /** The unsent text this user left in this browser. */
    'recall drafts': fromPromise<ComposerDrafts, { userId: string }>(async () => {
      throw notProvided('recall drafts')
    }),
    /** Writes the reply as it has arrived so far, marked `streaming`, in the same order. */
    'save draft': fromPromise<void, { message: ChatMessage }>(async () => {
      throw notProvided('save draft')
    }),
    /** Brings the comparison's code, which is not in the first paint (docs/performance.md, "Split"). */
    'load compare': fromPromise<void>(async () => {
      throw notProvided('load compare')
    }),
    'compare replies': providedLater<typeof compareMachine>('compare replies'),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    /** Stores the unsent text, so a reload finds it. */
    'store drafts': (_, _params: { userId: string; drafts: ComposerDrafts }) => {
      throw notProvided('store drafts')
    },
    /**
     * Keeps a question its turn could not save in this browser: the next session's start gives
     * it back as the unsent text of `key`'s conversation ('' a new chat), so nothing is lost.
     */
    'store unsent': (_, _params: { userId: string; key: string; text: string }) => {
      throw notProvided('store unsent')
    },
    /** Forgets a question kept unsent, now saved. */
    'drop unsent': (_, _params: { userId: string; text: string }) => {
      throw notProvided('drop unsent')
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
    // After the question is saved, and again after its reply: the newest message saved.
    'report activity': sendParent(({ context }) => {
      const { message, reply } = pendingOf(context)
      return {
        type: 'chat.conversationActivity',
        conversationId: message.conversationId ?? '',
        at: (reply ?? message).createdAt,
      } satisfies AppReport
    }),
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    /** Writes a failed turn's question with its `failure`; only logged if that fails. */
    'record failure': (_, _params: { message: ChatMessage }) => {
      throw notProvided('record failure')
    },
    // Routed by the app machine to the open conversation, which shows a row if it is there.
    // The question shows at once and is kept whatever happens next (docs/product/behaviour.md:
    // the user's message is kept).
    // An edit's question and a regeneration's reply are new versions of a message on screen
    // (docs/product/conversations.md#branches).
    'show question': sendParent(
      ({ context }): AppReport => ({
        type: 'chat.rowShown',
        message: pendingOf(context).message,
        versionOf: pendingOf(context).edits?.id ?? null,
        compared: pendingOf(context).compareWith !== null,
      }),
    ),
    'show reply': sendParent(
      ({ context }): AppReport => ({
        type: 'chat.rowShown',
        message: pendingOf(context).reply as ChatMessage,
        versionOf: pendingOf(context).replaces?.id ?? null,
      }),
    ),
    'show replaced reply': enqueueActions(({ context, enqueue, check }) => {
      // Through `check`, so the actor map (scripts/actor-map.ts) sees the report.
      if (!check(({ context }) => regenerationUnanswered(context))) return
      enqueue.sendParent({
        type: 'chat.rowShown',
        message: context.pending?.replaces as ChatMessage,
        versionOf: null,
      } satisfies AppReport)
    }),
    // A regeneration's old reply leaves the screen until the new one takes its place.
    'hide replaced reply': sendParent(
      ({ context }): AppReport => ({
        type: 'chat.rowHidden',
        messageId: pendingOf(context).replaces?.id ?? '',
      }),
    ),
    // Routed by the app machine to the open conversation, which shows the branch of the pick.
    'report reply picked': sendParent(
      ({ context, event }): AppReport => ({
        type: 'chat.replyPicked',
        conversationId: pendingOf(context).message.conversationId ?? '',
        // Compared again and closed with no pick: the reply it had is the one it keeps.
        messageId:
          outputOf<{ reply: ChatMessage | null }>(event).reply?.id ??
          pendingOf(context).replaces?.id ??
          '',
        // toJSON: a clock that gives no time (the actor map's dry run) yields null, not a throw.
        at: new Date(context.now()).toJSON(),
      }),
    ),
    // Compare mode ends with the pick: the conversation goes on with that reply's model
    // (docs/product/compare.md).
    'end compare mode': assign({ compareWith: [] }),

    'hold send': assign({ held: ({ event }) => targetOf(event) }),
    // Routed by the app machine to the composer's files, which the message now carries.
    'report attachments sent': enqueueActions(({ context, enqueue }) => {
      if (!context.pending?.message.attachments?.length) return
      enqueue.sendParent({ type: 'chat.attachmentsSent' } satisfies AppReport)
    }),
    'send what was held': enqueueActions(({ context, enqueue }) => {
      if (!context.held) return
      enqueue.assign({ held: null })
      enqueue.raise({ type: 'message.send', ...context.held })
    }),
    // A send takes what the input holds; an edit, its own text, and leaves the input alone.
    'start turn': assign(({ context, event }) => {
      const target = targetOf(event)
      const edits = event.type === 'message.edit' ? event.message : null
      const text = event.type === 'message.edit' ? event.text.trim() : context.input.trim()
      // An edit keeps the files of the message it edits (docs/product/attachments.md#the-context).
      const attachments = edits ? (edits.attachments ?? []) : context.attachments
      const turns = buildChatContext(context.systemPrompt, target.earlier, text, attachments, {
        readsImages: context.modelReadsImages,
      })
      const modelId = context.modelId ?? ''
      const time = context.now()
      // A new chat's first message starts its conversation (docs/product/conversations.md).
      const conversation =
        target.conversationId === null
          ? {
              id: conversationId(time),
              title: titleFromMessage(text),
              createdAt: new Date(time).toISOString(),
            }
          : null
      const message = messageRow(
        {
          userId: context.userId,
          modelId,
          systemPromptId: context.systemPrompt?.id ?? null,
          conversationId: conversation?.id ?? target.conversationId,
          parentId: target.parentId,
        },
        'user',
        text,
        time,
        attachments,
      )
      const pending = startingPending({
        text,
        modelId,
        turns,
        message,
        messageSaved: false,
        edits,
        conversation,
        earlierFrom: earlierFromOf(target),
        // A sent message only: an edit goes to the model in use.
        compareWith:
          !edits && context.compareWith.length >= COMPARE_MIN_MODELS ? context.compareWith : null,
      })
      // Sending something new drops the Retry of an earlier failed turn.
      if (edits) return { pending, failedTurn: null }
      return {
        pending,
        failedTurn: null,
        input: '',
        attachments: [],
        drafts: keepDraft(context.drafts, draftKey(context.draftFor), ''),
      }
    }),

    // Retry: the failed turn as it was (same message row, model and context), from the top of
    // the reply if it had been stopped before any text.
    'resume turn': assign(({ context }) => ({
      pending: context.failedTurn && { ...context.failedTurn, draft: null, stopped: false },
      failedTurn: null,
    })),
    // Regenerate asks again for the last reply, with the context its question was sent with
    // and the model selected now. The old reply leaves the list until the new one, its new
    // version, takes its place; it stays stored (docs/product/conversations.md#branches).
    // Answer asks for a reply to a saved question that has none (a failed turn from before a
    // reload or a later send): a regeneration with no old reply. Compare again asks several
    // models for a question's reply, the one it had kept as a version.
    'start regeneration': assign(({ context, event }) => {
      if (event.type !== 'message.regenerate' && event.type !== 'message.answer') return {}
      const { question, earlier } = event
      const pending = startingPending({
        text: question.content,
        modelId: context.modelId ?? '',
        turns: buildChatContext(
          context.systemPrompt,
          earlier,
          question.content,
          question.attachments,
          { readsImages: context.modelReadsImages },
        ),
        message: question,
        messageSaved: true,
        replaces: event.reply ?? null,
        earlierFrom: earlierFromOf(event),
        compareWith: comparedAgain(event),
      })
      return { pending, failedTurn: null }
    }),
    'end turn': assign({ pending: null }),
    // A failed turn's question keeps why (docs/product/behaviour.md#chat-sending): on its row,
    // once saved, so the mark outlives later sends and a reload. A regeneration that got no
    // reply marks nothing: the old reply comes back.
    'note failure': assign(({ context }, params: { failure: string }) => {
      const pending = context.pending
      if (!pending?.messageSaved || regenerationUnanswered(context)) return {}
      const failure = params.failure.slice(0, FAILURE_MAX_CHARS)
      return { pending: { ...pending, message: { ...pending.message, failure } } }
    }),
    // Kept without the key: a retry looks the key up again, as the user may have added one.
    // A regeneration that got no reply puts the old one back instead: nothing was lost.
    'keep failed turn': assign({
      failedTurn: ({ context }) =>
        regenerationUnanswered(context)
          ? null
          : updatePending(context, { provider: null, apiKey: null }),
    }),
    'mark stopped': assign(({ context }) => ({
      pending: updatePending(context, { stopped: true }),
    })),
    // The reply's id and time, given as the provider is called (see replyRow).
    'start reply': assign(({ context }) => {
      const time = context.now()
      return {
        pending: updatePending(context, {
          replyId: messageId(time, 'assistant'),
          replyAt: new Date(time).toISOString(),
          draftSaved: 0,
        }),
      }
    }),
    // docs/product/conversations.md#unsent-text: the input holds the open conversation's text.
    'type input': assign(({ context, event }) => {
      const { value } = event as Extract<TurnEvent, { type: 'input.change' }>
      return {
        input: value,
        held: null,
        drafts: keepDraft(context.drafts, draftKey(context.draftFor), value),
      }
    }),
    'switch input': assign(({ context, event }) => {
      const { conversationId } = event as Extract<TurnEvent, { type: 'input.for' }>
      const drafts = keepDraft(context.drafts, draftKey(context.draftFor), context.input)
      const input = drafts[draftKey(conversationId)] ?? ''
      return { drafts, draftFor: conversationId, input, held: null }
    }),
    // Stored text under what was typed since the page opened; the input takes it if still empty.
    'recalled drafts': assign(({ context, event }) => {
      const drafts = { ...outputOf<ComposerDrafts>(event), ...context.drafts }
      return { drafts, input: context.input || (drafts[draftKey(context.draftFor)] ?? '') }
    }),
    'mark draft saved': assign(({ context }) => ({
      pending: updatePending(context, { draftSaved: context.pending?.draft?.length ?? 0 }),
    })),
    'append delta': assign(({ context, event }) => {
      const { text } = event as Extract<TurnEvent, { type: 'reply.delta' }>
      return { pending: updatePending(context, { draft: (context.pending?.draft ?? '') + text }) }
    }),
    // The context as the spec's rule gives it, from the stored path (SendTarget's readEarlier).
    'context from earlier': assign(({ context, event }) => {
      const pending = pendingOf(context)
      // The system prompt the turn started with, whatever is active now.
      const system = pending.turns.filter((turn) => turn.role === 'system')
      const earlier = outputOf<ChatMessage[]>(event)
      return {
        pending: updatePending(context, {
          turns: [
            ...system,
            ...buildChatContext(null, earlier, pending.text, pending.message.attachments, {
              readsImages: context.modelReadsImages,
            }),
          ],
          earlierFrom: null,
        }),
      }
    }),
    'keep key': assign(({ context, event }) => ({
      pending: updatePending(context, { apiKey: outputOf<string>(event) }),
    })),
    'user message saved': assign(({ context }) => ({
      pending: updatePending(context, { messageSaved: true }),
    })),
    'conversation created': assign(({ context }) => ({
      pending: updatePending(context, { conversation: null }),
    })),
    'add reply': assign(({ context, event }) => {
      const { result } = event as Extract<TurnEvent, { type: 'reply.done' }>
      const reply = replyRow(
        pendingOf(context),
        result.content,
        context.now(),
        'complete',
        result.usage,
      )
      return { pending: updatePending(context, { reply, draft: null }) }
    }),
    // What streamed before Stop or a failure is kept as the reply, marked as cut short.
    'add partial reply': assign(({ context, event }, params: { status: ReplyStatus }) => {
      const failed = event.type === 'reply.failed' ? event : null
      const pending = pendingOf(context)
      const content = failed?.partial || pending.draft || ''
      const reply = replyRow(pending, content, context.now(), params.status, failed?.usage ?? null)
      return { pending: updatePending(context, { reply, draft: null }) }
    }),
  },
  guards: {
    // A message is its text, its files, or both (docs/product/attachments.md).
    'can send?': ({ context }) =>
      (context.input.trim() !== '' || context.attachments.length > 0) && context.modelId !== null,
    'files on their way?': ({ context }) => context.attachmentsBusy,
    // docs/product/attachments.md#models-that-cannot-see: said before anything is sent.
    'images unseen?': ({ context, event }) => {
      if (context.modelReadsImages) return false
      const own =
        event.type === 'message.edit'
          ? event.message.attachments
          : event.type === 'message.regenerate' || event.type === 'message.answer'
            ? event.question.attachments
            : context.attachments
      return (own ?? []).some((attachment) => attachment.kind === 'image')
    },
    // An edit is of a message in a conversation, and has text of its own.
    'can edit?': ({ context, event }) =>
      event.type === 'message.edit' &&
      event.conversationId !== null &&
      event.text.trim() !== '' &&
      context.modelId !== null,
    // The input is disabled until a model is chosen, so only a quick run sends this early
    // (docs/product/behaviour.md#quick-prompt-run).
    'waiting for a model?': ({ context }) =>
      context.input.trim() !== '' && context.modelId === null,
    'model found?': ({ event }) => outputOf<ChatModel | null>(event) !== null,
    'has key?': ({ event }) => outputOf<string | null>(event) != null,
    'can retry?': ({ context }) => context.failedTurn !== null,
    // Not over a failed turn: its reply may not be saved yet, so there is nothing to replace.
    'can regenerate?': ({ context }) => context.failedTurn === null && context.modelId !== null,
    'compared again?': ({ event }) => comparedAgain(event) !== null,
    'can answer?': ({ context, event }) =>
      event.type === 'message.answer' && event.conversationId !== null && context.modelId !== null,
    'has draft?': ({ context }) => !!context.pending?.draft,
    'draft grew?': ({ context }) =>
      (context.pending?.draft?.length ?? 0) > (context.pending?.draftSaved ?? 0),
    'partial arrived?': ({ context, event }) =>
      event.type === 'reply.failed' && !!(event.partial || context.pending?.draft),
    'reply to save?': ({ context }) => pendingOf(context).reply !== null,
    'conversation to create?': ({ context }) => pendingOf(context).conversation !== null,
    'user message saved?': ({ context }) => pendingOf(context).messageSaved,
    'question not saved?': ({ context }) => context.pending?.messageSaved === false,
    'earlier to read?': ({ context }) => pendingOf(context).earlierFrom !== null,
    comparing: ({ context }) => pendingOf(context).compareWith !== null,
    'reply replaced?': ({ context }) => pendingOf(context).replaces !== null,
    'reply picked?': ({ event }) => outputOf<{ reply: ChatMessage | null }>(event).reply !== null,
  },
  delays: {
    'draft save interval': DRAFT_SAVE_MS,
  },
}).createMachine({
  id: 'turn',
  // A turn machine lives for one session: the app machine stops it on sign-out and starts a
  // fresh one on the next sign-in (docs/architecture.md, "The actor system").
  context: ({ input }) => ({
    userId: input.userId,
    modelId: null,
    input: '',
    drafts: {},
    draftFor: null,
    held: null,
    modelReadsImages: true,
    attachments: [],
    attachmentsBusy: false,
    systemPrompt: null,
    compareWith: [],
    pending: null,
    failedTurn: null,
    now: input.now ?? Date.now,
  }),
  on: {
    'systemPrompt.changed': { actions: assign({ systemPrompt: ({ event }) => event.prompt }) },
    'model.select': {
      actions: [
        assign({
          modelId: ({ event }) => event.modelId,
          modelReadsImages: ({ event }) => event.readsImages !== false,
        }),
        'send what was held',
      ],
    },
    'attachments.changed': {
      actions: assign({
        attachments: ({ event }) => event.attachments,
        attachmentsBusy: ({ event }) => event.busy,
      }),
    },
    'input.change': { actions: ['type input', STORE_DRAFTS] },
    'compare.choose': { actions: assign({ compareWith: ({ event }) => event.modelIds }) },
    'input.for': {
      guard: ({ context, event }) => event.conversationId !== context.draftFor,
      actions: ['switch input', STORE_DRAFTS],
    },
  },
  invoke: {
    id: 'draftsRecaller',
    src: 'recall drafts',
    input: ({ context }) => ({ userId: context.userId }),
    onDone: { actions: ['recalled drafts', STORE_DRAFTS] },
    onError: { actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) } },
  },
  initial: 'idle',
  states: {
    idle: {
      // Cleared on arrival rather than on leaving `sending`, so a failure's toast can
      // still name the provider the turn was for.
      entry: 'end turn',
      on: {
        'message.send': [
          { guard: and(['can send?', 'files on their way?']), actions: NOTIFY_UPLOADING },
          { guard: and(['can send?', 'images unseen?']), actions: NOTIFY_IMAGES_UNSEEN },
          {
            guard: 'can send?',
            target: 'sending',
            actions: [
              'start turn',
              STORE_DRAFTS,
              'report conversation starting',
              'show question',
              'report attachments sent',
            ],
          },
          { guard: 'waiting for a model?', actions: 'hold send' },
        ],
        'message.edit': [
          { guard: and(['can edit?', 'images unseen?']), actions: NOTIFY_IMAGES_UNSEEN },
          { guard: 'can edit?', target: 'sending', actions: ['start turn', 'show question'] },
        ],
        'message.retry': { guard: 'can retry?', target: 'sending', actions: 'resume turn' },
        'message.answer': [
          { guard: and(['can answer?', 'images unseen?']), actions: NOTIFY_IMAGES_UNSEEN },
          // The question shows as compared: what followed it on screen makes way for the columns.
          {
            guard: and(['can answer?', 'compared again?']),
            target: 'sending',
            actions: ['start regeneration', 'show question'],
          },
          { guard: 'can answer?', target: 'sending', actions: 'start regeneration' },
        ],
        'message.regenerate': [
          { guard: and(['can regenerate?', 'images unseen?']), actions: NOTIFY_IMAGES_UNSEEN },
          {
            guard: 'can regenerate?',
            target: 'sending',
            actions: ['start regeneration', 'hide replaced reply'],
          },
        ],
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
            { guard: 'user message saved?', target: 'routing' },
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
            onError: '#turn.failed',
          },
        },
        savingUserMessage: {
          invoke: {
            id: 'userMessageSaver',
            src: 'save message',
            input: ({ context }) => pendingOf(context).message,
            onDone: {
              target: 'routing',
              actions: [
                'user message saved',
                'report activity',
                {
                  type: 'drop unsent',
                  params: ({ context }) => ({
                    userId: context.userId,
                    text: pendingOf(context).message.content,
                  }),
                },
              ],
            },
            onError: '#turn.failed',
          },
        },
        // One model answers, or several side by side (docs/product/compare.md).
        routing: {
          always: [{ guard: 'comparing', target: 'comparing' }, { target: 'findingModel' }],
        },
        comparing: {
          tags: 'comparing',
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'compareLoader',
                src: 'load compare',
                onDone: 'running',
                onError: '#turn.failed',
              },
            },
            running: {
              // The comparer exists only here: a Stop while its code loads has nothing to stop.
              on: { 'message.stop': { actions: sendTo('comparer', { type: 'compare.stop' }) } },
              invoke: {
                id: 'comparer',
                src: 'compare replies',
                input: ({ context }) => {
                  const pending = pendingOf(context)
                  return {
                    question: pending.message,
                    turns: pending.turns,
                    earlierFrom: pending.earlierFrom,
                    readsImages: context.modelReadsImages,
                    modelIds: pending.compareWith ?? [],
                    now: context.now,
                  }
                },
                onDone: [
                  {
                    guard: 'reply picked?',
                    target: '#turn.idle',
                    actions: ['end compare mode', 'report reply picked', 'report activity'],
                  },
                  // Compared again, closed with no reply to pick: the question keeps its reply.
                  {
                    guard: 'reply replaced?',
                    target: '#turn.idle',
                    actions: 'report reply picked',
                  },
                  // Closed with no reply to pick: the question is marked, and Retry compares again.
                  { target: '#turn.idle', actions: turnFailed(() => CHAT_MESSAGES.sendFailed) },
                ],
              },
            },
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
                target: '#turn.idle',
                actions: [
                  {
                    type: 'notify',
                    params: { kind: 'error', message: CHAT_MESSAGES.modelNotFound },
                  },
                  ...turnFailed(() => CHAT_MESSAGES.modelNotFound),
                ],
              },
            ],
            onError: '#turn.failed',
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
              // The page on screen started later in the path than the context reaches back:
              // it is read from the stored path (docs/product/conversations.md, "Long conversations").
              {
                guard: and(['has key?', 'earlier to read?']),
                target: 'readingEarlier',
                actions: 'keep key',
              },
              { guard: 'has key?', target: 'callingModel', actions: 'keep key' },
              {
                target: '#turn.idle',
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
                  ...turnFailed(({ context }) =>
                    CHAT_MESSAGES.missingKey(context.pending?.provider ?? ''),
                  ),
                ],
              },
            ],
            onError: '#turn.failed',
          },
        },
        readingEarlier: {
          invoke: {
            id: 'earlierReader',
            src: 'read earlier',
            input: ({ context }) => ({
              conversationId: pendingOf(context).message.conversationId ?? '',
              messageId: pendingOf(context).earlierFrom ?? '',
            }),
            onDone: { target: 'callingModel', actions: 'context from earlier' },
            onError: '#turn.failed',
          },
        },
        // docs/product/behaviour.md#streamed-replies: the reply grows as it arrives.
        callingModel: {
          tags: 'streaming',
          entry: 'start reply',
          invoke: {
            id: 'modelCaller',
            src: 'stream reply',
            input: ({ context }) => ({
              provider: context.pending?.provider ?? '',
              apiKey: context.pending?.apiKey ?? '',
              model: context.pending?.modelId ?? '',
              messages: context.pending?.turns ?? [],
              reply: replyRow(pendingOf(context), '', context.now(), 'interrupted', null),
            }),
          },
          // docs/product/behaviour.md#replies-that-survive: the reply is saved as it grows, at
          // its first piece and then at most a second behind, so a reload finds it.
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
                input: ({ context }) => ({
                  message: replyRow(
                    pendingOf(context),
                    context.pending?.draft ?? '',
                    context.now(),
                    'streaming',
                    null,
                  ),
                }),
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
            'reply.done': { target: 'savingReply', actions: ['add reply', 'show reply'] },
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
                  'show reply',
                ],
              },
              { target: '#turn.failed' },
            ],
            // Opening another conversation leaves the reply streaming: it is saved in
            // its own conversation, and shows there again when the user goes back.
            // Leaving this state stops the call, which aborts the request.
            'message.stop': [
              {
                guard: 'has draft?',
                target: 'savingReply',
                actions: [
                  { type: 'add partial reply', params: { status: 'stopped' } },
                  'show reply',
                ],
              },
              {
                target: '#turn.idle',
                actions: ['mark stopped', 'keep failed turn', 'show replaced reply'],
              },
            ],
          },
        },
        savingReply: {
          invoke: {
            id: 'replySaver',
            src: 'save reply',
            input: ({ context }) => ({ message: pendingOf(context).reply as ChatMessage }),
            onDone: { target: '#turn.idle', actions: 'report activity' },
            onError: '#turn.failed',
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
        ...turnFailed(({ event }) => failureMessage(errorOf(event as TurnEvent))),
      ],
      // docs/product/conversations.md#unsent-text: a question that could not be saved is kept
      // in this browser, to come back after a reload.
      always: [
        {
          guard: 'question not saved?',
          target: 'idle',
          actions: {
            type: 'store unsent',
            params: ({ context }) => {
              const { conversation, message } = pendingOf(context)
              return {
                userId: context.userId,
                // A conversation not created yet is no place to come back to: the new chat is.
                key: draftKey(conversation ? null : (message.conversationId ?? null)),
                text: message.content,
              }
            },
          },
        },
        { target: 'idle' },
      ],
    },
  },
})
