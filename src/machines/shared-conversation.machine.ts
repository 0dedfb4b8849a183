import { assign, fromPromise, setup } from 'xstate'
import { SHARE_MESSAGES, type SharedConversation } from '../domain/shared-conversation'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

export interface SharedConversationInput {
  /** The link's id, as the address gave it. */
  id: string
}

/** A share link's id: `share_` and 32 hex digits, chosen by the database. */
const SHARE_ID = /^share_[0-9a-f]{32}$/

/** How many messages the page shows at first, and adds with each Show earlier messages. */
export const SHARED_PAGE_MESSAGES = 100

export interface SharedConversationContext {
  id: string
  conversation: SharedConversation | null
  /** How many of the newest messages are shown. */
  shown: number
}

export type SharedConversationEvent =
  | { type: 'shared.retry' }
  | { type: 'shared.earlier' }
  /** A signed-in visitor's copy, opened in their account. */
  | { type: 'shared.continue' }

/**
 * The page a share link opens (docs/product/conversations.md#share-by-link): the snapshot,
 * read-only, for anyone with the link; `Conversation not found` for a revoked, unknown or
 * malformed one; a signed-in visitor may continue it as a copy of their own.
 */
export const sharedConversationMachine = setup({
  types: {
    input: {} as SharedConversationInput,
    context: {} as SharedConversationContext,
    events: {} as SharedConversationEvent,
  },
  actors: {
    /** The snapshot, or null when the link shows nothing. */
    'read shared': fromPromise<SharedConversation | null, { id: string }>(async () => {
      throw notProvided('read shared')
    }),
    /** Copies it into the visitor's account; resolves to the new conversation's id. */
    'continue shared': fromPromise<string, { id: string }>(async () => {
      throw notProvided('continue shared')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    /** Leaves for the chat, with the copy open. */
    'open copy': (_, _params: { conversationId: string }) => {
      throw notProvided('open copy')
    },
  },
  guards: {
    // Anything else names no link: the page says so without asking.
    'a valid link?': ({ context }) => SHARE_ID.test(context.id),
  },
}).createMachine({
  id: 'sharedConversation',
  context: ({ input }) => ({ ...input, conversation: null, shown: SHARED_PAGE_MESSAGES }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'a valid link?', target: 'loading' }, { target: 'notFound' }] },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'read shared',
        src: 'read shared',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'shown',
            actions: assign({ conversation: ({ event }) => event.output }),
          },
          { target: 'notFound' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'shared.retry': 'loading' } },
    notFound: {},
    shown: {
      initial: 'reading',
      on: {
        'shared.earlier': {
          actions: assign({ shown: ({ context }) => context.shown + SHARED_PAGE_MESSAGES }),
        },
      },
      states: {
        reading: { on: { 'shared.continue': 'continuing' } },
        continuing: {
          tags: 'busy',
          invoke: {
            id: 'continue shared',
            src: 'continue shared',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: 'opening',
              actions: {
                type: 'open copy',
                params: ({ event }) => ({ conversationId: event.output }),
              },
            },
            // Revoked meanwhile: the page says so as any unknown link does.
            onError: [
              {
                guard: ({ event }) =>
                  event.error instanceof Error && event.error.message === SHARE_MESSAGES.notFound,
                target: '#sharedConversation.notFound',
              },
              {
                target: 'reading',
                actions: {
                  type: 'notify',
                  params: { kind: 'error', message: SHARE_MESSAGES.continueFailed },
                },
              },
            ],
          },
        },
        // The page is being left for the chat.
        opening: { tags: 'busy' },
      },
    },
  },
})
