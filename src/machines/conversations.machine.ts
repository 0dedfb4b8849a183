import {
  and,
  assign,
  type DoneActorEvent,
  type EventObject,
  fromCallback,
  fromPromise,
  sendParent,
  setup,
} from 'xstate'
import { byActivity, type Conversation, checkTitle, laterTime } from '../domain/conversation'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

export const CONVERSATION_MESSAGES = {
  loadFailed: 'Failed to load conversations',
  notFound: 'Conversation not found',
  renameFailed: 'Failed to rename conversation',
  deleteFailed: 'Failed to delete conversation',
} as const

/** The inline rename field of one conversation: what it holds and what is wrong with it. */
export interface RenameDraft {
  id: string
  draft: string
  error: string | null
}

export interface ConversationsContext {
  /** The user's conversations, newest activity first. */
  conversations: Conversation[]
  /** The open conversation; null is a new chat, not saved until its first message. */
  currentId: string | null
  /** The id a deep link (`?c=`) asks for, until the start has dealt with it. */
  linkedId: string | null
  editing: RenameDraft | null
  /** The conversation the delete dialog asks about, then the one being deleted. */
  pendingDelete: Conversation | null
}

export type ConversationsEvent =
  | { type: 'conversation.new' }
  | { type: 'conversation.select'; id: string }
  | { type: 'rename.start'; id: string }
  | { type: 'rename.change'; value: string }
  | { type: 'rename.cancel' }
  | { type: 'conversation.rename'; id: string; title: string }
  | { type: 'conversation.delete'; id: string }
  | { type: 'conversation.deleteConfirmed' }
  | { type: 'conversation.deleteCancelled' }
  /**
   * From the chat, through the app machine: a new chat's first message is being sent, so this
   * conversation is the open one, though its row is not saved yet.
   */
  | { type: 'conversation.starting'; conversationId: string }
  /** From the chat, through the app machine: it saved the first message of a new conversation. */
  | { type: 'conversation.started'; conversation: Conversation }
  /** From the chat, through the app machine: a message was saved in a conversation at `at`. */
  | { type: 'conversation.activity'; conversationId: string; at: string }
  /** Back or Forward: the address now names this conversation (null: a new chat). */
  | { type: 'address.moved'; conversationId: string | null }

const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output
const isSome = <T>(value: T | null): value is T => value !== null

const find = (list: Conversation[], id: string | null) =>
  id === null ? undefined : list.find((c) => c.id === id)

/** The two lists as one, each conversation once (the one of `newer` wins), by activity. */
function merge(older: Conversation[], newer: Conversation[]): Conversation[] {
  const ids = new Set(newer.map((c) => c.id))
  return [...newer, ...older.filter((c) => !ids.has(c.id))].sort(byActivity)
}

/**
 * How the address follows an open: a new entry in the browser's history when the user opened
 * it (so Back returns), the entry rewritten when the app did (the start, a deletion), or left
 * as it is when the address itself moved (Back, Forward).
 */
type AddressStep = 'push' | 'replace' | 'none'

type OpenParams =
  | { conversationId: string | null }
  | ((args: { context: ConversationsContext; event: unknown }) => {
      conversationId: string | null
    })

/** Opens a conversation (or a new chat, null): the machine, the chat and the address learn it. */
const opening = (params: OpenParams, address: AddressStep = 'replace') =>
  [
    { type: 'set open', params },
    { type: 'announce opened', params },
    ...(address === 'none'
      ? []
      : [
          {
            type: 'show in address' as const,
            params: (args: { context: ConversationsContext; event: unknown }) => ({
              ...(typeof params === 'function' ? params(args) : params),
              push: address === 'push',
            }),
          },
        ]),
    // Last: the params above may read the link.
    { type: 'forget link' },
  ] as const

const OPEN_NEW_CHAT = opening({ conversationId: null })
/**
 * The linked conversation, once the list (or a look-up) has it. The chat was told of the link
 * as soon as it was read (`starting`), so its history may be there already.
 */
const OPEN_LINKED = opening(({ context }) => ({ conversationId: context.linkedId }))
// Without a link, sign-in shows the conversation with the newest activity, so the history is
// there as the spec has it (docs/product/conversations.md); with none, a new chat.
const OPEN_LATEST = opening(({ context }) => ({
  conversationId: context.conversations[0]?.id ?? null,
}))

const notice = (kind: Notice['kind'], message: string) => ({
  type: 'notify' as const,
  params: { kind, message },
})

/**
 * The user's conversations (docs/product/conversations.md): the list, newest activity first,
 * and which one is open. It tells the app machine (`conversation.opened`) whenever the user
 * opens one, or a new chat; the app machine has the chat load it. The address bar follows the
 * open conversation (`?c=<id>`).
 */
export const conversationsMachine = setup({
  types: {
    context: {} as ConversationsContext,
    events: {} as ConversationsEvent,
  },
  actors: {
    /** The conversation id of the page's address (`?c=`), or null. */
    'read conversation link': fromPromise<string | null>(async () => {
      throw notProvided('read conversation link')
    }),
    'load conversations': fromPromise<Conversation[]>(async () => {
      throw notProvided('load conversations')
    }),
    /** One conversation by id; null when the user cannot read it (missing, or someone else's). */
    'find conversation': fromPromise<Conversation | null, { id: string }>(async () => {
      throw notProvided('find conversation')
    }),
    'rename conversation': fromPromise<Conversation, { conversation: Conversation; title: string }>(
      async () => {
        throw notProvided('rename conversation')
      },
    ),
    /** Deletes it; its messages go with it (the database cascades). */
    'delete conversation': fromPromise<void, { id: string }>(async () => {
      throw notProvided('delete conversation')
    }),
    /** Reports `address.moved` each time Back or Forward changes the address. */
    'watch address': fromCallback<EventObject>(() => {
      throw notProvided('watch address')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    /**
     * Puts `?c=<id>` in the address, or takes it out for a new chat: as a new entry of the
     * browser's history (`push`), or over the current one.
     */
    'show in address': (_, _params: { conversationId: string | null; push: boolean }) => {
      throw notProvided('show in address')
    },
    // Routed by the app machine to the chat, which fetches its history beside the list.
    'announce link': sendParent(
      (_, { conversationId }: { conversationId: string }): AppReport => ({
        type: 'conversation.linked',
        conversationId,
      }),
    ),
    // Routed by the app machine to the chat, which loads that conversation (or a new chat).
    'announce opened': sendParent(
      (_, { conversationId }: { conversationId: string | null }): AppReport => ({
        type: 'conversation.opened',
        conversationId,
      }),
    ),
    /** Makes `conversationId` the open one (null: a new chat); see `opening` for the rest. */
    'set open': assign((_, { conversationId }: { conversationId: string | null }) => ({
      currentId: conversationId,
    })),
    'forget link': assign({ linkedId: null }),
    'add found': assign({
      conversations: ({ context, event }) =>
        merge(context.conversations, [outputOf<Conversation | null>(event)].filter(isSome)),
    }),
    'drop deleted': assign({
      conversations: ({ context }) =>
        context.conversations.filter((c) => c.id !== context.pendingDelete?.id),
      pendingDelete: null,
    }),
  },
  guards: {
    'started meanwhile?': ({ context }) => context.currentId !== null,
    'no link?': ({ context }) => context.linkedId === null,
    'linked?': ({ event }) => outputOf<string | null>(event) != null,
    'link listed?': ({ context }) => find(context.conversations, context.linkedId) !== undefined,
    'found?': ({ event }) => outputOf<Conversation | null>(event) != null,
    'another listed conversation?': ({ context, event }) =>
      event.type === 'conversation.select' &&
      event.id !== context.currentId &&
      find(context.conversations, event.id) !== undefined,
    'listed?': ({ context, event }) =>
      'id' in event && find(context.conversations, event.id) !== undefined,
    'editing?': ({ context }) => context.editing !== null,
    // Back or Forward to what is open already changes nothing.
    'moved to a new chat?': ({ context, event }) =>
      event.type === 'address.moved' && event.conversationId === null && context.currentId !== null,
    'moved to another listed one?': ({ context, event }) =>
      event.type === 'address.moved' &&
      event.conversationId !== context.currentId &&
      find(context.conversations, event.conversationId) !== undefined,
    'moved to an unlisted one?': ({ context, event }) =>
      event.type === 'address.moved' &&
      event.conversationId !== null &&
      find(context.conversations, event.conversationId) === undefined,
    'title refused?': ({ context, event }) =>
      event.type === 'conversation.rename' &&
      find(context.conversations, event.id) !== undefined &&
      !checkTitle(event.title).ok,
    'title unchanged?': ({ context, event }) => {
      if (event.type !== 'conversation.rename') return false
      const check = checkTitle(event.title)
      return check.ok && find(context.conversations, event.id)?.title === check.title
    },
    'title accepted?': ({ context, event }) =>
      event.type === 'conversation.rename' &&
      find(context.conversations, event.id) !== undefined &&
      checkTitle(event.title).ok,
    'deleted the open one?': ({ context }) =>
      context.pendingDelete !== null && context.pendingDelete.id === context.currentId,
  },
}).createMachine({
  id: 'conversations',
  context: {
    conversations: [],
    currentId: null,
    linkedId: null,
    editing: null,
    pendingDelete: null,
  },
  on: {
    // So that the list, arriving after the user sent, does not open another over it.
    'conversation.starting': {
      actions: assign({ currentId: ({ event }) => event.conversationId }),
    },
    'conversation.started': {
      actions: [
        assign({
          conversations: ({ context, event }) => merge(context.conversations, [event.conversation]),
          currentId: ({ event }) => event.conversation.id,
        }),
        // The new chat's entry becomes the conversation's: not a new one.
        {
          type: 'show in address',
          params: ({ event }) => ({ conversationId: event.conversation.id, push: false }),
        },
      ],
    },
    'conversation.activity': {
      actions: assign({
        conversations: ({ context, event }) =>
          context.conversations
            .map((c) =>
              c.id === event.conversationId
                ? { ...c, updatedAt: laterTime(c.updatedAt, event.at) }
                : c,
            )
            .sort(byActivity),
      }),
    },
  },
  initial: 'starting',
  states: {
    // A linked conversation's history loads beside the list, not after it (docs/performance.md);
    // the chat shows it once it is known to be the user's. One they cannot read is replaced by a
    // new chat once the list and the look-up say so.
    starting: {
      tags: 'loading',
      invoke: {
        id: 'read conversation link',
        src: 'read conversation link',
        onDone: [
          {
            guard: 'linked?',
            target: 'loading',
            actions: [
              assign({ linkedId: ({ event }) => event.output }),
              {
                type: 'announce link',
                params: ({ event }) => ({ conversationId: outputOf<string>(event) }),
              },
            ],
          },
          { target: 'loading' },
        ],
        onError: 'loading',
      },
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'load conversations',
        src: 'load conversations',
        onDone: {
          target: 'resolving',
          // A conversation the chat started meanwhile stays in the list.
          actions: assign({
            conversations: ({ context, event }) => merge(event.output, context.conversations),
          }),
        },
        onError: {
          target: 'resolving',
          actions: notice('error', CONVERSATION_MESSAGES.loadFailed),
        },
      },
    },
    // What the session opens with: the linked conversation, else the latest, else a new chat.
    resolving: {
      always: [
        // The user already sent a first message, which started a conversation: it stays open.
        { guard: 'started meanwhile?', target: 'ready', actions: 'forget link' },
        { guard: 'no link?', target: 'ready', actions: OPEN_LATEST },
        { guard: 'link listed?', target: 'ready', actions: OPEN_LINKED },
        { target: 'findingLink' },
      ],
    },
    // A linked conversation older than the list: asked for by id. Someone else's is not
    // found either (row-level security), so the answer is the same as for a missing one.
    findingLink: {
      tags: 'loading',
      invoke: {
        id: 'find conversation',
        src: 'find conversation',
        input: ({ context }) => ({ id: context.linkedId ?? '' }),
        onDone: [
          // The user sent a first message meanwhile: their new conversation stays open.
          {
            guard: and(['started meanwhile?', 'found?']),
            target: 'ready',
            actions: ['add found', 'forget link'],
          },
          {
            guard: 'started meanwhile?',
            target: 'ready',
            actions: [notice('error', CONVERSATION_MESSAGES.notFound), 'forget link'],
          },
          { guard: 'found?', target: 'ready', actions: ['add found', ...OPEN_LINKED] },
          {
            target: 'ready',
            actions: [notice('error', CONVERSATION_MESSAGES.notFound), ...OPEN_NEW_CHAT],
          },
        ],
        onError: {
          target: 'ready',
          actions: [notice('error', CONVERSATION_MESSAGES.loadFailed), ...OPEN_NEW_CHAT],
        },
      },
    },
    ready: {
      // docs/product/conversations.md, "Back and Forward".
      invoke: { id: 'addressWatcher', src: 'watch address' },
      on: {
        'conversation.new': { actions: opening({ conversationId: null }, 'push') },
        'conversation.select': {
          guard: 'another listed conversation?',
          actions: opening(
            ({ event }) => ({ conversationId: (event as { id: string }).id }),
            'push',
          ),
        },
        'address.moved': [
          { guard: 'moved to a new chat?', actions: opening({ conversationId: null }, 'none') },
          {
            guard: 'moved to another listed one?',
            actions: opening(
              ({ event }) => ({
                conversationId: (event as { conversationId: string }).conversationId,
              }),
              'none',
            ),
          },
          // Deleted since: a new chat, and the address says so.
          {
            guard: 'moved to an unlisted one?',
            actions: [notice('error', CONVERSATION_MESSAGES.notFound), ...OPEN_NEW_CHAT],
          },
        ],
        'rename.start': {
          guard: 'listed?',
          actions: assign({
            editing: ({ context, event }) => ({
              id: event.id,
              draft: find(context.conversations, event.id)?.title ?? '',
              error: null,
            }),
          }),
        },
        'rename.change': {
          guard: 'editing?',
          actions: assign({
            editing: ({ context, event }) =>
              context.editing && { ...context.editing, draft: event.value, error: null },
          }),
        },
        'rename.cancel': { actions: assign({ editing: null }) },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'conversation.rename': [
              {
                guard: 'title refused?',
                actions: assign({
                  editing: ({ event }) => {
                    const check = checkTitle(event.title)
                    return {
                      id: event.id,
                      draft: event.title,
                      error: check.ok ? null : check.message,
                    }
                  },
                }),
              },
              { guard: 'title unchanged?', actions: assign({ editing: null }) },
              { guard: 'title accepted?', target: 'renaming', actions: assign({ editing: null }) },
            ],
            'conversation.delete': {
              guard: 'listed?',
              target: 'confirmingDelete',
              actions: assign({
                pendingDelete: ({ context, event }) =>
                  find(context.conversations, event.id) ?? null,
              }),
            },
          },
        },
        renaming: {
          tags: 'busy',
          invoke: {
            id: 'rename conversation',
            src: 'rename conversation',
            input: ({ context, event }) => {
              const { id, title } = event as { id: string; title: string }
              return {
                conversation: find(context.conversations, id) as Conversation,
                title: title.trim(),
              }
            },
            onDone: {
              target: 'idle',
              actions: assign({
                conversations: ({ context, event }) =>
                  context.conversations.map((c) =>
                    c.id === event.output.id ? { ...c, title: event.output.title } : c,
                  ),
              }),
            },
            onError: {
              target: 'idle',
              actions: notice('error', CONVERSATION_MESSAGES.renameFailed),
            },
          },
        },
        confirmingDelete: {
          tags: 'confirmingDelete',
          on: {
            'conversation.deleteConfirmed': 'deleting',
            'conversation.deleteCancelled': {
              target: 'idle',
              actions: assign({ pendingDelete: null }),
            },
          },
        },
        deleting: {
          tags: 'busy',
          invoke: {
            id: 'delete conversation',
            src: 'delete conversation',
            input: ({ context }) => ({ id: context.pendingDelete?.id ?? '' }),
            onDone: [
              {
                guard: 'deleted the open one?',
                target: 'idle',
                actions: ['drop deleted', ...OPEN_NEW_CHAT],
              },
              { target: 'idle', actions: 'drop deleted' },
            ],
            onError: {
              target: 'idle',
              actions: [
                assign({ pendingDelete: null }),
                notice('error', CONVERSATION_MESSAGES.deleteFailed),
              ],
            },
          },
        },
      },
    },
  },
})
