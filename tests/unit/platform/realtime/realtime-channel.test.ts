import { describe, expect, test, vi } from 'vitest'
import { createPlatformClient } from '../../../../src/platform/index'
import type { WebSocketConstructor } from '../../../../src/platform/platform-context'
import { serverEventFromFrame } from '../../../../src/platform/realtime/server-events'
import { TEST_ORIGIN } from '../../../support/test-platform'

/** A WebSocket the test plays the server of: it sees what the SDK sends and answers by hand. */
class FakeSocket {
  static opened: FakeSocket[] = []
  readyState = 0
  sent: Array<{ type: string; payload: Record<string, unknown> }> = []
  onopen: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  onclose: ((event: { code: number; reason: string }) => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.opened.push(this)
  }
  send(text: string) {
    this.sent.push(JSON.parse(text))
  }
  close() {
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.()
  }
  frame(type: string, payload: Record<string, unknown> = {}) {
    this.onmessage?.({ data: JSON.stringify({ type, payload }) })
  }
}

/** The realtime module loads on first use (docs/performance.md): wait for its socket. */
const socketOpened = () => vi.waitFor(() => expect(FakeSocket.opened[0]).toBeDefined())

function client(options: { WebSocket?: WebSocketConstructor | null; signedIn?: boolean } = {}) {
  const storage = new Map<string, string>()
  const sdk = createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    WebSocket:
      options.WebSocket === null
        ? undefined
        : (options.WebSocket ?? (FakeSocket as unknown as WebSocketConstructor)),
  })
  if (options.signedIn !== false) {
    sdk.auth.setTokens({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    })
  }
  return sdk
}

/** A channel subscribed through a fresh fake socket. */
async function subscribedChannel(name = 'room') {
  FakeSocket.opened = []
  const channel = client().realtime.channel(name)
  const joined = channel.subscribe({ userId: 'u1', metadata: { name: 'Ann' } })
  await socketOpened()
  const socket = FakeSocket.opened[0] as FakeSocket
  socket.open()
  socket.frame('subscribed', { channel: name })
  await joined
  return { channel, socket }
}

describe('realtime channel over a socket', () => {
  test('connects to the core host as ws:// with the project id and access token', async () => {
    const { socket, channel } = await subscribedChannel()
    expect(socket.url).toBe('ws://localhost:3000/?project_id=prompt-chat&token=access-1')
    expect(socket.sent[0]).toEqual({
      type: 'subscribe',
      payload: { channel: 'room', userId: 'u1', metadata: { name: 'Ann' } },
    })
    expect(channel.status()).toBe('subscribed')
    expect(channel.isConnected()).toBe(true)
  })

  test('publish resolves with the id the server acknowledges; messages reach listeners', async () => {
    const { channel, socket } = await subscribedChannel()
    const heard: unknown[] = []
    channel.onMessage((message) => heard.push(message.data))
    const id = channel.publish('chat', { text: 'hi' })
    expect(socket.sent.at(-1)).toEqual({
      type: 'publish',
      payload: {
        channel: 'room',
        type: 'chat',
        data: { text: 'hi' },
        userId: 'u1',
        metadata: { name: 'Ann' },
      },
    })
    socket.frame('published', { channel: 'room', messageId: 'msg_9' })
    expect(await id).toBe('msg_9')
    socket.frame('message', { channel: 'room', id: 'msg_9', type: 'chat', data: { text: 'hi' } })
    expect(heard).toEqual([{ text: 'hi' }])
  })

  test("a server error frame reaches onError as a RealtimeError 'Server error' with details", async () => {
    const { channel, socket } = await subscribedChannel()
    const errors: unknown[] = []
    channel.onError((error) => errors.push(error))
    socket.frame('error', { error: 'Invalid JSON' })
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({
      name: 'RealtimeError',
      code: 'REALTIME_ERROR',
      message: 'Server error',
      details: 'Invalid JSON',
    })
  })

  test("a refused subscription rejects with 'Subscription error'", async () => {
    FakeSocket.opened = []
    const channel = client().realtime.channel('private')
    const joined = channel.subscribe()
    await socketOpened()
    const socket = FakeSocket.opened[0] as FakeSocket
    socket.open()
    socket.frame('error', { error: 'Not allowed', channel: 'private' })
    await expect(joined).rejects.toMatchObject({
      code: 'REALTIME_ERROR',
      message: 'Subscription error',
      details: 'Not allowed',
    })
  })

  test("a socket closed before the ack rejects with 'Connection closed during subscription'", async () => {
    FakeSocket.opened = []
    const channel = client().realtime.channel('room', { random: () => 0 })
    const joined = channel.subscribe()
    await socketOpened()
    const socket = FakeSocket.opened[0] as FakeSocket
    socket.open()
    socket.onclose?.({ code: 1006, reason: '' })
    await expect(joined).rejects.toThrow('Connection closed during subscription')
    await channel.unsubscribe()
  })

  test('only JSON travels; a message needs a type; no WebSocket is said plainly', async () => {
    const { channel } = await subscribedChannel()
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    await expect(channel.publish('chat', cyclic)).rejects.toThrow(
      'Realtime messages must be valid JSON',
    )
    await expect(channel.publish('chat', 10n)).rejects.toThrow(
      'Realtime messages must be valid JSON',
    )
    await expect(channel.publish('  ', 1)).rejects.toThrow('A message type is required')
    await expect(
      client({ WebSocket: null }).realtime.channel('room').subscribe(),
    ).rejects.toMatchObject({
      code: 'REALTIME_ERROR',
      message: 'WebSocket is not available in this environment',
    })
  })
})

describe('server frames', () => {
  test('a frame that is not JSON or not in the contract is ignored', () => {
    expect(serverEventFromFrame('not json')).toBeNull()
    expect(serverEventFromFrame('{"type":"mystery","payload":{}}')).toBeNull()
    expect(serverEventFromFrame('[1,2]')).toBeNull()
  })

  test('presence keeps only well-formed members', () => {
    const frame = JSON.stringify({
      type: 'presence',
      payload: {
        channel: 'room',
        data: {
          users: [{ userId: 'u1', metadata: { a: 1 }, joinedAt: 5, lastSeen: 9 }, { nope: true }],
        },
      },
    })
    expect(serverEventFromFrame(frame)).toEqual({
      type: 'server.presence',
      channel: 'room',
      users: [{ userId: 'u1', metadata: { a: 1 }, joinedAt: 5, lastSeen: 9 }],
    })
  })
})
