import { describe, expect, it } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { realtimeMachine } from '../../src/platform/realtime/realtime.machine'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'
import { CHANNEL, serverMessage, startRealtime } from './realtime-harness'

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
  { type: 'server.message', message: serverMessage(CHANNEL) },
  { type: 'server.message', message: serverMessage('elsewhere') },
  { type: 'server.presence', channel: CHANNEL, users: [] },
  { type: 'server.presence', channel: 'elsewhere', users: [] },
  { type: 'server.error', error: 'boom' },
  { type: 'server.pong' },
]

/**
 * A vertex is the state value plus what the guards read: the subscription, and whether
 * anything is queued or awaiting an ack (all model messages share one ref).
 */
function serializeState(snapshot: Pick<SnapshotFrom<typeof realtimeMachine>, 'value' | 'context'>) {
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

describe('realtime machine model', () => {
  it('walks every declared transition on a real actor, with the tags the views read', async () => {
    const { replays, missing, declared } = await walkEveryTransition({
      machine: realtimeMachine,
      inputs: [{ channel: CHANNEL, random: () => 0 }],
      events: MODEL_EVENTS,
      serialize: serializeState,
      tags: VIEW_TAGS,
      // Every event in every state, the ignored ones included: those must change nothing.
      replayIgnored: true,
      // The real actor (fake socket). A delayed event is sent as itself: the walk checks which
      // transition it takes; the time it takes is the unit tests' concern.
      start: ({ inspect }) => startRealtime({ inspect }),
      check: ({ snapshot, where }) => {
        // A view shows exactly one connection status.
        const statuses = ['disconnected', 'connecting', 'connected'].filter((t) =>
          snapshot.hasTag(t),
        )
        expect(statuses, where).toHaveLength(1)
      },
    })
    expect(replays).toBeGreaterThan(100)
    expect(declared.size).toBeGreaterThan(30)
    expect(missing).toEqual([])
  })
})
