import { assign, fromPromise, setup } from 'xstate'
import type { Conversation } from '../domain/conversation'
import { type ConversationShare, SHARE_MESSAGES } from '../domain/shared-conversation'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

export interface ConversationShareInput {
  conversation: Conversation
}

export interface ConversationShareContext {
  conversation: Conversation
  /** The conversation's links, newest first; null until read. */
  shares: ConversationShare[] | null
  /** The link just made: the dialog shows it first, to copy. */
  made: string | null
  /** The link being revoked. */
  revoking: string | null
  /** Why the list could not be read, shown in the dialog. */
  error: string | null
}

export type ConversationShareEvent =
  | { type: 'share.create' }
  | { type: 'share.copy'; id: string }
  | { type: 'share.revoke'; id: string }
  | { type: 'share.retry' }
  | { type: 'share.close' }

const notice = (kind: Notice['kind'], message: string) => ({
  type: 'notify' as const,
  params: { kind, message },
})

type Targeted = Extract<ConversationShareEvent, { id: string }>

/**
 * The Share dialog of one conversation (docs/product/conversations.md#share-by-link): its
 * links, a new one made (a snapshot of the current path, now), each copied or revoked. The
 * organiser invokes it while the dialog is open; it ends when the dialog closes.
 */
export const conversationShareMachine = setup({
  types: {
    input: {} as ConversationShareInput,
    context: {} as ConversationShareContext,
    events: {} as ConversationShareEvent,
  },
  actors: {
    'list shares': fromPromise<ConversationShare[], { conversationId: string }>(async () => {
      throw notProvided('list shares')
    }),
    'create share': fromPromise<ConversationShare, { conversationId: string }>(async () => {
      throw notProvided('create share')
    }),
    /** Puts the link on the clipboard. */
    'copy link': fromPromise<void, { id: string }>(async () => {
      throw notProvided('copy link')
    }),
    'revoke share': fromPromise<void, { id: string }>(async () => {
      throw notProvided('revoke share')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
  },
}).createMachine({
  id: 'conversationShare',
  context: ({ input }) => ({
    conversation: input.conversation,
    shares: null,
    made: null,
    revoking: null,
    error: null,
  }),
  initial: 'loading',
  on: { 'share.close': '.closed' },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'list shares',
        src: 'list shares',
        input: ({ context }) => ({ conversationId: context.conversation.id }),
        onDone: { target: 'ready', actions: assign({ shares: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ error: SHARE_MESSAGES.listFailed }) },
      },
    },
    ready: {
      on: {
        'share.create': 'creating',
        'share.copy': 'copying',
        'share.revoke': {
          target: 'revoking',
          actions: assign({ revoking: ({ event }) => event.id }),
        },
        'share.retry': { target: 'loading', actions: assign({ error: null }) },
      },
    },
    creating: {
      tags: 'busy',
      invoke: {
        id: 'create share',
        src: 'create share',
        input: ({ context }) => ({ conversationId: context.conversation.id }),
        onDone: {
          target: 'ready',
          actions: assign({
            shares: ({ context, event }) => [event.output, ...(context.shares ?? [])],
            made: ({ event }) => event.output.id,
          }),
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              kind: 'error',
              // The database's own refusal (a 400: an empty conversation, too many links)
              // says why; anything else is a failure.
              message:
                (event.error as { status?: number }).status === 400 && event.error instanceof Error
                  ? event.error.message
                  : SHARE_MESSAGES.createFailed,
            }),
          },
        },
      },
    },
    copying: {
      invoke: {
        id: 'copy link',
        src: 'copy link',
        input: ({ event }) => ({ id: (event as Targeted).id }),
        onDone: { target: 'ready', actions: notice('success', SHARE_MESSAGES.copied) },
        onError: { target: 'ready', actions: notice('error', SHARE_MESSAGES.copyFailed) },
      },
    },
    revoking: {
      tags: 'busy',
      invoke: {
        id: 'revoke share',
        src: 'revoke share',
        input: ({ context }) => ({ id: context.revoking ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              shares: ({ context }) =>
                context.shares?.filter((share) => share.id !== context.revoking) ?? null,
              made: ({ context }) => (context.made === context.revoking ? null : context.made),
              revoking: null,
            }),
            notice('success', SHARE_MESSAGES.revoked),
          ],
        },
        onError: {
          target: 'ready',
          actions: [assign({ revoking: null }), notice('error', SHARE_MESSAGES.revokeFailed)],
        },
      },
    },
    closed: { type: 'final' },
  },
})
