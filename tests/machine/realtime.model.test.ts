import { describe, expect, it } from 'vitest'
import type { AnyStateMachine, AnyTransitionDefinition, EventFromLogic, SnapshotFrom } from 'xstate'
import {
  type AdjacencyValue,
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  toDirectedGraph,
} from 'xstate/graph'
import { type RealtimeEvent, realtimeMachine } from '../../src/machines/realtime.machine'
import { CHANNEL, startRealtime } from './realtime-harness'

type ModelEvent = { type: string; [key: string]: unknown }

const message = (channel: string) => ({
  id: `m-${channel}`,
  channel,
  type: 'chat',
  data: 'hi',
  timestamp: 1,
  userId: 'u2',
  metadata: {},
})

/** What the outside world can do to the machine: callers, the socket and the server. */
const MODEL_EVENTS: ModelEvent[] = [
  { type: 'connect' },
  { type: 'disconnect' },
  { type: 'subscribe', userId: 'u1' },
  { type: 'unsubscribe' },
  { type: 'publish', message: { ref: 'r1', type: 'chat', data: 1 } },
  { type: 'socket.opened' },
  { type: 'socket.closed', code: 1006 },
  { type: 'send.timeout', ref: 'r1' },
  { type: 'server.subscribed', channel: CHANNEL },
  { type: 'server.subscribed', channel: 'elsewhere' },
  { type: 'server.published', channel: CHANNEL, messageId: 'msg_1' },
  { type: 'server.message', message: message(CHANNEL) },
  { type: 'server.message', message: message('elsewhere') },
  { type: 'server.presence', channel: CHANNEL, users: [] },
  { type: 'server.presence', channel: 'elsewhere', users: [] },
  { type: 'server.error', error: 'boom' },
  { type: 'server.pong' },
]

/** Every `after` transition, as the event it is raised as. */
const DELAYED_EVENTS: ModelEvent[] = getStateNodes(realtimeMachine.root).flatMap((node) =>
  node.after.map(({ eventType }) => ({ type: eventType })),
)

/** Identifies a transition by where it is declared, so two instances of one config agree. */
function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? source.always : source.transitions.get(eventType)
  return `${source.id} on ${JSON.stringify(eventType)} #${siblings?.indexOf(transition)}`
}

function declaredTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>()
  const visit = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const edge of node.edges) keys.add(transitionKey(edge.transition))
    for (const child of node.children) visit(child)
  }
  visit(toDirectedGraph(machine))
  return keys
}

/**
 * A vertex is the state value plus what the guards read: the subscription, and whether
 * anything is queued or awaiting an ack (all model messages share one ref).
 */
type RealtimeSnapshot = SnapshotFrom<typeof realtimeMachine>
type RealtimeAdjacency = AdjacencyValue<RealtimeSnapshot, EventFromLogic<typeof realtimeMachine>>
// xstate/graph's signatures do not admit a machine with typed emitted events; the walk only
// reads snapshots, typed again below.
const graphMachine = realtimeMachine as unknown as AnyStateMachine

function serializeState(snapshot: Pick<RealtimeSnapshot, 'value' | 'context'>) {
  const { subscription, inFlight, outbox } = snapshot.context
  return JSON.stringify([snapshot.value, subscription, inFlight.length > 0, outbox.length > 0])
}

const VIEW_TAGS = [
  'disconnected',
  'reconnecting',
  'connecting',
  'connected',
  'subscribing',
  'subscribed',
] as const

/**
 * Replays events on a real actor (fake socket). A delayed event is sent as itself: the walk
 * checks which transition it takes; the time it takes is the unit tests' concern.
 */
function replay(events: ModelEvent[], walked: Set<string>) {
  const rt = startRealtime({
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        for (const transition of inspection._transitions) walked.add(transitionKey(transition))
      }
    },
  })
  for (const event of events) rt.send(event as RealtimeEvent)
  return rt.actor.getSnapshot()
}

describe('realtime machine model', () => {
  it('walks every declared transition on a real actor, with the tags the views read', () => {
    const traversal = {
      input: { channel: CHANNEL, random: () => 0 },
      events: () => [...MODEL_EVENTS, ...DELAYED_EVENTS] as never[],
      serializeState,
    }
    const paths = getShortestPaths(graphMachine, traversal)
    const pathTo = new Map(
      paths.map((path) => [serializeState(path.state as RealtimeSnapshot), path]),
    )
    const walked = new Set<string>()
    let replays = 0
    const adjacency = Object.values(getAdjacencyMap(graphMachine, traversal)) as RealtimeAdjacency[]
    for (const { state: vertex, transitions } of adjacency) {
      const path = pathTo.get(serializeState(vertex))
      expect(path, `a path reaches ${serializeState(vertex)}`).toBeDefined()
      if (!path) continue
      const prefix = path.steps
        .map((step) => step.event as ModelEvent)
        .filter((event) => event.type !== 'xstate.init')
      for (const { event, state: expected } of Object.values(transitions)) {
        const actual = replay([...prefix, event as ModelEvent], walked)
        replays++
        const where = `${prefix.map((e) => e.type).join(' > ')} > ${(event as ModelEvent).type}`
        expect(actual.value, where).toEqual(expected.value)
        expect(serializeState(actual), where).toBe(serializeState(expected))
        for (const tag of VIEW_TAGS) {
          expect(actual.hasTag(tag), `${where}: ${tag}`).toBe(expected.hasTag(tag))
        }
        // A view shows exactly one connection status.
        const statuses = ['disconnected', 'connecting', 'connected'].filter((t) => actual.hasTag(t))
        expect(statuses, where).toHaveLength(1)
      }
    }
    expect(replays).toBeGreaterThan(100)
    const declared = declaredTransitions(realtimeMachine)
    expect(declared.size).toBeGreaterThan(30)
    const missing = [...declared].filter((key) => !walked.has(key))
    expect(missing).toEqual([])
  })
})
