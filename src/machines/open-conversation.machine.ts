import { assign, type DoneActorEvent, enqueueActions, fromPromise, sendParent, setup } from 'xstate'
import type { ChatMessage } from '../domain/chat-message'
import { type HistoryPage, placeRow, type Versions, withOlderPage } from '../domain/history-page'
import { lastExchange } from '../domain/last-exchange'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import { answerAsk, editAsk, editedMessage, regenerateAsk, sendAsk } from './turn-asks'

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
  /** The versions of the messages on screen that have several (docs/product/conversations.md#branches). */
  versions: Versions
  /** A sent message being edited: its id and the text so far (#branches, "Edit"). */
  editing: { messageId: string; text: string } | null
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
  /** Retry on a sent message left without a reply (docs/product/behaviour.md#chat-sending). */
  | { type: 'message.answer'; messageId: string }
  /**
   * A turn's row to show, new or changed (from the turn, via the app machine); `versionOf`
   * names the message it is a new version of (an edit's question, a regeneration's reply).
   */
  | { type: 'turn.shown'; message: ChatMessage; versionOf?: string | null }
  /** Show another version of a message on screen, and the branch that follows it. */
  | { type: 'branch.show'; messageId: string }
  /** Edit a sent message: its text in a box in its place (Enter saves, Escape cancels). */
  | { type: 'edit.start'; messageId: string }
  | { type: 'edit.change'; text: string }
  | { type: 'edit.cancel' }
  /** Send the edited text as a new version of the message; the earlier one is kept. */
  | { type: 'edit.save' }
  /** A turn's row that leaves the screen: the reply a regeneration replaces. */
  | { type: 'turn.hidden'; messageId: string }

// Invocation results are not among the events, so they are read through this.
const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output

/** Whether a message belongs to the conversation on screen (a turn may end after a switch). */
const inView = (context: OpenConversationContext, message: ChatMessage) =>
  (message.conversationId ?? null) === context.conversationId

/**
 * A turn's row on screen (placeRow), and, for a new version of a message, its versions: the
 * older one's and its own.
 */
function withTurnRow(
  context: OpenConversationContext,
  row: ChatMessage,
  versionOf: string | null,
): Pick<OpenConversationContext, 'messages' | 'versions'> {
  const { versions } = context
  return {
    messages: placeRow(context.messages, row),
    versions:
      versionOf === null || versions[row.id]
        ? versions
        : { ...versions, [row.id]: [...(versions[versionOf] ?? [versionOf]), row.id] },
  }
}

/** A page that arrived, with the turn's rows shown while it was on its way placed after it. */
const pageWithRowsMeanwhile = (page: HistoryPage, meanwhile: readonly ChatMessage[]) =>
  meanwhile.reduce(placeRow, page.messages)

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
    /** The page of the branch before the oldest message shown, which names its parent. */
    'load older history': fromPromise<
      HistoryPage,
      { userId: string; conversationId: string; parentId: string }
    >(async () => {
      throw notProvided('load older history')
    }),
    /** Makes another version's branch the conversation's, and reads its newest page. */
    'open branch': fromPromise<
      HistoryPage,
      { userId: string; conversationId: string; messageId: string }
    >(async () => {
      throw notProvided('open branch')
    }),
  },
  actions: {
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    // Routed by the app machine to the turn, which sends what the composer holds.
    'ask to send': sendParent(
      ({ context }): AppReport => ({ type: 'chat.send', ...sendAsk(context) }),
    ),
    // Routed by the app machine to the turn: a reply to a question on screen left unanswered,
    // after the messages before it. The guard has checked that it is there.
    'ask to answer': sendParent(
      ({ context, event }): AppReport => ({
        type: 'chat.answer',
        ...answerAsk(context, event.type === 'message.answer' ? event.messageId : ''),
      }),
    ),
    // Routed by the app machine to the turn: the edited text, as a new version of the message,
    // after the messages before it. The guard has checked that it is on screen.
    'ask to edit': sendParent(
      ({ context }): AppReport => ({ type: 'chat.edit', ...editAsk(context) }),
    ),
    // Routed by the app machine to the turn: the last reply again, after the same messages.
    // The guard has checked that the messages end with a question and its reply.
    'ask to regenerate': sendParent(
      ({ context }): AppReport => ({ type: 'chat.regenerate', ...regenerateAsk(context) }),
    ),
    // Routed by the app machine to the turn, whose input holds each conversation's unsent text
    // (docs/product/conversations.md#unsent-text).
    'report shown': sendParent(
      ({ context }): AppReport => ({
        type: 'conversation.shown',
        conversationId: context.conversationId,
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
    'show row': assign(({ context, event }) => {
      if (event.type !== 'turn.shown' || !inView(context, event.message)) return {}
      return withTurnRow(context, event.message, event.versionOf ?? null)
    }),
    'show page': assign((_, page: HistoryPage) => ({
      messages: page.messages,
      hasOlder: page.hasOlder,
      versions: page.versions,
      editing: null,
    })),
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
      context.hasOlder && context.conversationId !== null && !!context.messages[0]?.parentId,
    'has a last reply?': ({ context }) => lastExchange(context.messages) !== null,
    'a version on screen?': ({ context, event }) =>
      event.type === 'branch.show' &&
      context.conversationId !== null &&
      context.messages.some((message) => context.versions[message.id]?.includes(event.messageId)),
    'a sent message?': ({ context, event }) =>
      (event.type === 'edit.start' || event.type === 'message.answer') &&
      context.conversationId !== null &&
      context.messages.some((m) => m.id === event.messageId && m.role === 'user'),
    'edited text to send?': ({ context }) =>
      editedMessage(context) !== null && (context.editing?.text.trim() ?? '') !== '',
  },
}).createMachine({
  id: 'openConversation',
  context: ({ input }) => ({
    userId: input.userId,
    conversationId: null,
    linkedId: null,
    messages: [],
    hasOlder: false,
    versions: {},
    editing: null,
  }),
  on: {
    'message.send': { actions: 'ask to send' },
    'message.answer': { guard: 'a sent message?', actions: 'ask to answer' },
    'edit.start': {
      guard: 'a sent message?',
      actions: assign({
        editing: ({ context, event }) => ({
          messageId: event.messageId,
          text: context.messages.find((m) => m.id === event.messageId)?.content ?? '',
        }),
      }),
    },
    'edit.change': {
      actions: assign({
        editing: ({ context, event }) =>
          context.editing && { ...context.editing, text: event.text },
      }),
    },
    'edit.cancel': { actions: assign({ editing: null }) },
    'edit.save': {
      guard: 'edited text to send?',
      actions: ['ask to edit', assign({ editing: null })],
    },
    'message.regenerate': { guard: 'has a last reply?', actions: 'ask to regenerate' },
    'turn.shown': { actions: 'show row' },
    'turn.hidden': { actions: 'hide row' },
    // A new chat becomes the conversation its first message starts, unless another was opened.
    'conversation.starting': {
      guard: 'new chat?',
      actions: [assign({ conversationId: ({ event }) => event.conversationId }), 'report shown'],
    },
    'conversation.open': [
      { guard: 'linked one open?', actions: assign({ linkedId: null }) },
      {
        target: '.loading',
        actions: [
          assign({
            conversationId: ({ event }) => event.conversationId,
            linkedId: null,
            messages: [],
            hasOlder: false,
            versions: {},
            editing: null,
          }),
          'report shown',
        ],
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
          actions: [assign({ conversationId: ({ context }) => context.linkedId }), 'report shown'],
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
                messages: ({ context, event }) =>
                  pageWithRowsMeanwhile(event.output, context.messages),
                hasOlder: ({ event }) => event.output.hasOlder,
                versions: ({ context, event }) => ({
                  ...event.output.versions,
                  ...context.versions,
                }),
              }),
              'report shown',
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
              messages: ({ context, event }) =>
                pageWithRowsMeanwhile(event.output, context.messages),
              hasOlder: ({ event }) => event.output.hasOlder,
              versions: ({ context, event }) => ({ ...event.output.versions, ...context.versions }),
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
      on: {
        'history.older': { guard: 'older to read?', target: 'loadingOlder' },
        'branch.show': { guard: 'a version on screen?', target: 'switchingBranch' },
      },
    },
    // docs/product/conversations.md#branches: another version shows with the branch that
    // follows it to its newest message, and the conversation remembers the choice.
    switchingBranch: {
      tags: 'loadingHistory',
      invoke: {
        id: 'branchOpener',
        src: 'open branch',
        input: ({ context, event }) => ({
          userId: context.userId,
          conversationId: context.conversationId ?? '',
          messageId: event.type === 'branch.show' ? event.messageId : '',
        }),
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'show page', params: ({ event }) => event.output },
            'report model used',
          ],
        },
        // Only logged: the branch on screen stays, and the switch can be asked again.
        onError: {
          target: 'loaded',
          actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingOlder: {
      tags: 'loadingOlder',
      invoke: {
        id: 'olderHistoryLoader',
        src: 'load older history',
        input: ({ context }) => ({
          userId: context.userId,
          conversationId: context.conversationId ?? '',
          parentId: context.messages[0]?.parentId ?? '',
        }),
        onDone: {
          target: 'loaded',
          actions: assign({
            messages: ({ context, event }) =>
              withOlderPage(event.output.messages, context.messages),
            hasOlder: ({ event }) => event.output.hasOlder,
            versions: ({ context, event }) => ({ ...event.output.versions, ...context.versions }),
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
