import { assign, type EventObject, fromCallback, fromPromise, sendParent, setup } from 'xstate'
import type { User } from '../domain/auth-types'
import {
  EMPTY_PROMPTS_DATA,
  type ExtensionReply,
  type ExtensionRequest,
  type PromptsData,
  parseExtensionRequest,
} from '../domain/extension-bridge-messages'
import type { ActivePrompt, PromptRow } from '../domain/prompt-types'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'

/** How long a user request waits for auth to finish starting (docs/product/errors.md#auth). */
export const AUTH_WAIT_MS = 5000
/** How long an update waits for the activation's outcome before giving up without a reply. */
export const UPDATE_WAIT_MS = 10_000
export const AUTH_TIMEOUT_MESSAGE = 'Authentication timeout - no user available'

export interface ExtensionBridgeInput {
  /** The page's own origin: the only origin requests are heard from and replies go to. */
  origin: string
}

export interface ExtensionBridgeContext {
  origin: string
  /** The signed-in user, as the app machine last told. */
  user: User | null
  /** Auth has finished starting: someone is signed in, or nobody is. */
  authSettled: boolean
  /** The update under way. */
  update: { promptId: string; isActive: boolean } | null
}

export type ExtensionBridgeEvent =
  /** A window message, as heard (not yet checked). */
  | { type: 'page.message'; origin: string; data: unknown }
  /** From the app machine: who is signed in now. */
  | { type: 'auth.changed'; user: User | null; settled: boolean }
  /** From the app machine: the activation's outcome for a prompt. */
  | { type: 'update.settled'; promptId: string; isActive: boolean; ok: boolean }

// Any event of this machine, its actors' done events included.
type Args = { context: ExtensionBridgeContext; event: EventObject }

/** The request a message carries when it comes from the page itself and is well formed. */
function requestOf({ context, event }: Args): ExtensionRequest | null {
  const message = event as ExtensionBridgeEvent
  if (message.type !== 'page.message' || message.origin !== context.origin) return null
  return parseExtensionRequest(message.data)
}

/** A prompt request counts only for the signed-in user (docs/product/permissions.md#extension-bridge). */
function mineOf<T extends 'GET_PROMPTS_DATA' | 'UPDATE_SYSTEM_PROMPT'>(
  args: Args,
  type: T,
): Extract<ExtensionRequest, { type: T }> | null {
  const request = requestOf(args)
  const user = args.context.user
  return request?.type === type && user !== null && request.userId === user.id
    ? (request as Extract<ExtensionRequest, { type: T }>)
    : null
}

const userOf = ({ context, event }: Args) => {
  const news = event as ExtensionBridgeEvent
  return news.type === 'auth.changed' ? news.user : context.user
}

const reply = (message: (args: Args) => ExtensionReply) => ({
  type: 'post reply' as const,
  params: (args: Args) => ({ message: message(args), targetOrigin: args.context.origin }),
})
const replyUser = reply((args) => {
  const user = userOf(args)
  return user ? { type: 'USER_DATA', user } : { type: 'NO_USER' }
})
const replyNoUser = reply(() => ({ type: 'NO_USER' }))

/**
 * The page-message bridge the Chrome extension's content script talks to
 * (docs/product/calls.md#extension-bridge): a postMessage connection as a machine. It lives as
 * long as the page; the app machine tells it who is signed in and carries an update to the
 * activation and its outcome back (docs/architecture.md, "The actor system"). Requests from any
 * origin but the page's, about another user, or malformed get no answer.
 */
export const extensionBridgeMachine = setup({
  types: {
    input: {} as ExtensionBridgeInput,
    context: {} as ExtensionBridgeContext,
    events: {} as ExtensionBridgeEvent,
  },
  actors: {
    'listen to page': fromCallback<EventObject>(() => {
      throw notProvided('listen to page')
    }),
    'load prompts data': fromPromise<PromptsData, { userId: string }>(async () => {
      throw notProvided('load prompts data')
    }),
    'find prompt': fromPromise<PromptRow | null, { promptId: string }>(async () => {
      throw notProvided('find prompt')
    }),
  },
  actions: {
    'post reply': (_, _params: { message: ExtensionReply; targetOrigin: string }) => {
      throw notProvided('post reply')
    },
    'log error': (_, _params: { message: string }) => {
      throw notProvided('log error')
    },
    'remember auth': assign({
      user: ({ context, event }) => (event.type === 'auth.changed' ? event.user : context.user),
      authSettled: ({ context, event }) =>
        event.type === 'auth.changed' ? event.settled : context.authSettled,
    }),
    // Routed by the app machine to the activation, as the prompt's own button would.
    'ask activation': sendParent(
      (_, params: { prompt: ActivePrompt; isActive: boolean }): AppReport => ({
        type: 'extension.setActive',
        prompt: params.prompt,
        isActive: params.isActive,
      }),
    ),
  },
  guards: {
    'asks for the user?': (args) => requestOf(args)?.type === 'GET_USER_DATA',
    'signed in?': ({ context }) => context.user !== null,
    'auth settled?': ({ context }) => context.authSettled,
    'now signed in?': ({ event }) => event.type === 'auth.changed' && event.user !== null,
    'now settled?': ({ event }) => event.type === 'auth.changed' && event.settled,
    'asks for my prompts?': (args) => mineOf(args, 'GET_PROMPTS_DATA') !== null,
    'asks to update my prompt?': (args) => mineOf(args, 'UPDATE_SYSTEM_PROMPT') !== null,
    'my system prompt?': ({ context, event }) => {
      const row = (event as { output?: PromptRow | null }).output
      return !!row && row.type === 'system' && row.userId === context.user?.id
    },
    'updated?': ({ context, event }) =>
      event.type === 'update.settled' && event.promptId === context.update?.promptId && event.ok,
    'update failed?': ({ context, event }) =>
      event.type === 'update.settled' && event.promptId === context.update?.promptId && !event.ok,
  },
  delays: {
    'auth wait': AUTH_WAIT_MS,
    'update wait': UPDATE_WAIT_MS,
  },
}).createMachine({
  id: 'extensionBridge',
  context: ({ input }) => ({ origin: input.origin, user: null, authSettled: false, update: null }),
  invoke: { id: 'listen to page', src: 'listen to page' },
  on: { 'auth.changed': { actions: 'remember auth' } },
  type: 'parallel',
  states: {
    userData: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'page.message': [{ guard: 'asks for the user?', target: 'waiting' }],
          },
        },
        // Decides at once when auth has: the `always` below; otherwise waits for it, 5 s at most.
        waiting: {
          always: [
            { guard: 'signed in?', target: 'idle', actions: replyUser },
            { guard: 'auth settled?', target: 'idle', actions: replyNoUser },
          ],
          on: {
            'auth.changed': [
              { guard: 'now signed in?', target: 'idle', actions: ['remember auth', replyUser] },
              { guard: 'now settled?', target: 'idle', actions: ['remember auth', replyNoUser] },
              { actions: 'remember auth' },
            ],
          },
          after: {
            'auth wait': {
              target: 'idle',
              actions: [
                replyNoUser,
                { type: 'log error', params: { message: AUTH_TIMEOUT_MESSAGE } },
              ],
            },
          },
        },
      },
    },
    promptsData: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'page.message': { guard: 'asks for my prompts?', target: 'loading' } },
        },
        // A second request while loading is answered by this load's reply.
        loading: {
          invoke: {
            id: 'load prompts data',
            src: 'load prompts data',
            input: ({ context }) => ({ userId: context.user?.id ?? '' }),
            onDone: {
              target: 'idle',
              actions: reply(({ event }) => ({
                type: 'PROMPTS_DATA',
                ...(event as unknown as { output: PromptsData }).output,
              })),
            },
            // Silent (docs/product/errors.md#silent-failures): empty lists, no active prompt.
            onError: {
              target: 'idle',
              actions: [
                reply(() => ({ type: 'PROMPTS_DATA', ...EMPTY_PROMPTS_DATA })),
                {
                  type: 'log error',
                  params: { message: 'Failed to load prompts for the extension' },
                },
              ],
            },
          },
        },
      },
    },
    update: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ update: null }),
          on: {
            'page.message': {
              guard: 'asks to update my prompt?',
              target: 'finding',
              actions: assign({
                update: (args) => {
                  const request = mineOf(args, 'UPDATE_SYSTEM_PROMPT')
                  return request && { promptId: request.promptId, isActive: request.isActive }
                },
              }),
            },
          },
        },
        // The activation needs the prompt's title and content, as its button hands them over.
        finding: {
          invoke: {
            id: 'find prompt',
            src: 'find prompt',
            input: ({ context }) => ({ promptId: context.update?.promptId ?? '' }),
            onDone: [
              {
                guard: 'my system prompt?',
                target: 'activating',
                actions: {
                  type: 'ask activation',
                  params: ({ context, event }) => ({
                    prompt: {
                      id: event.output?.id ?? '',
                      title: event.output?.title ?? '',
                      content: event.output?.content ?? '',
                    },
                    isActive: context.update?.isActive ?? false,
                  }),
                },
              },
              // Not the user's system prompt: a failed update, no answer.
              { target: 'idle' },
            ],
            onError: 'idle',
          },
        },
        activating: {
          on: {
            'update.settled': [
              {
                guard: 'updated?',
                target: 'idle',
                actions: reply(({ context }) => ({
                  type: 'SYSTEM_PROMPT_UPDATED',
                  promptId: context.update?.promptId ?? '',
                  isActive: context.update?.isActive ?? false,
                })),
              },
              // A failed update is silent (docs/product/errors.md#silent-failures).
              { guard: 'update failed?', target: 'idle' },
            ],
          },
          // The activation was busy or the session ended: give up without an answer.
          after: { 'update wait': 'idle' },
        },
      },
    },
  },
})
