import { assign, fromPromise, sendParent, setup } from 'xstate'
import { byActivity, type Conversation, checkTitle, laterTime } from '../domain/conversation'
import { CONVERSATION_MESSAGES } from '../domain/conversation-messages'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** The inline rename field of one conversation: what it holds and what is wrong with it. */
export interface RenameDraft {
  id: string
  draft: string
  error: string | null
}

export interface ConversationsContext {
  /** The user's conversations, newest activity first. */
  conversations: Conversation[]
  editing: RenameDraft | null
  /** The conversation the delete dialog asks about, then the one being deleted. */
  pendingDelete: Conversation | null
}

export type ConversationsEvent =
  | { type: 'rename.start'; id: string }
  | { type: 'rename.change'; value: string }
  | { type: 'rename.cancel' }
  | { type: 'conversation.rename'; id: string; title: string }
  | { type: 'conversation.delete'; id: string }
  | { type: 'conversation.deleteConfirmed' }
  | { type: 'conversation.deleteCancelled' }
  /** From the turn, through the app machine: it saved the first message of a new conversation. */
  | { type: 'conversation.started'; conversation: Conversation }
  /**
   * Through the app machine, one of theirs as it is now: from the open conversation, which the
   * address named; from the organiser, which pinned, unpinned or moved it.
   */
  | { type: 'conversation.found'; conversation: Conversation }
  /** From the turn, through the app machine: a message was saved in a conversation at `at`. */
  | { type: 'conversation.activity'; conversationId: string; at: string }
  /** Through the app machine: deleted here, or on another device (docs/product/live-sync.md). */
  | { type: 'conversation.deleted'; conversationId: string }

const find = (list: Conversation[], id: string) => list.find((c) => c.id === id)

/** The two lists as one, each conversation once (the one of `newer` wins), by activity. */
function merge(older: Conversation[], newer: Conversation[]): Conversation[] {
  const ids = new Set(newer.map((c) => c.id))
  return [...newer, ...older.filter((c) => !ids.has(c.id))].sort(byActivity)
}

const notice = (kind: Notice['kind'], message: string) => ({
  type: 'notify' as const,
  params: { kind, message },
})

/**
 * The user's conversations (docs/product/conversations.md): the list, newest activity first,
 * with rename and delete; pins and folders are the organiser's (organise.machine.ts), which
 * tells this list what it changed. Which one is open is the open conversation's to know
 * (open-conversation.machine.ts): this list tells it, through the app machine, the latest one
 * for the start (`conversations.listed`) and each deletion (`conversation.deleted`).
 */
export const conversationsMachine = setup({
  types: {
    context: {} as ConversationsContext,
    events: {} as ConversationsEvent,
  },
  actors: {
    'load conversations': fromPromise<Conversation[]>(async () => {
      throw notProvided('load conversations')
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
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    // Routed by the app machine to the open conversation, which opens the latest when the
    // address names none (docs/product/conversations.md); null when there is none to open.
    'report listed': sendParent(
      ({ context }): AppReport => ({
        type: 'conversations.listed',
        conversationId: context.conversations[0]?.id ?? null,
      }),
    ),
    // Routed by the app machine to the open conversation: a new chat replaces the deleted one.
    'report deleted': sendParent(
      ({ context }): AppReport => ({
        type: 'conversation.deleted',
        conversationId: context.pendingDelete?.id ?? '',
      }),
    ),
    /** The conversation the event carries, in its place by activity. */
    'list it': assign({
      conversations: ({ context, event }) =>
        merge(context.conversations, [(event as { conversation: Conversation }).conversation]),
    }),
    'drop deleted': assign({
      conversations: ({ context }) =>
        context.conversations.filter((c) => c.id !== context.pendingDelete?.id),
      pendingDelete: null,
    }),
  },
  guards: {
    'listed?': ({ context, event }) =>
      'id' in event && find(context.conversations, event.id) !== undefined,
    'editing?': ({ context }) => context.editing !== null,
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
  },
}).createMachine({
  id: 'conversations',
  context: {
    conversations: [],
    editing: null,
    pendingDelete: null,
  },
  on: {
    // Started or found while the list loads: it stays in the list when the list arrives.
    'conversation.started': { actions: 'list it' },
    'conversation.found': { actions: 'list it' },
    'conversation.deleted': {
      actions: assign({
        conversations: ({ context, event }) =>
          context.conversations.filter((c) => c.id !== event.conversationId),
      }),
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
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'load conversations',
        src: 'load conversations',
        onDone: {
          target: 'ready',
          // A conversation started or found meanwhile stays in the list.
          actions: [
            assign({
              conversations: ({ context, event }) => merge(event.output, context.conversations),
            }),
            'report listed',
          ],
        },
        onError: {
          target: 'ready',
          actions: [notice('error', CONVERSATION_MESSAGES.loadFailed), 'report listed'],
        },
      },
    },
    ready: {
      on: {
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
            onDone: { target: 'idle', actions: ['report deleted', 'drop deleted'] },
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
