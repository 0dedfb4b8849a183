import type { User } from '../platform/types'

/** Spec §8.3: how long a caller waits for the auth state to settle. */
export const WAIT_FOR_USER_TIMEOUT_MS = 5000

/** The slice of an auth actor this helper reads (the real one is `createActor(authMachine)`). */
export interface AuthActorLike {
  getSnapshot(): {
    hasTag(tag: 'signedIn' | 'signedOut' | 'loading'): boolean
    context: { user: User | null }
  }
  subscribe(observer: (snapshot: unknown) => void): { unsubscribe(): void }
}

/** Timer functions; method syntax keeps both globalThis timers and xstate's SimulatedClock assignable. */
export interface TimerClock {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
}

const realTimers: TimerClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
}

/** Resolves with the user once signed in; rejects when signed out or still loading after the timeout. */
export function waitForUser(
  authActor: AuthActorLike,
  options: { timeoutMs?: number; clock?: TimerClock } = {},
): Promise<User> {
  const { timeoutMs = WAIT_FOR_USER_TIMEOUT_MS, clock = realTimers } = options
  return new Promise<User>((resolve, reject) => {
    let settled = false
    let timer: unknown
    let subscription: { unsubscribe(): void } | undefined

    const finish = (outcome: () => void) => {
      if (settled) return
      settled = true
      subscription?.unsubscribe()
      if (timer !== undefined) clock.clearTimeout(timer)
      outcome()
    }

    const check = () => {
      const snapshot = authActor.getSnapshot()
      const user = snapshot.context.user
      if (snapshot.hasTag('signedIn') && user) finish(() => resolve(user))
      else if (snapshot.hasTag('signedOut')) finish(() => reject(new Error('Not authenticated')))
    }

    check()
    if (settled) return
    subscription = authActor.subscribe(check)
    timer = clock.setTimeout(
      () => finish(() => reject(new Error('Authentication timeout - no user available'))),
      timeoutMs,
    )
  })
}
