import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  fromCallback,
  fromPromise,
  setup,
} from 'xstate'
import { refreshDueAtMs, type TokenSet, type User } from '../domain/auth-types'
import { notProvided } from './not-provided'

/** How long an embedded app waits for its parent window to hand over tokens (docs/product/behaviour.md). */
export const PARENT_GRACE_PERIOD_MS = 100
/** Wait before retrying a refresh that failed for a reason other than a refused token. */
export const REFRESH_RETRY_MS = 5000

export interface AuthInput {
  inIframe: boolean
  authRequired: boolean
  /** Milliseconds clock; tests pass the simulated clock so refresh scheduling is deterministic. */
  now?: () => number
}

export interface AuthContext {
  user: User | null
  tokens: TokenSet | null
  error: string | null
  inIframe: boolean
  authRequired: boolean
  now: () => number
}

export type AuthEvent =
  | { type: 'auth.login' }
  | { type: 'auth.logout'; redirectTo?: string }
  | { type: 'parent.tokens'; tokens: TokenSet }
  | { type: 'parent.logout' }
  | { type: 'tokens.refreshed'; tokens: TokenSet }
  | { type: 'user.updated'; user: User }

export type RestoredSession = { tokens: TokenSet; user: User } | null

/**
 * Milliseconds from `nowMs` until the refresh is due: expiry minus the SDK's margin, never
 * negative. This machine is the only timer; the SDK only refreshes on demand
 * (docs/architecture.md, "Who owns the tokens").
 */
export function msUntilRefresh(tokens: TokenSet, nowMs: number): number {
  return Math.max(0, refreshDueAtMs(tokens) - nowMs)
}

function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const { status } = error as { status: unknown }
    return typeof status === 'number' ? status : undefined
  }
  return undefined
}

// Invocation failures arrive as error events, which `setup` does not list among AuthEvent.
function errorOf(event: AuthEvent): unknown {
  return (event as unknown as ErrorActorEvent).error
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export const authMachine = setup({
  types: {
    input: {} as AuthInput,
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    'listen to parent': fromCallback<AuthEvent>(() => {
      throw notProvided('listen to parent')
    }),
    'read redirect': fromPromise<{ tokens: TokenSet | null }>(async () => {
      throw notProvided('read redirect')
    }),
    'restore session': fromPromise<RestoredSession>(async () => {
      throw notProvided('restore session')
    }),
    'load user': fromPromise<User, { tokens: TokenSet }>(async () => {
      throw notProvided('load user')
    }),
    'refresh tokens': fromPromise<TokenSet>(async () => {
      throw notProvided('refresh tokens')
    }),
    'listen to tokens': fromCallback<AuthEvent>(() => {
      throw notProvided('listen to tokens')
    }),
  },
  actions: {
    'redirect to login': () => {
      throw notProvided('redirect to login')
    },
    'clear tokens': () => {
      throw notProvided('clear tokens')
    },
    navigate: (_, _params: { url: string }) => {
      throw notProvided('navigate')
    },
    'forget session': assign({ tokens: null, user: null }),
    'remember error': assign({ error: ({ event }) => messageOf(errorOf(event)) }),
  },
  guards: {
    'in iframe?': ({ context }) => context.inIframe,
    // Invocation results arrive as done events, which `setup` does not list among AuthEvent either.
    'redirect had tokens?': ({ event }) =>
      (event as unknown as DoneActorEvent<{ tokens: TokenSet | null }>).output.tokens !== null,
    'session restored?': ({ event }) =>
      (event as unknown as DoneActorEvent<RestoredSession>).output !== null,
    'login required?': ({ context }) => context.authRequired,
    'session dead?': ({ event }) => statusOf(errorOf(event)) === 401,
    'has redirect target?': ({ event }) => event.type === 'auth.logout' && !!event.redirectTo,
  },
  delays: {
    'parent grace period': PARENT_GRACE_PERIOD_MS,
    'refresh due': ({ context }) =>
      context.tokens ? msUntilRefresh(context.tokens, context.now()) : 0,
    'refresh retry': REFRESH_RETRY_MS,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    user: null,
    tokens: null,
    error: null,
    inIframe: input.inIframe,
    authRequired: input.authRequired,
    now: input.now ?? Date.now,
  }),
  // The parent window may speak at any time, so it is heard for the machine's whole life.
  invoke: { id: 'parentListener', src: 'listen to parent' },
  on: {
    'parent.tokens': {
      target: '.startup.loadingUser',
      actions: assign({ tokens: ({ event }) => event.tokens }),
    },
    'parent.logout': {
      target: '.signedOut.loggedOut',
      actions: ['clear tokens', 'forget session'],
    },
  },
  initial: 'startup',
  states: {
    // docs/product/behaviour.md startup order: parent window, then the URL, then stored tokens.
    startup: {
      tags: 'loading',
      initial: 'checkingFrame',
      states: {
        checkingFrame: {
          always: [
            { guard: 'in iframe?', target: 'waitingForParent' },
            { target: 'readingRedirect' },
          ],
        },
        waitingForParent: {
          after: { 'parent grace period': 'readingRedirect' },
        },
        readingRedirect: {
          invoke: {
            id: 'redirectReader',
            src: 'read redirect',
            onDone: [
              {
                guard: 'redirect had tokens?',
                target: 'loadingUser',
                actions: assign({ tokens: ({ event }) => event.output.tokens }),
              },
              { target: 'restoringSession' },
            ],
            // A bad or expired one-time code is not fatal: stored tokens may still work.
            onError: { target: 'restoringSession', actions: 'remember error' },
          },
        },
        restoringSession: {
          invoke: {
            id: 'sessionRestorer',
            src: 'restore session',
            onDone: [
              {
                guard: 'session restored?',
                target: '#auth.signedIn',
                actions: assign(({ event }) => ({
                  tokens: event.output?.tokens ?? null,
                  user: event.output?.user ?? null,
                  error: null,
                })),
              },
              { target: '#auth.signedOut' },
            ],
            onError: [
              { guard: 'session dead?', target: '#auth.signedOut', actions: 'clear tokens' },
              // Anything else (e.g. offline) keeps the stored tokens for the next visit.
              { target: '#auth.signedOut', actions: 'remember error' },
            ],
          },
        },
        loadingUser: {
          invoke: {
            id: 'userLoader',
            src: 'load user',
            input: ({ context }) => ({ tokens: context.tokens as TokenSet }),
            onDone: {
              target: '#auth.signedIn',
              actions: assign({ user: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: '#auth.signedOut',
              actions: ['clear tokens', 'forget session', 'remember error'],
            },
          },
        },
      },
    },
    signedIn: {
      tags: 'signedIn',
      // The SDK may refresh on its own (another caller's single-flight refresh).
      invoke: { id: 'tokenListener', src: 'listen to tokens' },
      initial: 'waitingToRefresh',
      on: {
        'tokens.refreshed': {
          target: '.waitingToRefresh',
          reenter: true,
          actions: assign({ tokens: ({ event }) => event.tokens }),
        },
        'user.updated': { actions: assign({ user: ({ event }) => event.user }) },
        // An explicit logout never sends the user back to the login page by itself.
        'auth.logout': [
          {
            guard: 'has redirect target?',
            target: '#auth.signedOut.loggedOut',
            actions: [
              'clear tokens',
              'forget session',
              {
                type: 'navigate',
                params: ({ event }) => ({ url: event.redirectTo ?? '' }),
              },
            ],
          },
          { target: '#auth.signedOut.loggedOut', actions: ['clear tokens', 'forget session'] },
        ],
      },
      states: {
        waitingToRefresh: {
          after: { 'refresh due': 'refreshing' },
        },
        refreshing: {
          tags: 'busy',
          invoke: {
            id: 'tokenRefresher',
            src: 'refresh tokens',
            onDone: {
              target: 'waitingToRefresh',
              actions: assign({ tokens: ({ event }) => event.output }),
            },
            onError: [
              {
                guard: 'session dead?',
                target: '#auth.signedOut',
                actions: ['clear tokens', 'forget session'],
              },
              { target: 'waitingToRetry', actions: 'remember error' },
            ],
          },
        },
        waitingToRetry: {
          after: { 'refresh retry': 'refreshing' },
        },
      },
    },
    signedOut: {
      tags: 'signedOut',
      initial: 'sessionMissing',
      on: {
        'auth.login': { actions: 'redirect to login' },
      },
      states: {
        // Reached when startup found nobody or the session died: login may be required.
        sessionMissing: {
          always: { guard: 'login required?', target: 'redirectingToLogin' },
        },
        redirectingToLogin: {
          entry: 'redirect to login',
        },
        // Reached by an explicit logout (ours or the parent's).
        loggedOut: {},
      },
    },
  },
})
