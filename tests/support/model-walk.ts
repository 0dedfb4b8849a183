import { expect } from 'vitest'
import {
  type AnyActor,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate'
import {
  type AdjacencyValue,
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  toDirectedGraph,
} from 'xstate/graph'

/**
 * The model-based walk of docs/architecture.md ("State diagrams") for every machine: each transition the machine declares is
 * taken on a real actor, which is driven to the source state by the model's shortest path.
 */

/** A model event: a user event, an invoked actor settling (`xstate.done.actor.<id>` with its
 * `output`, `xstate.error.actor.<id>` with its `error`), or a named delay elapsing. */
export type ModelEvent = { type: string; [key: string]: unknown }

/** Both ways an invoked actor can end: done with `output`, or failed. */
export const settles = (id: string, output?: unknown): ModelEvent[] => [
  { type: `xstate.done.actor.${id}`, output },
  { type: `xstate.error.actor.${id}`, error: new Error('boom') },
]

/** What one replay offers its actor: effects that wait for the walk, and a simulated clock. */
export interface Replay {
  /** A promise actor that settles only when the walk sends its done or error event; the same
   * logic for every replay of a walk, so a machine provided with it can be reused
   * (`providedOnce`). */
  deferred: AnyActorLogic
  clock: SimulatedClock
  /** Records the transitions the actor takes; pass it to `createActor`. */
  inspect: (inspection: InspectionEvent) => void
  /** The input of the current walk. */
  input: unknown
}

/** What a replay started: the actor, plus whatever the test records beside it. */
export type Run = { actor: AnyActor }

/** One transition taken, for the test's own checks. */
export interface Step<TMachine extends AnyStateMachine, TRun extends Run> {
  run: TRun
  /** The actor's snapshot after the replay, and the model's. */
  snapshot: SnapshotFrom<TMachine>
  expected: SnapshotFrom<TMachine>
  /** Ids of the deferred actors the replay started, in order. */
  started: string[]
  /** The replayed events, for messages. */
  where: string
}

export interface WalkOptions<TMachine extends AnyStateMachine, TRun extends Run = Run> {
  /** The machine as the graph sees it (effects unprovided). */
  machine: TMachine
  /** Walk from each of these inputs; a transition counts as walked when any walk took it. */
  inputs?: unknown[]
  /** Events of the outside world. Every `after` transition's event is added. */
  events: ModelEvent[]
  /** One vertex per distinct value of this: the state plus whatever the guards read. After
   * every replay the actor's state value and vertex are checked against the model's. */
  serialize: (snapshot: SnapshotFrom<TMachine>) => string
  /** Tags checked against the model after every replay. */
  tags: readonly string[]
  /** Promise actors, by name, that wait for the walk to settle them. */
  deferredActors?: string[]
  /** Actions, by name, that do nothing. */
  noopActions?: string[]
  /** Other actor implementations (callbacks, child machines). */
  fixedActors?: Record<string, AnyActorLogic>
  /** The actor's input; the walk's input by default. */
  actorInput?: (replay: Replay) => unknown
  /** Delays the clock is advanced by when their event is replayed; any other delayed event
   * is sent to the actor as it is. */
  delays?: Record<
    string,
    number | ((snapshot: SnapshotFrom<TMachine>, clock: SimulatedClock) => number)
  >
  /** Events the model does not offer in a state (a known bug the walk steps around, say). */
  skip?: (snapshot: SnapshotFrom<TMachine>, event: ModelEvent) => boolean
  /** Also replays the events a state ignores (the model says nothing changes). */
  replayIgnored?: boolean
  /** Starts the actor instead of the default (the machine with the effects above). */
  start?: (replay: Replay) => TRun
  /** The test's own checks after every replay. */
  check?: (step: Step<TMachine, TRun>) => void
}

export interface WalkResult {
  /** How many replays ran, the start of each walk included. */
  replays: number
  /** Declared transitions no replay took. */
  missing: string[]
  declared: Set<string>
}

interface Deferred {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Snapshot = AnyMachineSnapshot
type Graph = ReturnType<typeof toDirectedGraph>

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Identifies a transition by where it is declared, so two instances of one config agree. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? source.always : source.transitions.get(eventType)
  return `${source.id} on ${JSON.stringify(eventType)} #${siblings?.indexOf(transition)}`
}

/** Every transition the machine declares: toDirectedGraph's edges plus eventless ones. */
export function declaredTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>()
  const visit = (node: Graph) => {
    for (const edge of node.edges) keys.add(transitionKey(edge.transition))
    for (const transition of node.stateNode.always ?? []) keys.add(transitionKey(transition))
    for (const child of node.children) visit(child)
  }
  visit(toDirectedGraph(machine))
  return keys
}

/**
 * Walks every transition of the model: for each vertex, replays the shortest path to it and
 * then each event it accepts on a fresh actor, settling invoked promises and advancing the
 * clock as the events say, and compares value, vertex and tags with the model's.
 */
export async function walkEveryTransition<TMachine extends AnyStateMachine, TRun extends Run = Run>(
  options: WalkOptions<TMachine, TRun>,
): Promise<WalkResult> {
  // The model runs the no-op actions too: a routing action (`sendParent`) has no parent here.
  const machine = (options.machine as AnyStateMachine).provide({
    actions: noops(options.noopActions),
  })
  const serialize = options.serialize as (snapshot: Snapshot) => string
  const delayed: ModelEvent[] = getStateNodes(machine.root).flatMap((node) =>
    node.after.map(({ eventType }) => ({ type: eventType })),
  )
  const walked = new Set<string>()
  const deferrals = createDeferrals()
  let replays = 0
  for (const input of options.inputs ?? [undefined]) {
    const skip = options.skip as ((snapshot: Snapshot, event: ModelEvent) => boolean) | undefined
    const traversal = {
      input,
      events: (snapshot: Snapshot) =>
        [...options.events, ...delayed].filter(
          (event) => !skip?.(snapshot, event),
        ) as EventObject[],
      serializeState: serialize,
    }
    const paths = getShortestPaths(machine, traversal as never) as Array<{
      state: Snapshot
      steps: Array<{ event: EventObject }>
    }>
    const pathTo = new Map(paths.map((path) => [serialize(path.state), path]))
    const take = async (events: ModelEvent[], expected: Snapshot, where: string) => {
      const { run, snapshot, started } = await replay(options, input, events, walked, deferrals)
      replays++
      expect(snapshot.value, where).toEqual(expected.value)
      expect(serialize(snapshot), where).toBe(serialize(expected))
      for (const tag of options.tags)
        expect(snapshot.hasTag(tag), `${where}: ${tag}`).toBe(expected.hasTag(tag))
      options.check?.({ run, snapshot, expected, started, where } as Step<TMachine, TRun>)
    }
    // The start itself (and the eventless transitions out of the initial state).
    await take([], createActor(machine, { input } as never).getSnapshot(), '(start)')
    const adjacency = Object.values(getAdjacencyMap(machine, traversal as never)) as Array<
      AdjacencyValue<Snapshot, ModelEvent>
    >
    for (const { state: vertex, transitions } of adjacency) {
      const path = pathTo.get(serialize(vertex))
      expect(path, `a path reaches ${serialize(vertex)}`).toBeDefined()
      if (!path) continue
      const prefix = path.steps
        .map((step) => step.event as ModelEvent)
        .filter((event) => event.type !== 'xstate.init')
      for (const { event, state: expected } of Object.values(transitions)) {
        if (!options.replayIgnored && !path.state.can(event)) continue
        const where = `${prefix.map((e) => e.type).join(' > ')} > ${event.type}`
        await take([...prefix, event], expected, where)
      }
    }
  }
  const declared = declaredTransitions(machine)
  const missing = [...declared].filter((key) => !walked.has(key))
  return { replays, missing, declared }
}

/**
 * One promise logic for the whole walk, so each machine is provided once, not per replay
 * (providing dominated the walk's time); a started promise reports to the current replay.
 */
interface Deferrals {
  logic: AnyActorLogic
  current: { pending: Map<string, Deferred>; started: string[] }
}

function createDeferrals(): Deferrals {
  const deferrals: Deferrals = {
    current: { pending: new Map(), started: [] },
    logic: fromPromise(({ self }) => {
      const { pending, started } = deferrals.current
      return new Promise((resolve, reject) => {
        started.push(self.id)
        pending.set(self.id, { resolve, reject })
      })
    }),
  }
  return deferrals
}

function noops(names: string[] = []): Record<string, () => void> {
  return Object.fromEntries(names.map((name) => [name, () => {}]))
}

const provided = new WeakMap<AnyActorLogic, AnyStateMachine>()

/** The machine `provide` makes for a walk, made once per walk (keyed by its deferred logic). */
export function providedOnce(
  deferred: AnyActorLogic,
  provide: () => AnyStateMachine,
): AnyStateMachine {
  let machine = provided.get(deferred)
  if (!machine) {
    machine = provide()
    provided.set(deferred, machine)
  }
  return machine
}

/** The default actor: the machine with deferred actors, no-op actions and the fixed actors. */
function startMachine(options: WalkOptions<AnyStateMachine>, replay: Replay): Run {
  const actor = createActor(
    providedOnce(replay.deferred, () => {
      const actors: Record<string, AnyActorLogic> = { ...options.fixedActors }
      for (const name of options.deferredActors ?? []) actors[name] = replay.deferred
      return options.machine.provide({ actors, actions: noops(options.noopActions) } as never)
    }),
    {
      clock: replay.clock,
      input: options.actorInput ? options.actorInput(replay) : replay.input,
      inspect: replay.inspect,
    } as never,
  )
  actor.start()
  return { actor }
}

async function replay<TMachine extends AnyStateMachine, TRun extends Run>(
  options: WalkOptions<TMachine, TRun>,
  input: unknown,
  events: ModelEvent[],
  walked: Set<string>,
  deferrals: Deferrals,
) {
  const clock = new SimulatedClock()
  const pending = new Map<string, Deferred>()
  const started: string[] = []
  // Replays run one at a time: the walk's one deferred logic reports to this replay's.
  deferrals.current = { pending, started }
  const deferred = deferrals.logic
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.microstep') {
      for (const transition of inspection._transitions) walked.add(transitionKey(transition))
    }
  }
  const context: Replay = { deferred, clock, inspect, input }
  const run = options.start
    ? options.start(context)
    : (startMachine(options as unknown as WalkOptions<AnyStateMachine>, context) as TRun)
  const { actor } = run
  await flush()
  for (const event of events) {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type)?.[1]
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type)?.[1]
    const settle = done ?? failed
    const delay = Object.entries(options.delays ?? {}).find(([name]) =>
      event.type.startsWith(`xstate.after.${name}.`),
    )?.[1]
    if (settle) {
      const waiting = pending.get(settle)
      expect(waiting, `actor ${settle} is running`).toBeDefined()
      pending.delete(settle)
      if (done) waiting?.resolve(event.output)
      else waiting?.reject(event.error)
    } else if (delay !== undefined) {
      clock.increment(typeof delay === 'number' ? delay : delay(actor.getSnapshot(), clock))
    } else actor.send(event)
    await flush()
  }
  const snapshot = actor.getSnapshot() as Snapshot
  actor.stop()
  return { run, snapshot, started }
}
