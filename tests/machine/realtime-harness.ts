import { createActor, fromCallback, type InspectionEvent, SimulatedClock } from 'xstate'
import type { ClientFrame, RealtimeMessage } from '../../contract/realtime-frames'
import {
  type RealtimeEmitted,
  type RealtimeEvent,
  realtimeMachine,
  type SocketCommand,
} from '../../src/platform/realtime/realtime.machine'

export const CHANNEL = 'room'

/** A chat message the server broadcast on `channel`. */
export const serverMessage = (channel: string): RealtimeMessage => ({
  id: `m-${channel}`,
  channel,
  type: 'chat',
  data: 'hi',
  timestamp: 1,
  userId: 'u2',
  metadata: {},
})

/** One socket the machine opened: the frames it sent, and whether the machine closed it. */
export interface FakeSocket {
  frames: ClientFrame[]
  closed: boolean
}

/**
 * The realtime machine on a simulated clock, with a fake 'open socket' actor that records the
 * frames sent on each socket, and a log of everything the machine emitted to its callers.
 */
export function startRealtime(
  options: { random?: () => number; inspect?: (event: InspectionEvent) => void } = {},
) {
  const clock = new SimulatedClock()
  const sockets: FakeSocket[] = []
  const machine = realtimeMachine.provide({
    actors: {
      'open socket': fromCallback<SocketCommand>(({ receive }) => {
        const socket: FakeSocket = { frames: [], closed: false }
        sockets.push(socket)
        receive((command) => socket.frames.push(command.frame))
        return () => {
          socket.closed = true
        }
      }),
    },
  })
  const actor = createActor(machine, {
    clock,
    input: { channel: CHANNEL, random: options.random ?? (() => 0) },
    inspect: options.inspect,
  })
  const emitted: RealtimeEmitted[] = []
  actor.on('*', (event) => emitted.push(event as RealtimeEmitted))
  actor.start()

  const send = (event: RealtimeEvent) => actor.send(event)
  return {
    actor,
    clock,
    sockets,
    emitted,
    send,
    /** The socket opened last. */
    socket: () => sockets.at(-1),
    /** Frame types sent on the last socket, in order. */
    frameTypes: () => sockets.at(-1)?.frames.map((frame) => frame.type) ?? [],
    tags: () => [...actor.getSnapshot().tags].sort(),
    /** Opens the current socket and, if it asked to subscribe, acknowledges it. */
    openAndAck() {
      send({ type: 'socket.opened' })
      if (actor.getSnapshot().hasTag('subscribing')) {
        send({ type: 'server.subscribed', channel: CHANNEL })
      }
    },
  }
}
