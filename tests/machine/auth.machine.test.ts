import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import type { TokenSet, User } from '../../src/domain/auth-types'
import {
  type AuthEvent,
  type AuthInput,
  authMachine,
  msUntilRefresh,
  type RestoredSession,
} from '../../src/machines/auth.machine'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'

const ALICE: User = { id: 'user_alice', email: 'alice@example.com', displayName: 'Alice' }
const BOB: User = { id: 'user_bob', email: 'bob@example.com' }

/** A 900 s token set issued at `issuedAt` seconds on the (simulated) epoch. */
function tokenSet(access: string, issuedAt = 0): TokenSet {
  return {
    access_token: access,
    refresh_token: `refresh-${access}`,
    token_type: 'Bearer',
    expires_in: 900,
    refresh_expires_in: 2_592_000,
    issued_at: issuedAt,
  }
}

/** The SDK's errors carry the HTTP status (0 for a failed request). */
function platformError(status: number, message = `HTTP ${status}`): Error & { status: number } {
  return Object.assign(new Error(message), { status })
}

/** Lets settled promises reach the machine (fakes resolve on the microtask queue). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

interface Fakes {
  inIframe?: boolean
  authRequired?: boolean
  readRedirect?: () => Promise<{ tokens: TokenSet | null }>
  restoreSession?: () => Promise<RestoredSession>
  loadUser?: (tokens: TokenSet) => Promise<User>
  refreshTokens?: () => Promise<TokenSet>
}

/** Starts the auth machine with recording fakes for every effect, on a simulated clock. */
function startAuth(fakes: Fakes = {}) {
  const clock = new SimulatedClock()
  const actions: Array<{ name: string; params?: unknown }> = []
  const calls = { readRedirect: 0, restoreSession: 0, refreshTokens: 0 }
  const loadUserInputs: TokenSet[] = []
  const channels: {
    parent: ((event: AuthEvent) => void) | null
    sdk: ((event: AuthEvent) => void) | null
  } = { parent: null, sdk: null }

  const machine = authMachine.provide({
    actors: {
      'listen to parent': fromCallback(({ sendBack }) => {
        channels.parent = sendBack
        return () => {
          channels.parent = null
        }
      }),
      'read redirect': fromPromise(async () => {
        calls.readRedirect++
        return fakes.readRedirect ? fakes.readRedirect() : { tokens: null }
      }),
      'restore session': fromPromise(async () => {
        calls.restoreSession++
        return fakes.restoreSession ? fakes.restoreSession() : null
      }),
      'load user': fromPromise(async ({ input }: { input: { tokens: TokenSet } }) => {
        loadUserInputs.push(input.tokens)
        return fakes.loadUser ? fakes.loadUser(input.tokens) : ALICE
      }),
      'refresh tokens': fromPromise(async () => {
        calls.refreshTokens++
        return fakes.refreshTokens
          ? fakes.refreshTokens()
          : tokenSet(`refreshed-${calls.refreshTokens}`)
      }),
      'listen to tokens': fromCallback(({ sendBack }) => {
        channels.sdk = sendBack
        return () => {
          channels.sdk = null
        }
      }),
    },
    actions: {
      'redirect to login': () => {
        actions.push({ name: 'redirect to login' })
      },
      'clear tokens': () => {
        actions.push({ name: 'clear tokens' })
      },
      navigate: (_, params: { url: string }) => {
        actions.push({ name: 'navigate', params })
      },
    },
  })
  const actor = createActor(machine, {
    clock,
    input: {
      inIframe: fakes.inIframe ?? false,
      authRequired: fakes.authRequired ?? false,
      now: () => clock.now(),
    },
  })
  actor.start()
  const view = () => {
    const snapshot = actor.getSnapshot()
    if (snapshot.hasTag('signedIn')) return 'signedIn'
    if (snapshot.hasTag('signedOut')) return 'signedOut'
    return snapshot.hasTag('loading') ? 'loading' : 'none'
  }
  const actionNames = () => actions.map((action) => action.name)
  return { actor, clock, actions, actionNames, calls, loadUserInputs, channels, view }
}

/** Signs in through a restored session holding `tokens`. */
async function signedInWith(tokens: TokenSet, fakes: Fakes = {}) {
  const auth = startAuth({ restoreSession: async () => ({ tokens, user: ALICE }), ...fakes })
  await flush()
  expect(auth.view()).toBe('signedIn')
  return auth
}

/** The parent hands over tokens: loading, then the user loaded with them and signed in. */
async function signInFromParent(auth: ReturnType<typeof startAuth>) {
  const parentTokens = tokenSet('from-parent')
  auth.channels.parent?.({ type: 'parent.tokens', tokens: parentTokens })
  expect(auth.view()).toBe('loading')
  await flush()
  expect(auth.loadUserInputs).toEqual([parentTokens])
  expect(auth.view()).toBe('signedIn')
  return parentTokens
}

describe('auth startup order (docs/product/behaviour.md)', () => {
  it('outside an iframe reads the redirect at once, without waiting for a parent', async () => {
    const auth = startAuth()
    expect(auth.view()).toBe('loading')
    expect(auth.calls.readRedirect).toBe(1)
    await flush()
    expect(auth.calls.restoreSession).toBe(1)
    expect(auth.view()).toBe('signedOut')
  })

  it('inside an iframe uses parent tokens that arrive within 100 ms', async () => {
    const auth = startAuth({ inIframe: true })
    auth.clock.increment(99)
    expect(auth.calls.readRedirect).toBe(0)
    const parentTokens = await signInFromParent(auth)
    expect(auth.actor.getSnapshot().context).toMatchObject({ user: ALICE, tokens: parentTokens })
    auth.clock.increment(1000)
    expect(auth.calls.readRedirect).toBe(0)
    expect(auth.calls.restoreSession).toBe(0)
  })

  it('inside an iframe moves on to the redirect exactly at 100 ms', async () => {
    const auth = startAuth({ inIframe: true })
    auth.clock.increment(99)
    expect(auth.calls.readRedirect).toBe(0)
    expect(auth.actor.getSnapshot().matches({ startup: 'waitingForParent' })).toBe(true)
    auth.clock.increment(1)
    expect(auth.calls.readRedirect).toBe(1)
    await flush()
    expect(auth.calls.restoreSession).toBe(1)
  })

  it('signs in with tokens from the redirect and never looks at stored ones', async () => {
    const urlTokens = tokenSet('from-url')
    const auth = startAuth({ readRedirect: async () => ({ tokens: urlTokens }) })
    await flush()
    expect(auth.loadUserInputs).toEqual([urlTokens])
    expect(auth.calls.restoreSession).toBe(0)
    expect(auth.view()).toBe('signedIn')
    expect(auth.actor.getSnapshot().context).toMatchObject({ user: ALICE, tokens: urlTokens })
  })

  it('falls through to stored tokens when the redirect code is refused, remembering why', async () => {
    const stored = tokenSet('stored')
    const auth = startAuth({
      readRedirect: async () => Promise.reject(platformError(400, 'Invalid or expired code')),
      restoreSession: async () => ({ tokens: stored, user: BOB }),
    })
    await flush()
    expect(auth.calls.restoreSession).toBe(1)
    expect(auth.view()).toBe('signedIn')
    expect(auth.actor.getSnapshot().context).toMatchObject({ user: BOB, tokens: stored })
  })

  it('keeps the redirect error in context when nothing else signs the user in', async () => {
    const auth = startAuth({
      readRedirect: async () => Promise.reject(platformError(400, 'Invalid or expired code')),
    })
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actor.getSnapshot().context.error).toBe('Invalid or expired code')
  })

  it('restores a stored session', async () => {
    const stored = tokenSet('stored')
    const auth = startAuth({ restoreSession: async () => ({ tokens: stored, user: ALICE }) })
    expect(auth.view()).toBe('loading')
    await flush()
    expect(auth.view()).toBe('signedIn')
    expect(auth.actor.getSnapshot().context).toMatchObject({ user: ALICE, tokens: stored })
    expect(auth.loadUserInputs).toEqual([])
  })

  it('with nothing stored and auth not required, shows the signed-out landing without redirecting', async () => {
    const auth = startAuth({ authRequired: false })
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actions).toEqual([])
  })

  it('with nothing stored and auth required, redirects to login once', async () => {
    const auth = startAuth({ authRequired: true })
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual(['redirect to login'])
  })

  it('clears a dead session (401) before redirecting', async () => {
    const auth = startAuth({
      authRequired: true,
      restoreSession: async () => Promise.reject(platformError(401, 'Invalid token')),
    })
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual(['clear tokens', 'redirect to login'])
  })

  it('clears a dead session (401) without redirecting when auth is optional', async () => {
    const auth = startAuth({
      restoreSession: async () => Promise.reject(platformError(401, 'Invalid token')),
    })
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual(['clear tokens'])
  })

  it('keeps stored tokens when restoring fails for another reason (offline)', async () => {
    const auth = startAuth({
      restoreSession: async () =>
        Promise.reject(platformError(0, 'Network request failed: offline')),
    })
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual([])
    expect(auth.actor.getSnapshot().context.error).toBe('Network request failed: offline')
  })

  it('clears tokens and signs out when loading the user fails', async () => {
    const auth = startAuth({
      authRequired: true,
      readRedirect: async () => ({ tokens: tokenSet('from-url') }),
      loadUser: async () => Promise.reject(platformError(500, 'Failed to fetch user')),
    })
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual(['clear tokens', 'redirect to login'])
    expect(auth.actor.getSnapshot().context).toMatchObject({ user: null, tokens: null })
  })

  it('fails loudly when an effect was not provided', async () => {
    const machine = authMachine.provide({
      actors: {
        'listen to parent': fromCallback(() => () => {}),
        'restore session': fromPromise<RestoredSession>(async () => null),
      },
    })
    const actor = createActor(machine, { input: { inIframe: false, authRequired: false } })
    actor.start()
    await flush()
    expect(actor.getSnapshot().context.error).toBe("'read redirect' not provided")
  })
})

describe('token refresh while signed in', () => {
  it('refreshes exactly 30 s before expiry, not a millisecond earlier', async () => {
    const auth = await signedInWith(tokenSet('stored', 0))
    auth.clock.increment(869_999)
    expect(auth.calls.refreshTokens).toBe(0)
    auth.clock.increment(1)
    expect(auth.calls.refreshTokens).toBe(1)
    expect(auth.actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(auth.view()).toBe('signedIn')
  })

  it('refreshes at once when the stored tokens are already past their margin', async () => {
    const auth = await signedInWith(tokenSet('stale', -880))
    expect(auth.calls.refreshTokens).toBe(0)
    auth.clock.increment(0)
    expect(auth.calls.refreshTokens).toBe(1)
  })

  it('stores refreshed tokens and schedules the next refresh from them', async () => {
    const next = tokenSet('next', 870)
    const auth = await signedInWith(tokenSet('stored', 0), { refreshTokens: async () => next })
    auth.clock.increment(870_000)
    await flush()
    const snapshot = auth.actor.getSnapshot()
    expect(snapshot.context.tokens).toEqual(next)
    expect(snapshot.hasTag('busy')).toBe(false)
    // Next due: (870 + 900 - 30) s = 1_740_000 ms on the clock.
    auth.clock.increment(869_999)
    expect(auth.calls.refreshTokens).toBe(1)
    auth.clock.increment(1)
    expect(auth.calls.refreshTokens).toBe(2)
  })

  it('on a refused refresh token (401) clears tokens and signs out without redirecting by default', async () => {
    const auth = await signedInWith(tokenSet('stored'), {
      refreshTokens: async () => Promise.reject(platformError(401, 'Invalid refresh token')),
    })
    auth.clock.increment(870_000)
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual(['clear tokens'])
    expect(auth.actor.getSnapshot().context).toMatchObject({ user: null, tokens: null })
  })

  it('on a refused refresh token (401) redirects to login when auth is required', async () => {
    const auth = await signedInWith(tokenSet('stored'), {
      authRequired: true,
      refreshTokens: async () => Promise.reject(platformError(401, 'Invalid refresh token')),
    })
    auth.clock.increment(870_000)
    await flush()
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual(['clear tokens', 'redirect to login'])
  })

  it('retries a failed refresh after 5 s and stays signed in meanwhile', async () => {
    let attempt = 0
    const recovered = tokenSet('recovered', 875)
    const auth = await signedInWith(tokenSet('stored'), {
      refreshTokens: async () => {
        attempt++
        if (attempt === 1) throw platformError(0, 'Network request failed: offline')
        return recovered
      },
    })
    auth.clock.increment(870_000)
    await flush()
    expect(auth.view()).toBe('signedIn')
    expect(auth.actor.getSnapshot().hasTag('busy')).toBe(false)
    expect(auth.actionNames()).toEqual([])
    auth.clock.increment(4_999)
    expect(auth.calls.refreshTokens).toBe(1)
    auth.clock.increment(1)
    expect(auth.calls.refreshTokens).toBe(2)
    await flush()
    expect(auth.actor.getSnapshot().context.tokens).toEqual(recovered)
  })

  it('adopts tokens the SDK refreshed on its own and reschedules from them', async () => {
    const auth = await signedInWith(tokenSet('stored', 0))
    auth.clock.increment(800_000)
    const fresh = tokenSet('sdk-refreshed', 800)
    auth.channels.sdk?.({ type: 'tokens.refreshed', tokens: fresh })
    expect(auth.actor.getSnapshot().context.tokens).toEqual(fresh)
    // The old due time (870 s) passes quietly; the new one is (800 + 870) s.
    auth.clock.increment(70_000)
    expect(auth.calls.refreshTokens).toBe(0)
    auth.clock.increment(799_999)
    expect(auth.calls.refreshTokens).toBe(0)
    auth.clock.increment(1)
    expect(auth.calls.refreshTokens).toBe(1)
  })

  it('listens to the SDK only while signed in', async () => {
    const auth = await signedInWith(tokenSet('stored'))
    expect(auth.channels.sdk).not.toBeNull()
    auth.actor.send({ type: 'auth.logout' })
    expect(auth.channels.sdk).toBeNull()
  })

  it('replaces the user on user.updated', async () => {
    const auth = await signedInWith(tokenSet('stored'))
    const renamed = { ...ALICE, displayName: 'Alice Liddell' }
    auth.actor.send({ type: 'user.updated', user: renamed })
    expect(auth.actor.getSnapshot().context.user).toEqual(renamed)
    expect(auth.view()).toBe('signedIn')
  })

  it('computes the refresh delay from issued_at, expires_in and the margin', () => {
    expect(msUntilRefresh(tokenSet('t', 1_000), 1_000_000)).toBe(870_000)
    expect(msUntilRefresh(tokenSet('t', 0), 10_000_000)).toBe(0)
  })
})

describe('logout and the parent window', () => {
  it('logout clears tokens and signs out without redirecting, even when auth is required', async () => {
    const auth = await signedInWith(tokenSet('stored'), { authRequired: true })
    auth.actor.send({ type: 'auth.logout' })
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual(['clear tokens'])
    expect(auth.actor.getSnapshot().context).toMatchObject({ user: null, tokens: null })
    auth.clock.increment(10_000_000)
    expect(auth.calls.refreshTokens).toBe(0)
  })

  it('logout with redirectTo navigates there after clearing tokens', async () => {
    const auth = await signedInWith(tokenSet('stored'))
    auth.actor.send({ type: 'auth.logout', redirectTo: 'https://example.com/goodbye' })
    expect(auth.view()).toBe('signedOut')
    expect(auth.actions).toEqual([
      { name: 'clear tokens' },
      { name: 'navigate', params: { url: 'https://example.com/goodbye' } },
    ])
  })

  it("honours the parent's logout while signed in, without navigating", async () => {
    const stored = tokenSet('stored')
    const auth = startAuth({
      inIframe: true,
      restoreSession: async () => ({ tokens: stored, user: ALICE }),
    })
    auth.clock.increment(100)
    await flush()
    expect(auth.view()).toBe('signedIn')
    auth.channels.parent?.({ type: 'parent.logout' })
    expect(auth.view()).toBe('signedOut')
    expect(auth.actionNames()).toEqual(['clear tokens'])
  })

  it("honours the parent's logout during startup", async () => {
    const auth = startAuth({ inIframe: true })
    auth.channels.parent?.({ type: 'parent.logout' })
    expect(auth.view()).toBe('signedOut')
    auth.clock.increment(100)
    expect(auth.calls.readRedirect).toBe(0)
  })

  it('signs in with parent tokens while signed out', async () => {
    const auth = startAuth()
    await flush()
    expect(auth.view()).toBe('signedOut')
    await signInFromParent(auth)
  })

  it('lets the parent switch the signed-in account', async () => {
    const auth = await signedInWith(tokenSet('stored'), { loadUser: async () => BOB })
    const bobTokens = tokenSet('bob')
    auth.channels.parent?.({ type: 'parent.tokens', tokens: bobTokens })
    await flush()
    expect(auth.actor.getSnapshot().context).toMatchObject({ user: BOB, tokens: bobTokens })
  })

  it('sends the user to the login page on auth.login while signed out', async () => {
    const auth = startAuth()
    await flush()
    auth.actor.send({ type: 'auth.login' })
    expect(auth.actionNames()).toEqual(['redirect to login'])
  })
})

// ---------------------------------------------------------------------------------------------
// Model-based test: every transition of the machine is walked on a real actor.

const URL_TOKENS = tokenSet('url')
const MODEL_EVENTS: ModelEvent[] = [
  { type: 'parent.tokens', tokens: tokenSet('parent') },
  { type: 'parent.logout' },
  { type: 'auth.login' },
  { type: 'auth.logout' },
  { type: 'auth.logout', redirectTo: 'https://example.com/bye' },
  { type: 'tokens.refreshed', tokens: tokenSet('sdk', 600) },
  { type: 'user.updated', user: BOB },
  { type: 'xstate.done.actor.redirectReader', output: { tokens: URL_TOKENS } },
  { type: 'xstate.done.actor.redirectReader', output: { tokens: null } },
  { type: 'xstate.error.actor.redirectReader', error: platformError(400, 'Invalid code') },
  { type: 'xstate.done.actor.sessionRestorer', output: { tokens: URL_TOKENS, user: ALICE } },
  { type: 'xstate.done.actor.sessionRestorer', output: null },
  { type: 'xstate.error.actor.sessionRestorer', error: platformError(401) },
  { type: 'xstate.error.actor.sessionRestorer', error: platformError(0) },
  { type: 'xstate.done.actor.userLoader', output: ALICE },
  { type: 'xstate.error.actor.userLoader', error: platformError(500) },
  { type: 'xstate.done.actor.tokenRefresher', output: tokenSet('rotated', 870) },
  { type: 'xstate.error.actor.tokenRefresher', error: platformError(401) },
  { type: 'xstate.error.actor.tokenRefresher', error: platformError(0) },
]

const VIEW_TAGS = ['loading', 'signedIn', 'signedOut', 'busy'] as const
const SCREEN_TAGS = ['loading', 'signedIn', 'signedOut'] as const

describe('auth machine model', () => {
  const inputs = [
    { inIframe: false, authRequired: false },
    { inIframe: false, authRequired: true },
    { inIframe: true, authRequired: false },
    { inIframe: true, authRequired: true },
  ]

  it('walks every declared transition on a real actor, with the tags the views read', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: authMachine,
      inputs,
      events: MODEL_EVENTS,
      // One vertex per state value keeps the walk small; guards read only the input and events.
      serialize: (snapshot) => JSON.stringify(snapshot.value),
      tags: VIEW_TAGS,
      deferredActors: ['read redirect', 'restore session', 'load user', 'refresh tokens'],
      noopActions: ['redirect to login', 'clear tokens', 'navigate'],
      fixedActors: {
        'listen to parent': fromCallback(() => () => {}),
        'listen to tokens': fromCallback(() => () => {}),
      },
      actorInput: ({ input, clock }) => ({ ...(input as AuthInput), now: () => clock.now() }),
      delays: {
        'parent grace period': 100,
        'refresh retry': 5000,
        'refresh due': (snapshot, clock) =>
          msUntilRefresh(snapshot.context.tokens as TokenSet, clock.now()),
      },
      check: ({ snapshot, where }) => {
        // The root view shows exactly one of its three screens.
        const screens = SCREEN_TAGS.filter((tag) => snapshot.hasTag(tag))
        expect(screens, where).toHaveLength(1)
      },
    })
    expect(replays).toBeGreaterThan(20)
    expect(missing).toEqual([])
  })
})
