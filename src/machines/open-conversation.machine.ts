import { assign, type DoneActorEvent, enqueueActions, fromPromise, sendParent, setup } from 'xstate'
import type { ChatMessage } from '../domain/chat-message'
import { type HistoryPage, withOlderPage } from '../domain/history-page'
import { lastExchange } from '../domain/last-exchange'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'

export interface OpenConversationInput {
  /** Whose session: histories are read as this user. */
  userId: string
}

export interface OpenConversationContext {
  userId: string
  /** The conversation on screen; null for a new chat, whose first message creates it. */
  conversationId: string | null
  /**
   * The conversation the page's address names, before the list says the user may read it
   * (docs/product/conversations.md, "Deep links"); its history is fetched meanwhile.
   */
  linkedId: string | null
  /** Its messages on screen: the newest page, and older pages read since. */
  messages: ChatMessage[]
  /** Whether it has messages older than those on screen. */
  hasOlder: boolean
}

export type OpenConversationEvent =
  /** Show this conversation (null: a new chat), from the conversations list via the app machine. */
  | { type: 'conversation.open'; conversationId: string | null }
  /** The address names this conversation: fetch its history beside the list. */
  | { type: 'conversation.linked'; conversationId: string }
  /** A new chat's first message started this conversation (from the turn, via the app machine). */
  | { type: 'conversation.starting'; conversationId: string }
  /** The user scrolled up to the oldest message shown: read the page before it. */
  | { type: 'history.older' }
  /** The user sends what the composer holds: the turn is told where, and after what. */
  | { type: 'message.send' }
  /** The user asks again for the last reply. */
  | { type: 'message.regenerate' }
  /** A turn's row to show, new or changed (from the turn, via the app machine). */
  | { type: 'turn.shown'; message: ChatMessage }
  /** A turn's row that leaves the screen: the reply a regeneration replaces. */
  | { type: 'turn.hidden'; messageId: string }

// Invocation results are not among the events, so they are read through this.
const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output

/** Whether a message belongs to the conversation on screen (a turn may end after a switch). */
const inView = (context: OpenConversationContext, message: ChatMessage) =>
  (message.conversationId ?? null) === context.conversationId

/**
 * The conversation on screen (docs/product/conversations.md): which one it is, the deep-link
 * check (`?c=`), and its history pages. The conversations list says which to open; the turn
 * machine reports the rows of the turn it sends, which show here when they belong here. A send
 * or a regeneration asked of it goes on to the turn with this conversation's facts: where,
 * and the messages before.
 */
export const openConversationMachine = setup({
  types: {
    input: {} as OpenConversationInput,
    context: {} as OpenConversationContext,
    events: {} as OpenConversationEvent,
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
  },
  actions: {
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    // Routed by the app machine to the turn, which sends what the composer holds.
    'ask to send': sendParent(
      ({ context }): AppReport => ({
        type: 'chat.send',
        conversationId: context.conversationId,
        earlier: context.messages,
      }),
    ),
    // Routed by the app machine to the turn: the last reply again, after the same messages.
    // The guard has checked that the messages end with a question and its reply.
    'ask to regenerate': sendParent(
      ({ context }): AppReport => ({
        type: 'chat.regenerate',
        question: context.messages.at(-2) as ChatMessage,
        reply: context.messages.at(-1) as ChatMessage,
        conversationId: context.conversationId,
        earlier: context.messages.slice(0, -2),
      }),
    ),
    // Routed by the app machine to the models actor: a conversation composes with the model
    // it was last answered with (docs/product/conversations.md, "Its model").
    'report model used': enqueueActions(({ context, enqueue, check }) => {
      const newest = context.messages.at(-1)
      // Through `check`, so the actor map (scripts/actor-map.ts) sees the report.
      if (!check(() => newest !== undefined)) return
      enqueue.sendParent({
        type: 'conversation.modelUsed',
        modelId: newest?.modelId ?? '',
      } satisfies AppReport)
    }),
    // A turn's row takes the place of the one with its id (a retried question, a regenerated
    // reply after its conversation was opened again), or comes last.
    'show row': assign({
      messages: ({ context, event }) => {
        if (event.type !== 'turn.shown' || !inView(context, event.message)) return context.messages
        const row = event.message
        const at = context.messages.findIndex((message) => message.id === row.id)
        if (at === -1) return [...context.messages, row]
        return context.messages.map((message, i) => (i === at ? row : message))
      },
    }),
    'hide row': assign({
      messages: ({ context, event }) =>
        event.type === 'turn.hidden'
          ? context.messages.filter((message) => message.id !== event.messageId)
          : context.messages,
    }),
  },
  guards: {
    // Open already: its history showed as soon as it arrived (below).
    'linked one open?': ({ context, event }) =>
      event.type === 'conversation.open' &&
      event.conversationId !== null &&
      event.conversationId === context.conversationId &&
      event.conversationId === context.linkedId,
    'the linked one?': ({ context, event }) =>
      event.type === 'conversation.open' && event.conversationId === context.linkedId,
    // The list said so, or the history did: only rows the user may read come back, so one row
    // proves the conversation is theirs. An empty answer proves nothing (missing, someone
    // else's), and a first message sent meanwhile has started a conversation of its own.
    'linked one confirmed?': ({ context, event }) =>
      context.conversationId === context.linkedId ||
      (context.conversationId === null &&
        context.messages.length === 0 &&
        outputOf<HistoryPage>(event).messages.length > 0),
    'new chat?': ({ context }) => context.conversationId === null,
    'older to read?': ({ context }) =>
      context.hasOlder && context.conversationId !== null && context.messages.length > 0,
    'has a last reply?': ({ context }) => lastExchange(context.messages) !== null,
  },
}).createMachine({
  id: 'openConversation',
  context: ({ input }) => ({
    userId: input.userId,
    conversationId: null,
    linkedId: null,
    messages: [],
    hasOlder: false,
  }),
  on: {
    'message.send': { actions: 'ask to send' },
    'message.regenerate': { guard: 'has a last reply?', actions: 'ask to regenerate' },
    'turn.shown': { actions: 'show row' },
    'turn.hidden': { actions: 'hide row' },
    // A new chat becomes the conversation its first message starts, unless another was opened.
    'conversation.starting': {
      guard: 'new chat?',
      actions: assign({ conversationId: ({ event }) => event.conversationId }),
    },
    'conversation.open': [
      { guard: 'linked one open?', actions: assign({ linkedId: null }) },
      {
        target: '.loading',
        actions: assign({
          conversationId: ({ event }) => event.conversationId,
          linkedId: null,
          messages: [],
          hasOlder: false,
        }),
      },
    ],
  },
  // docs/product/conversations.md: the conversations list says which conversation to show
  // first (a deep link, the latest, or a new chat); each then loads its own history.
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'conversation.linked': {
          target: 'fetchingLinked',
          actions: assign({ linkedId: ({ event }) => event.conversationId }),
        },
      },
    },
    // docs/product/conversations.md, "Deep links": the linked conversation's history loads
    // beside the list, but becomes the one on screen only once it is known to be the user's,
    // so a message sent meanwhile never goes into a conversation they can't write.
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
        input: ({ context }) => ({ userId: context.userId, conversationId: context.linkedId }),
        onDone: [
          {
            guard: 'linked one confirmed?',
            target: 'loaded',
            actions: [
              assign({
                conversationId: ({ context }) => context.linkedId,
                messages: ({ context, event }) => [...event.output.messages, ...context.messages],
                hasOlder: ({ event }) => event.output.hasOlder,
              }),
              'report model used',
            ],
          },
          // Not yet known to be theirs: the list decides, and its `conversation.open` asks
          // again if it is (an empty conversation), or opens a new chat.
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
          userId: context.userId,
          conversationId: context.conversationId,
        }),
        onDone: {
          target: 'loaded',
          // Messages sent while the history loaded stay after it.
          actions: [
            assign({
              messages: ({ context, event }) => [...event.output.messages, ...context.messages],
              hasOlder: ({ event }) => event.output.hasOlder,
            }),
            'report model used',
          ],
        },
        // docs/product/errors.md#silent-failures: a failed history load is only logged.
        onError: {
          target: 'loaded',
          actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // docs/product/conversations.md, "Long conversations": scrolling up reads the page before
    // the oldest message shown.
    loaded: {
      on: { 'history.older': { guard: 'older to read?', target: 'loadingOlder' } },
    },
    loadingOlder: {
      tags: 'loadingOlder',
      invoke: {
        id: 'olderHistoryLoader',
        src: 'load older history',
        input: ({ context }) => ({
          userId: context.userId,
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
})
