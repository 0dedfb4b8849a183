import { type AnyActorLogic, fromPromise } from 'xstate'
import { notProvided } from './not-provided'

/**
 * A child a machine names by its type alone, so that the child's code is not bundled with the
 * machine (docs/performance.md, "Split"). Like every effect, it fails loudly until the app (or
 * a test) provides the real logic with `machine.provide(...)`.
 */
export function providedLater<Logic extends AnyActorLogic>(name: string): Logic {
  return fromPromise(() => Promise.reject(notProvided(name))) as unknown as Logic
}
