import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import { authMachine } from '../../src/machines/auth.machine'
import { type AuthActorLike, waitForUser } from '../../src/machines/wait-for-user'
import type { TokenSet, User } from '../../src/platform/types'

const ALICE: User = { id: 'user_alice', email: 'alice@example.com' }
const TOKENS: TokenSet = {
  access_token: 'access',
  token_type: 'Bearer',
  expires_in: 900,
  issued_at: 0,
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

/** An auth actor whose stored-session check settles only when the test says so. */
async function authWithPendingSession() {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined
  let unsubscribed = 0
  const machine = authMachine.provide({
    actors: {
      'listen to parent': fromCallback(() => () => {}),
      'listen to tokens': fromCallback(() => () => {}),
      'read redirect': fromPromise<{ tokens: TokenSet | null }>(async () => ({ tokens: null })),
      'restore session': fromPromise(
        () =>
          new Promise((resolve, reject) => {
            settle = { resolve, reject }
          }),
      ) as never,
    },
    actions: { 'clear tokens': () => {}, 'redirect to login': () => {} },
  })
  const actor = createActor(machine, { input: { inIframe: false, authRequired: false } })
  actor.start()
  await flush() // the redirect check settles; the stored-session check stays pending
  if (!settle) throw new Error('restore session was not invoked')
  const pending = settle
  // The same actor, counting unsubscriptions so each outcome can be checked for leaks.
  const tracked: AuthActorLike = {
    getSnapshot: () => actor.getSnapshot(),
    subscribe: (observer) => {
      const subscription = actor.subscribe(observer)
      return {
        unsubscribe: () => {
          unsubscribed++
          subscription.unsubscribe()
        },
      }
    },
  }
  return {
    actor: tracked,
    realActor: actor,
    restore: (value: unknown) => pending.resolve(value),
    fail: (error: unknown) => pending.reject(error),
    unsubscribed: () => unsubscribed,
  }
}

/** Records how a promise ended without awaiting it, so pending can be asserted. */
function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = {
    status: 'pending',
  }
  promise.then(
    (value) => Object.assign(state, { status: 'resolved', value }),
    (error) => Object.assign(state, { status: 'rejected', error }),
  )
  return state
}

describe('waitForUser', () => {
  it('resolves with the user once signed in, and stops listening', async () => {
    const clock = new SimulatedClock()
    const auth = await authWithPendingSession()
    const outcome = track(waitForUser(auth.actor, { clock }))
    await flush()
    expect(outcome.status).toBe('pending')
    auth.restore({ tokens: TOKENS, user: ALICE })
    await flush()
    expect(outcome).toEqual({ status: 'resolved', value: ALICE })
    expect(auth.unsubscribed()).toBe(1)
    // The timeout was cleared: time passing changes nothing.
    clock.increment(10_000)
    await flush()
    expect(outcome.status).toBe('resolved')
  })

  it('resolves at once when already signed in', async () => {
    const auth = await authWithPendingSession()
    auth.restore({ tokens: TOKENS, user: ALICE })
    await flush()
    // The real auth actor satisfies the helper's parameter type as it is.
    await expect(waitForUser(auth.realActor)).resolves.toEqual(ALICE)
  })

  it("rejects with 'Not authenticated' when the user turns out to be signed out", async () => {
    const auth = await authWithPendingSession()
    const outcome = track(waitForUser(auth.actor, { clock: new SimulatedClock() }))
    auth.restore(null)
    await flush()
    expect(outcome.status).toBe('rejected')
    expect(outcome.error).toEqual(new Error('Not authenticated'))
    expect(auth.unsubscribed()).toBe(1)
  })

  it("rejects with 'Not authenticated' at once when already signed out", async () => {
    const auth = await authWithPendingSession()
    auth.fail(Object.assign(new Error('Invalid token'), { status: 401 }))
    await flush()
    await expect(waitForUser(auth.actor, { clock: new SimulatedClock() })).rejects.toThrow(
      /^Not authenticated$/,
    )
  })

  it('times out after exactly 5 s while still loading', async () => {
    const clock = new SimulatedClock()
    const auth = await authWithPendingSession()
    const outcome = track(waitForUser(auth.actor, { clock }))
    clock.increment(4_999)
    await flush()
    expect(outcome.status).toBe('pending')
    clock.increment(1)
    await flush()
    expect(outcome.status).toBe('rejected')
    expect(outcome.error).toEqual(new Error('Authentication timeout - no user available'))
    expect(auth.unsubscribed()).toBe(1)
    // A late sign-in no longer matters.
    auth.restore({ tokens: TOKENS, user: ALICE })
    await flush()
    expect(outcome.status).toBe('rejected')
  })

  it('honours a custom timeout', async () => {
    const clock = new SimulatedClock()
    const auth = await authWithPendingSession()
    const outcome = track(waitForUser(auth.actor, { clock, timeoutMs: 50 }))
    clock.increment(50)
    await flush()
    expect(outcome.error).toEqual(new Error('Authentication timeout - no user available'))
  })
})
