import { expect } from 'vitest'
import {
  type AnyActorLogic,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, getStateNodes, toDirectedGraph } from 'xstate/graph'

/** A model event: a user event, an invoked actor settling, or a named delay elapsing. */
export type ModelEvent = { type: string; [key: string]: unknown }

interface Deferred {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Identifies a transition by where it is declared, so two instances of one config agree. */
function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? source.always : source.transitions.get(eventType)
  return `${source.id} on ${JSON.stringify(eventType)} #${siblings?.indexOf(transition)}`
}

/** Every transition the machine declares: toDirectedGraph's edges plus eventless ones. */
export function declaredTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>()
  const visit = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const edge of node.edges) keys.add(transitionKey(edge.transition))
    for (const transition of node.stateNode.always ?? []) keys.add(transitionKey(transition))
    for (const child of node.children) visit(child)
  }
  visit(toDirectedGraph(machine))
  return keys
}

interface WalkOptions {
  machine: AnyStateMachine
  input?: unknown
  /** User events plus `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events. */
  events: ModelEvent[]
  /** Names of every actor and action the machine leaves to its binding. */
  actors: string[]
  actions: string[]
  delays: Record<string, number>
  /** Tells apart states whose guards see different context (e.g. a blank and a full draft). */
  serialize: (snapshot: { value: unknown; context: unknown }) => string
  tags: readonly string[]
}

/**
 * Walks every transition of the model: for each state reached by a shortest path, replays the
 * path plus each enabled event on a real actor whose effects wait for the model to settle
 * them, and compares state value and tags. Returns the declared transitions never taken.
 */
export async function walkEveryTransition(
  options: WalkOptions,
): Promise<{ missing: string[]; replays: number }> {
  const { machine } = options
  const walked = new Set<string>()
  const delayed: ModelEvent[] = getStateNodes(machine.root).flatMap((node) =>
    node.after.map(({ eventType }) => ({ type: eventType })),
  )
  const traversal = {
    input: options.input,
    events: () => [...options.events, ...delayed] as never[],
    serializeState: options.serialize as never,
  }
  const paths = getShortestPaths(machine, traversal)
  const pathTo = new Map(paths.map((path) => [options.serialize(path.state), path]))
  // The start itself (eventless transitions out of the initial state).
  const initial = createActor(machine, { input: options.input } as never).getSnapshot()
  expect((await replay(options, [], walked)).value).toEqual(initial.value)
  let replays = 1
  for (const { state: vertex, transitions } of Object.values(getAdjacencyMap(machine, traversal))) {
    const path = pathTo.get(options.serialize(vertex as never))
    expect(path, `a path reaches ${JSON.stringify(vertex.value)}`).toBeDefined()
    if (!path) continue
    const prefix = path.steps
      .map((s) => s.event as ModelEvent)
      .filter((e) => e.type !== 'xstate.init')
    for (const { event, state: expected } of Object.values(transitions) as Array<{
      event: ModelEvent
      state: { value: unknown; hasTag(tag: string): boolean }
    }>) {
      if (!path.state.can(event as never)) continue
      const actual = await replay(options, [...prefix, event as ModelEvent], walked)
      replays++
      const where = `${prefix.map((e) => e.type).join(' > ')} > ${(event as ModelEvent).type}`
      expect(actual.value, where).toEqual(expected.value)
      for (const tag of options.tags) {
        expect(actual.hasTag(tag), `${where}: ${tag}`).toBe(expected.hasTag(tag))
      }
    }
  }
  const missing = [...declaredTransitions(machine)].filter((key) => !walked.has(key))
  return { missing, replays }
}

async function replay(options: WalkOptions, events: ModelEvent[], walked: Set<string>) {
  const clock = new SimulatedClock()
  const pending = new Map<string, Deferred>()
  const deferred = fromPromise(
    ({ self }) =>
      new Promise((resolve, reject) => {
        pending.set(self.id, { resolve, reject })
      }),
  )
  const actors: Record<string, AnyActorLogic> = {}
  for (const name of options.actors) actors[name] = deferred
  const actions: Record<string, () => void> = {}
  for (const name of options.actions) actions[name] = () => {}
  const machine = options.machine.provide({ actors, actions } as never)
  const actor = createActor(machine, {
    clock,
    input: options.input,
    inspect: (inspection: InspectionEvent) => {
      if (inspection.type === '@xstate.microstep') {
        for (const transition of inspection._transitions) walked.add(transitionKey(transition))
      }
    },
  } as never)
  actor.start()
  await flush()
  for (const event of events) {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type)?.[1]
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type)?.[1]
    const delay = Object.keys(options.delays).find((name) =>
      event.type.startsWith(`xstate.after.${name}.`),
    )
    const settle = done ?? failed
    if (settle) {
      const waiting = pending.get(settle)
      expect(waiting, `actor ${settle} is running`).toBeDefined()
      pending.delete(settle)
      if (done) waiting?.resolve(event.output)
      else waiting?.reject(event.error)
    } else if (delay) clock.increment(options.delays[delay] ?? 0)
    else actor.send(event as never)
    await flush()
  }
  const snapshot = actor.getSnapshot()
  actor.stop()
  return snapshot
}
