import {
  and,
  assign,
  type DoneActorEvent,
  type EventObject,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  sendParent,
  setup,
  spawnChild,
  stopChild,
} from 'xstate'
import type { ChatMessage } from '../domain/chat-message'
import type { Conversation } from '../domain/conversation'
import { CONVERSATION_MESSAGES } from '../domain/conversation-messages'
import { type HistoryPage, placeRow, withOlderPage } from '../domain/history-page'
import { lastExchange } from '../domain/last-exchange'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'
import type {
  LinkedConversation,
  OpenConversationContext,
  OpenConversationEvent,
  OpenConversationInput,
} from './open-conversation-state'
import { answerAsk, editAsk, editedMessage, regenerateAsk, sendAsk } from './turn-asks'

// Invocation results are not among the events, so they are read through this.
const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output

/** Whether a message belongs to the conversation on screen (a turn may end after a switch). */
const inView = (context: OpenConversationContext, message: ChatMessage) =>
  (message.conversationId ?? null) === context.conversationId

/** A row of a comparison's columns: a reply to its question from before it ended. */
const aColumnsRow = ({ comparison }: OpenConversationContext, row: ChatMessage) =>
  comparison !== null &&
  row.role === 'assistant' &&
  row.parentId === comparison.questionId &&
  (comparison.endedAt === null || row.createdAt <= comparison.endedAt)

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
 * How the address follows an open: a new entry in the browser's history when the user opened
 * it (so Back returns), the entry rewritten when the app did (the start, a deletion, a link
 * not found), or left as it is when the address itself named it (a link, Back, Forward).
 */
type AddressStep = 'push' | 'replace' | 'none'

/** What an open's params read: the machine's context, and the event being taken. */
type OpenArgs = { context: OpenConversationContext; event: unknown }

type OpenParams =
  | { conversationId: string | null }
  | ((args: OpenArgs) => { conversationId: string | null })

const paramsOf = (params: OpenParams, args: OpenArgs) =>
  typeof params === 'function' ? params(args) : params

/** Shows a conversation (null: a new chat) with nothing of the one before; its page loads next. */
const opening = (params: OpenParams, address: AddressStep) =>
  [
    { type: 'show conversation', params: (args: OpenArgs) => paramsOf(params, args) },
    'report shown',
    ...(address === 'none'
      ? []
      : [
          {
            type: 'show in address' as const,
            params: (args: OpenArgs) => ({ ...paramsOf(params, args), push: address === 'push' }),
          },
        ]),
  ] as const

/** A conversation on screen before anything of it is: a session's start, or another opened. */
const NOTHING_SHOWN: Omit<OpenConversationContext, 'userId' | 'conversationId' | 'comparison'> = {
  linkedId: null,
  messages: [],
  hasOlder: false,
  versions: {},
  editing: null,
  spent: null,
  sought: null,
  soughtBranchOpened: false,
}

/** A search's message that is not among the messages shown. */
const soughtNowhere = ({ sought, messages }: OpenConversationContext) =>
  sought !== null && !messages.some((m) => m.id === sought)

/**
 * How far up a search's message is looked for (docs/product/search.md): older pages are read
 * until it is on screen, or this many messages are.
 */
export const SOUGHT_WITHIN = 10_000

/** The id an event names: the user's choice, the list's latest, the address's, a deletion's. */
const named = (event: unknown) => (event as { conversationId: string | null }).conversationId

const namedIn = ({ event }: OpenArgs) => ({ conversationId: named(event) })

const OPEN_NEW_CHAT = opening({ conversationId: null }, 'replace')

const notice = (kind: Notice['kind'], message: string) => ({
  type: 'notify' as const,
  params: { kind, message },
})

/** The address named a conversation: its row and page, as the link actor answered. */
const linkedOutput = (event: unknown) => outputOf<LinkedConversation>(event)

/**
 * The conversation on screen (docs/product/conversations.md), and its only owner: which one it
 * is, the address that names it (`?c=`, Back and Forward), the deep-link check, and its
 * history pages. The conversations list tells it the latest conversation for the start, and
 * a deletion; the turn reports the rows of the turn it sends, which show here when they belong
 * here. A send or a regeneration asked of it goes on to the turn with this conversation's
 * facts: where, and the messages before.
 */
export const openConversationMachine = setup({
  types: {
    input: {} as OpenConversationInput,
    context: {} as OpenConversationContext,
    events: {} as OpenConversationEvent,
  },
  actors: {
    /**
     * Reports the conversation the address names as it starts (`address.read`), then each time
     * Back or Forward moves it (`address.moved`).
     */
    'watch address': fromCallback<EventObject>(() => {
      throw notProvided('watch address')
    }),
    /** A conversation the address names, if the user may read it, with its newest page. */
    'open link': fromPromise<LinkedConversation, { userId: string; conversationId: string }>(
      async () => {
        throw notProvided('open link')
      },
    ),
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
    /**
     * Reports what a conversation's replies cost, summed by model (`spend.read`), or that the
     * read failed (`spend.failed`): docs/product/usage.md, the total under it.
     */
    'read spend': fromCallback<EventObject, { userId: string; conversationId: string }>(() => {
      throw notProvided('read spend')
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
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    /**
     * Puts `?c=<id>` in the address, or takes it out for a new chat: as a new entry of the
     * browser's history (`push`), or over the current one.
     */
    'show in address': (_, _params: { conversationId: string | null; push: boolean }) => {
      throw notProvided('show in address')
    },
    // Routed by the app machine to the turn, which sends what the composer holds.
    'ask to send': sendParent(
      ({ context }): AppReport => ({ type: 'chat.send', ...sendAsk(context) }),
    ),
    // Routed by the app machine to the turn: a reply to a question on screen left unanswered,
    // or several compared again, after the messages before it. The guard has checked that the
    // question is there.
    'ask to answer': sendParent(({ context, event }): AppReport => {
      const asked = event.type === 'message.answer' ? event : null
      return { type: 'chat.answer', ...answerAsk(context, asked?.messageId ?? '', asked?.modelIds) }
    }),
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
    // Routed by the app machine to the list: a linked conversation older than its page joins it.
    'report found': sendParent(
      ({ event }): AppReport => ({
        type: 'conversation.found',
        conversation: linkedOutput(event).conversation as Conversation,
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
    /** Makes `conversationId` the one on screen (null: a new chat), with nothing shown yet. */
    'show conversation': assign((_, { conversationId }: { conversationId: string | null }) => ({
      ...NOTHING_SHOWN,
      conversationId,
    })),
    // One read at a time, of the conversation on screen: a newer one replaces the one before.
    'read spend': enqueueActions(({ context, enqueue, check }) => {
      enqueue(stopChild('spendReader'))
      if (!check(({ context }) => context.conversationId !== null)) return
      enqueue(
        spawnChild('read spend', {
          id: 'spendReader',
          input: { userId: context.userId, conversationId: context.conversationId ?? '' },
        }),
      )
    }),
    // A turn's row takes the place of the one with its id (a retried question, a regenerated
    // reply after its conversation was opened again), or comes last.
    'show row': assign(({ context, event }) => {
      if (event.type !== 'turn.shown' || !inView(context, event.message)) return {}
      if (aColumnsRow(context, event.message)) return {}
      const shown = withTurnRow(context, event.message, event.versionOf ?? null)
      if (!event.compared) return shown
      // The columns come under the question: a question compared again ends the list until the
      // pick opens a branch (docs/product/compare.md#comparing-again).
      const at = shown.messages.findIndex((message) => message.id === event.message.id)
      return {
        ...shown,
        messages: shown.messages.slice(0, at + 1),
        comparison: { questionId: event.message.id, endedAt: null },
      }
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
    'forget link': assign({ linkedId: null }),
    'seek message': assign({
      sought: ({ event }) =>
        event.type === 'conversation.open' ? (event.messageId ?? null) : null,
      soughtBranchOpened: false,
    }),
    'forget sought': assign({ sought: null }),
  },
  guards: {
    'new chat?': ({ context }) => context.conversationId === null,
    'names one?': ({ event }) => named(event) !== null,
    // The user opens another conversation; New chat always starts afresh.
    'another one?': ({ context, event }) =>
      named(event) === null || named(event) !== context.conversationId,
    // Back or Forward to what is on screen already changes nothing.
    'moved to a new chat?': ({ context, event }) =>
      named(event) === null && (context.conversationId !== null || context.linkedId !== null),
    'moved to another one?': ({ context, event }) =>
      ![null, context.conversationId, context.linkedId].includes(named(event)),
    'the open one?': ({ context, event }) => named(event) === context.conversationId,
    // Row-level security answers the same for a missing conversation and someone else's.
    'found?': ({ event }) => linkedOutput(event).conversation !== null,
    'older to read?': ({ context }) =>
      context.hasOlder && context.conversationId !== null && !!context.messages[0]?.parentId,
    'has a last reply?': ({ context }) => lastExchange(context.messages) !== null,
    // A search's message not on screen yet, with older pages to read before giving up.
    'sought above?': ({ context }) =>
      soughtNowhere(context) &&
      context.hasOlder &&
      !!context.messages[0]?.parentId &&
      context.messages.length < SOUGHT_WITHIN,
    'the one sought?': ({ context, event }) =>
      event.type === 'message.revealed' && context.sought === event.messageId,
    'sought nowhere?': ({ context }) => soughtNowhere(context),
    'sought on another branch?': ({ context }) =>
      !context.soughtBranchOpened && soughtNowhere(context),
    'picked here?': ({ context, event }) =>
      event.type === 'reply.picked' && event.conversationId === context.conversationId,
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
    ...NOTHING_SHOWN,
    userId: input.userId,
    conversationId: null,
    comparison: null,
  }),
  // docs/product/conversations.md, "Back and Forward".
  invoke: { id: 'addressWatcher', src: 'watch address' },
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
    // docs/product/compare.md: the comparison's pick shows as the branch the conversation is on,
    // whatever is loading when it comes.
    'reply.picked': {
      guard: 'picked here?',
      target: '.switchingBranch',
      actions: assign({
        comparison: ({ context, event }) =>
          context.comparison && { ...context.comparison, endedAt: event.at },
      }),
    },

    'turn.hidden': { actions: 'hide row' },
    // A new chat becomes the conversation its first message starts, unless another was opened.
    'conversation.starting': {
      guard: 'new chat?',
      actions: [assign({ conversationId: ({ event }) => event.conversationId }), 'report shown'],
    },
    // The new chat's entry in the browser's history becomes the conversation's: not a new one.
    'conversation.saved': {
      guard: 'the open one?',
      actions: {
        type: 'show in address',
        params: ({ event }) => ({ conversationId: event.conversationId, push: false }),
      },
    },
    'conversation.deleted': { guard: 'the open one?', target: '.loading', actions: OPEN_NEW_CHAT },
    // docs/product/usage.md: a reply saved here may have joined the total; it is read again.
    'conversation.activity': { guard: 'the open one?', actions: 'read spend' },
    // A read for a conversation no longer on screen changes nothing.
    'spend.read': {
      guard: 'the open one?',
      actions: assign({ spent: ({ event }) => event.rows }),
    },
    // Only logged: the replies on screen stand in for the total.
    'spend.failed': {
      actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
    },
    'conversation.open': [
      {
        guard: 'another one?',
        target: '.loading',
        actions: [...opening(namedIn, 'push'), 'seek message'],
      },
      // The one open already, at a message a search chose.
      { actions: 'seek message' },
    ],
    'message.revealed': {
      guard: 'the one sought?',
      actions: 'forget sought',
    },
    'address.moved': [
      {
        guard: 'moved to a new chat?',
        target: '.loading',
        actions: opening({ conversationId: null }, 'none'),
      },
      {
        guard: 'moved to another one?',
        target: '.resolvingLink',
        actions: [
          ...opening({ conversationId: null }, 'none'),
          assign({ linkedId: (args) => namedIn(args).conversationId }),
        ],
      },
    ],
  },
  // docs/product/conversations.md: a session opens what the address names, else the
  // conversation with the newest activity, else a new chat; each then loads its own history.
  initial: 'starting',
  states: {
    starting: {
      on: {
        'address.read': [
          {
            guard: 'names one?',
            target: 'resolvingLink',
            actions: assign({ linkedId: (args) => namedIn(args).conversationId }),
          },
          { target: 'awaitingList' },
        ],
      },
    },
    awaitingList: {
      on: {
        // The list, arriving after the user sent a first message, opens nothing over it.
        'conversation.starting': {
          guard: 'new chat?',
          target: 'loaded',
          actions: [
            assign({ conversationId: ({ event }) => event.conversationId }),
            'report shown',
          ],
        },
        'list.latest': {
          target: 'loading',
          actions: opening(namedIn, 'replace'),
        },
      },
    },
    // docs/product/conversations.md, "Deep links": the linked conversation's row and history
    // are read together (its history beside the conversations list), and it is shown only
    // once the row says it is the user's, so a message sent meanwhile never goes into a
    // conversation they can't write: it starts one of its own, which stays open.
    resolvingLink: {
      tags: 'loadingHistory',
      invoke: {
        id: 'linkOpener',
        src: 'open link',
        input: ({ context }) => ({
          userId: context.userId,
          conversationId: context.linkedId ?? '',
        }),
        onDone: [
          {
            guard: and(['found?', not('new chat?')]),
            target: 'loaded',
            actions: ['report found', 'forget link'],
          },
          {
            guard: not('new chat?'),
            target: 'loaded',
            actions: [notice('error', CONVERSATION_MESSAGES.notFound), 'forget link'],
          },
          {
            guard: 'found?',
            target: 'loaded',
            actions: [
              assign(({ context, event }) => ({
                conversationId: context.linkedId,
                linkedId: null,
                messages: linkedOutput(event).page.messages,
                hasOlder: linkedOutput(event).page.hasOlder,
                versions: linkedOutput(event).page.versions,
              })),
              'report found',
              'report shown',
              'report model used',
              'read spend',
            ],
          },
          {
            target: 'loading',
            actions: [notice('error', CONVERSATION_MESSAGES.notFound), ...OPEN_NEW_CHAT],
          },
        ],
        onError: [
          {
            guard: not('new chat?'),
            target: 'loaded',
            actions: [notice('error', CONVERSATION_MESSAGES.loadFailed), 'forget link'],
          },
          {
            target: 'loading',
            actions: [notice('error', CONVERSATION_MESSAGES.loadFailed), ...OPEN_NEW_CHAT],
          },
        ],
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
            'read spend',
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
      // docs/product/search.md: a search's message further up is read page by page; not on
      // this branch, the branch it is on opens (once), and it is forgotten if still not there.
      always: [
        { guard: 'sought above?', target: 'loadingOlder' },
        {
          guard: 'sought on another branch?',
          target: 'switchingBranch',
          actions: assign({ soughtBranchOpened: true }),
        },
        { guard: 'sought nowhere?', actions: 'forget sought' },
      ],
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
          // A version chosen, or the message a search found on another branch.
          messageId:
            event.type === 'branch.show' || event.type === 'reply.picked'
              ? event.messageId
              : (context.sought ?? ''),
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
