import type { AnyActorLogic } from 'xstate'

/**
 * Actor logic whose code arrives after the machine that invokes it was created
 * (docs/performance.md, "Split"). XState calls a logic only when an actor of it starts and
 * runs, so the app machine can be provided with this at once and invoke it after its
 * `load session` step has called `fill` with the real logic.
 */
function deferredLogic<Logic extends AnyActorLogic>(name: string) {
  let real: Logic | undefined
  const use = (): Logic => {
    if (!real) throw new Error(`'${name}' started before its code loaded`)
    return real
  }
  const logic: AnyActorLogic = {
    transition: (snapshot, event, scope) => use().transition(snapshot, event, scope),
    getInitialSnapshot: (scope, input) => use().getInitialSnapshot(scope, input),
    restoreSnapshot: (snapshot, scope) => {
      const loaded = use()
      return loaded.restoreSnapshot ? loaded.restoreSnapshot(snapshot, scope) : snapshot
    },
    start: (snapshot, scope) => use().start?.(snapshot, scope),
    getPersistedSnapshot: (snapshot, options) => use().getPersistedSnapshot(snapshot, options),
  }
  return {
    logic: logic as Logic,
    fill: (loaded: Logic) => {
      real = loaded
    },
  }
}

/** A stand-in for each of several actors' logic, filled together when their code has loaded. */
export function deferredActors<Actors extends Record<string, AnyActorLogic>>(
  names: readonly (keyof Actors & string)[],
) {
  const standIns = names.map((name) => [name, deferredLogic(name)] as const)
  return {
    logic: Object.fromEntries(standIns.map(([name, standIn]) => [name, standIn.logic])) as Actors,
    fill: (loaded: Actors) => {
      for (const [name, standIn] of standIns) standIn.fill(loaded[name] as AnyActorLogic)
    },
  }
}
