import { expect } from 'vitest'
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, toDirectedGraph } from 'xstate/graph'

/** A model event: a user event, or an invoked actor's done/error event with its payload. */
export type ModelEvent = { type: string; [key: string]: unknown }
type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void }

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Identifies a transition by where it is declared, so two instances of one config agree. */
function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? source.always : source.transitions.get(eventType)
  return `${source.id} on ${JSON.stringify(eventType)} #${siblings?.indexOf(transition)}`
}

/** Every transition the machine declares: toDirectedGraph's edges plus eventless ones. */
function declaredTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>()
  const visit = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const edge of node.edges) keys.add(transitionKey(edge.transition))
    for (const transition of node.stateNode.always ?? []) keys.add(transitionKey(transition))
    for (const child of node.children) visit(child)
  }
  visit(toDirectedGraph(machine))
  return keys
}

export interface WalkOptions {
  /** The machine as the graph sees it (effects unprovided). */
  machine: AnyStateMachine
  /** The same machine with its effects supplied: promise actors by `deferred`, actions recorded. */
  provide: (deferred: ReturnType<typeof fromPromise>) => AnyStateMachine
  input?: unknown
  events: ModelEvent[]
  /** One vertex per distinct value of this: the state plus whatever the guards read. */
  serialize: (snapshot: AnyMachineSnapshot) => string
  tags: readonly string[]
  /** Checked after every replay with the ids of the promise actors it started, in order. */
  checkEffects?: (started: string[], where: string) => void
}

/**
 * Walks every transition of the adjacency map on a real actor: for each vertex, replays the
 * shortest path to it and then each event it accepts, settling invoked promises on demand, and
 * compares state and tags with the model. Fails when a declared transition was never taken.
 */
export async function walkEveryTransition(options: WalkOptions) {
  const walked = new Set<string>()
  const traversal = {
    input: options.input,
    events: () => options.events as EventObject[],
    serializeState: (s: AnyMachineSnapshot) => options.serialize(s),
  }
  const paths = getShortestPaths(options.machine, traversal as never) as Array<{
    state: AnyMachineSnapshot
    steps: Array<{ event: EventObject }>
  }>
  const pathTo = new Map(paths.map((path) => [traversal.serializeState(path.state), path]))
  let replays = 0
  for (const { state: vertex, transitions } of Object.values(
    getAdjacencyMap(options.machine, traversal as never),
  ) as Array<{
    state: AnyMachineSnapshot
    transitions: Record<string, { event: ModelEvent; state: AnyMachineSnapshot }>
  }>) {
    const path = pathTo.get(traversal.serializeState(vertex))
    expect(path, `a path reaches ${traversal.serializeState(vertex)}`).toBeDefined()
    if (!path) continue
    const prefix = path.steps
      .map((step) => step.event as ModelEvent)
      .filter((event) => event.type !== 'xstate.init')
    for (const { event, state: expected } of Object.values(transitions)) {
      if (!path.state.can(event)) continue
      const where = `${prefix.map((e) => e.type).join(' > ')} > ${event.type}`
      const { snapshot, started } = await replay(options, [...prefix, event], walked)
      replays++
      expect(snapshot.value, where).toEqual(expected.value)
      for (const tag of options.tags)
        expect(snapshot.hasTag(tag), `${where}: ${tag}`).toBe(expected.hasTag(tag))
      options.checkEffects?.(started, where)
    }
  }
  const missing = [...declaredTransitions(options.machine)].filter((key) => !walked.has(key))
  return { replays, missing }
}

async function replay(options: WalkOptions, events: ModelEvent[], walked: Set<string>) {
  const pending = new Map<string, Deferred>()
  const started: string[] = []
  const deferred = fromPromise(
    ({ self }) =>
      new Promise((resolve, reject) => {
        started.push(self.id)
        pending.set(self.id, { resolve, reject })
      }),
  )
  const actor = createActor(options.provide(deferred), {
    input: options.input,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        for (const transition of (
          inspection as unknown as { _transitions: AnyTransitionDefinition[] }
        )._transitions)
          walked.add(transitionKey(transition))
      }
    },
  })
  actor.start()
  for (const event of events) {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type)?.[1]
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type)?.[1]
    const id = done ?? failed
    if (id) {
      const waiting = pending.get(id)
      expect(waiting, `actor ${id} is running`).toBeDefined()
      pending.delete(id)
      if (done) waiting?.resolve(event.output)
      else waiting?.reject(event.error)
      await flush()
    } else actor.send(event as never)
  }
  const snapshot = actor.getSnapshot()
  actor.stop()
  return { snapshot, started }
}
