import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  REALTIME_MESSAGES,
  realtimeMachine,
  reconnectDelayMs,
} from '../../src/platform/realtime/realtime.machine'
import { CHANNEL, serverMessage, startRealtime } from './realtime-harness'

const message = (ref: string, data: unknown = ref) => ({ ref, type: 'chat', data })

describe('realtime connection (docs/product/limits.md)', () => {
  it('connects on demand and is connected once the socket opens', () => {
    const rt = startRealtime()
    expect(rt.tags()).toEqual(['disconnected'])
    expect(rt.sockets).toHaveLength(0)
    rt.send({ type: 'connect' })
    expect(rt.tags()).toEqual(['connecting'])
    expect(rt.sockets).toHaveLength(1)
    rt.send({ type: 'socket.opened' })
    expect(rt.tags()).toEqual(['connected'])
  })

  it("gives up on a socket that has not opened after exactly 10 s: 'WebSocket connection timeout'", () => {
    const rt = startRealtime()
    rt.send({ type: 'connect' })
    rt.clock.increment(9_999)
    expect(rt.tags()).toEqual(['connecting'])
    expect(rt.emitted).toEqual([])
    rt.clock.increment(1)
    expect(rt.tags()).toEqual(['disconnected', 'reconnecting'])
    expect(rt.socket()?.closed).toBe(true)
    expect(rt.emitted).toEqual([{ type: 'error', message: 'WebSocket connection timeout' }])
  })

  it('a connection time-out also fails a subscription still waiting for it', () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe', userId: 'u1' })
    rt.clock.increment(10_000)
    expect(rt.emitted).toContainEqual({
      type: 'subscription.failed',
      message: 'WebSocket connection timeout',
    })
  })

  it('pings every 25 s while connected, and only then', () => {
    const rt = startRealtime()
    rt.send({ type: 'connect' })
    rt.clock.increment(9_999) // still connecting: no heartbeat yet
    expect(rt.frameTypes()).toEqual([])
    rt.send({ type: 'socket.opened' })
    rt.clock.increment(24_999)
    expect(rt.frameTypes()).toEqual([])
    rt.clock.increment(1)
    expect(rt.socket()?.frames).toEqual([{ type: 'ping', payload: {} }])
    rt.clock.increment(25_000)
    rt.clock.increment(25_000)
    expect(rt.frameTypes()).toEqual(['ping', 'ping', 'ping'])
    // Offline, the heartbeat stops with the socket.
    rt.send({ type: 'socket.closed' })
    rt.clock.increment(reconnectDelayMs(0, 0))
    rt.clock.increment(25_000)
    expect(rt.frameTypes()).toEqual([])
  })

  it("reports a server error frame as 'Server error' with the server's words as details", () => {
    const rt = startRealtime()
    rt.send({ type: 'connect' })
    rt.send({ type: 'socket.opened' })
    rt.send({ type: 'server.error', error: 'Invalid JSON' })
    expect(rt.emitted).toEqual([
      { type: 'error', message: 'Server error', details: 'Invalid JSON' },
    ])
    expect(rt.actor.getSnapshot().context.error).toBe('Server error')
    expect(rt.tags()).toEqual(['connected'])
  })

  it("fails loudly when 'open socket' was not provided", () => {
    const actor = createActor(realtimeMachine, { input: { channel: CHANNEL } })
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    actor.send({ type: 'connect' })
    expect(String(errors[0])).toContain("'open socket' not provided")
  })
})

describe('subscribing', () => {
  it('sends subscribe with the presence data once open, and is subscribed on the ack', () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe', userId: 'u1', metadata: { name: 'Ann' } })
    expect(rt.tags()).toEqual(['connecting'])
    rt.send({ type: 'socket.opened' })
    expect(rt.socket()?.frames).toEqual([
      { type: 'subscribe', payload: { channel: CHANNEL, userId: 'u1', metadata: { name: 'Ann' } } },
    ])
    expect(rt.tags()).toEqual(['connected', 'subscribing'])
    rt.send({ type: 'server.subscribed', channel: 'another-room' })
    expect(rt.tags()).toEqual(['connected', 'subscribing'])
    rt.send({ type: 'server.subscribed', channel: CHANNEL })
    expect(rt.tags()).toEqual(['connected', 'subscribed'])
    expect(rt.emitted).toEqual([{ type: 'subscribed' }])
  })

  it("fails after exactly 10 s without an ack: 'Subscription timeout - no acknowledgment from server'", () => {
    const rt = startRealtime()
    rt.send({ type: 'connect' })
    rt.send({ type: 'socket.opened' })
    rt.send({ type: 'subscribe' })
    rt.clock.increment(9_999)
    expect(rt.emitted).toEqual([])
    rt.clock.increment(1)
    expect(rt.emitted).toEqual([
      {
        type: 'subscription.failed',
        message: 'Subscription timeout - no acknowledgment from server',
      },
    ])
    expect(rt.tags()).toEqual(['connected'])
    expect(rt.actor.getSnapshot().context.subscription).toBe('none')
  })

  it("fails with 'Connection closed during subscription' when the socket closes before the ack", () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe' })
    rt.send({ type: 'socket.opened' })
    rt.send({ type: 'socket.closed', code: 1006 })
    expect(rt.emitted).toEqual([
      { type: 'subscription.failed', message: 'Connection closed during subscription' },
    ])
    expect(rt.tags()).toEqual(['disconnected', 'reconnecting'])
  })

  it("fails with 'Subscription error' when the server refuses the subscription", () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe' })
    rt.send({ type: 'socket.opened' })
    rt.send({ type: 'server.error', error: 'Not allowed', channel: CHANNEL })
    expect(rt.emitted).toEqual([
      { type: 'subscription.failed', message: 'Subscription error', details: 'Not allowed' },
    ])
    expect(rt.tags()).toEqual(['connected'])
  })

  it('delivers messages and presence of its own channel only', () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe' })
    rt.openAndAck()
    const users = [{ userId: 'u2', metadata: {}, joinedAt: 1, lastSeen: 2 }]
    rt.send({ type: 'server.message', message: serverMessage('elsewhere') })
    rt.send({ type: 'server.message', message: serverMessage(CHANNEL) })
    rt.send({ type: 'server.presence', channel: 'elsewhere', users: [] })
    rt.send({ type: 'server.presence', channel: CHANNEL, users })
    expect(rt.emitted.slice(1)).toEqual([
      { type: 'message', message: serverMessage(CHANNEL) },
      { type: 'presence', users },
    ])
  })

  it('unsubscribing sends unsubscribe and forgets the subscription', () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe' })
    rt.openAndAck()
    rt.send({ type: 'unsubscribe' })
    expect(rt.frameTypes()).toEqual(['subscribe', 'unsubscribe'])
    expect(rt.tags()).toEqual(['connected'])
    rt.send({ type: 'socket.closed' })
    rt.clock.increment(reconnectDelayMs(0, 0))
    rt.send({ type: 'socket.opened' })
    expect(rt.frameTypes()).toEqual([])
  })
})

describe('publishing', () => {
  it('sends a publish frame and settles it with the id the server acknowledges', () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe', userId: 'u1', metadata: { a: 1 } })
    rt.openAndAck()
    rt.send({ type: 'publish', message: message('r1', { text: 'hello' }) })
    expect(rt.socket()?.frames.at(-1)).toEqual({
      type: 'publish',
      payload: {
        channel: CHANNEL,
        type: 'chat',
        data: { text: 'hello' },
        userId: 'u1',
        metadata: { a: 1 },
      },
    })
    rt.send({ type: 'server.published', channel: CHANNEL, messageId: 'msg_1' })
    rt.clock.increment(10_000)
    expect(rt.emitted.slice(1)).toEqual([{ type: 'published', ref: 'r1', messageId: 'msg_1' }])
  })

  it("fails a message not acknowledged after exactly 10 s: 'Message send timeout'", () => {
    const rt = startRealtime()
    rt.send({ type: 'connect' })
    rt.send({ type: 'socket.opened' })
    rt.send({ type: 'publish', message: message('r1') })
    rt.clock.increment(5_000)
    rt.send({ type: 'publish', message: message('r2') })
    rt.clock.increment(4_999)
    expect(rt.emitted).toEqual([])
    rt.clock.increment(1)
    expect(rt.emitted).toEqual([
      { type: 'publish.failed', ref: 'r1', message: 'Message send timeout' },
    ])
    // The ack that follows belongs to the message still waiting.
    rt.send({ type: 'server.published', channel: CHANNEL, messageId: 'msg_2' })
    rt.clock.increment(10_000)
    expect(rt.emitted.at(-1)).toEqual({ type: 'published', ref: 'r2', messageId: 'msg_2' })
  })

  it('queues messages published while disconnected and sends them, in order, on connect', () => {
    const rt = startRealtime()
    rt.send({ type: 'publish', message: message('r1') })
    rt.send({ type: 'publish', message: message('r2') })
    expect(rt.frameTypes()).toEqual([])
    rt.send({ type: 'socket.opened' })
    expect(rt.socket()?.frames.map((f) => f.type === 'publish' && f.payload.data)).toEqual([
      'r1',
      'r2',
    ])
  })

  it('a disconnect fails everything not yet acknowledged', () => {
    const rt = startRealtime()
    rt.send({ type: 'publish', message: message('r1') })
    rt.send({ type: 'disconnect' })
    expect(rt.emitted).toEqual([
      { type: 'publish.failed', ref: 'r1', message: REALTIME_MESSAGES.channelClosed },
    ])
    expect(rt.tags()).toEqual(['disconnected'])
  })
})

describe('reconnecting', () => {
  it('waits min(2^attempt, 30) s plus the jitter before each attempt, and resets once open', () => {
    const rt = startRealtime({ random: () => 0.25 })
    rt.send({ type: 'connect' })
    const waits: number[] = []
    for (let attempt = 0; attempt < 7; attempt++) {
      rt.send({ type: 'socket.closed', code: 1006 })
      const before = rt.sockets.length
      let waited = 0
      while (rt.sockets.length === before) {
        rt.clock.increment(1)
        waited++
      }
      waits.push(waited)
    }
    expect(waits).toEqual([1250, 2250, 4250, 8250, 16250, 30250, 30250])
    rt.send({ type: 'socket.opened' })
    rt.send({ type: 'socket.closed' })
    rt.clock.increment(1249)
    const count = rt.sockets.length
    rt.clock.increment(1)
    expect(rt.sockets).toHaveLength(count + 1)
  })

  it('keeps the jitter under a second', () => {
    expect(reconnectDelayMs(0, 0)).toBe(1000)
    expect(reconnectDelayMs(0, 0.9999999999999999)).toBe(1999)
    expect(reconnectDelayMs(4, 0.9999999999999999)).toBe(16_999)
    expect(reconnectDelayMs(40, 0.5)).toBe(30_500)
  })

  it('resubscribes after a reconnect and hears messages again', () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe', userId: 'u1', metadata: { n: 1 } })
    rt.openAndAck()
    rt.send({ type: 'socket.closed', code: 1001 })
    expect(rt.emitted).toEqual([{ type: 'subscribed' }]) // an active subscription waits it out
    expect(rt.tags()).toEqual(['disconnected', 'reconnecting'])
    rt.clock.increment(reconnectDelayMs(0, 0))
    expect(rt.sockets).toHaveLength(2)
    rt.send({ type: 'socket.opened' })
    expect(rt.socket()?.frames).toEqual([
      { type: 'subscribe', payload: { channel: CHANNEL, userId: 'u1', metadata: { n: 1 } } },
    ])
    rt.send({ type: 'server.subscribed', channel: CHANNEL })
    expect(rt.tags()).toEqual(['connected', 'subscribed'])
    expect(rt.emitted).toEqual([{ type: 'subscribed' }, { type: 'subscribed' }])
  })

  it('sends what was published while offline, and what was in flight, once resubscribed', () => {
    const rt = startRealtime()
    rt.send({ type: 'subscribe' })
    rt.openAndAck()
    rt.send({ type: 'publish', message: message('in-flight') })
    rt.send({ type: 'socket.closed', code: 1006 })
    rt.send({ type: 'publish', message: message('offline') })
    rt.clock.increment(reconnectDelayMs(0, 0))
    rt.send({ type: 'socket.opened' })
    // The subscription comes first, so the sender hears its own messages.
    expect(rt.frameTypes()).toEqual(['subscribe'])
    rt.send({ type: 'server.subscribed', channel: CHANNEL })
    const sent = rt.socket()?.frames.slice(1)
    expect(sent?.map((f) => f.type === 'publish' && f.payload.data)).toEqual([
      'in-flight',
      'offline',
    ])
    rt.send({ type: 'server.published', channel: CHANNEL, messageId: 'a' })
    rt.send({ type: 'server.published', channel: CHANNEL, messageId: 'b' })
    expect(rt.emitted.filter((e) => e.type === 'published')).toEqual([
      { type: 'published', ref: 'in-flight', messageId: 'a' },
      { type: 'published', ref: 'offline', messageId: 'b' },
    ])
    rt.clock.increment(20_000)
    expect(rt.emitted.filter((e) => e.type === 'publish.failed')).toEqual([])
  })

  it('connect while waiting skips the rest of the backoff', () => {
    const rt = startRealtime()
    rt.send({ type: 'connect' })
    rt.send({ type: 'socket.closed' })
    rt.send({ type: 'connect' })
    expect(rt.sockets).toHaveLength(2)
    expect(rt.tags()).toEqual(['connecting'])
  })
})
