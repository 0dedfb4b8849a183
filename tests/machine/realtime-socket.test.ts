import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { http, passthrough } from 'msw'
import { afterAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import type { RealtimeMessage } from '../../contract/realtime-frames'
import { type LocalServer, startLocalServer } from '../../mocks/server/local-server'
import { createPlatformClient, type PlatformClient } from '../../src/platform/index'
import type { WebSocketConstructor } from '../../src/platform/platform-context'
import type { TokenSet } from '../../src/platform/types'
import { mswServer } from '../support/msw-server'
import { signUpThroughAuthPage } from '../support/sign-up'

// The realtime machine over a real socket (the `ws` package) to the local server on a real
// port: the server dies mid-session and comes back on the same port.

const SECRET = 'realtime-socket-test-secret-of-32-chars!'
let dataDir: string
let server: LocalServer | undefined

const start = (port: number) =>
  startLocalServer({
    port,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    projectId: 'prompt-chat',
    secret: SECRET,
  })

function clientFor(url: string, tokens: TokenSet): PlatformClient {
  const storage = new Map<string, string>()
  const client = createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: url,
    coreUrl: url,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    WebSocket: WebSocket as unknown as WebSocketConstructor,
  })
  client.auth.setTokens(tokens)
  return client
}

async function until(what: string, condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

afterAll(async () => {
  await server?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test('after the server is killed and restarted on the same port, the channel reconnects, resubscribes and receives what is published next', async () => {
  // This test is about the real network: the local server on a real port answers.
  mswServer.use(http.all(/^http:\/\/localhost:\d+\//, () => passthrough()))
  dataDir = await mkdtemp(path.join(tmpdir(), 'realtime-socket-'))
  server = await start(0)
  const url = server.url
  const port = Number(new URL(url).port)
  const signUp = (email: string) => signUpThroughAuthPage((req) => fetch(req), url, { email })
  const listener = clientFor(url, await signUp('listener@example.com'))
  const sender = clientFor(url, await signUp('sender@example.com'))

  // No jitter, so the first reconnect comes 1 s after the drop.
  const channel = listener.realtime.channel('lobby', { random: () => 0 })
  const received: RealtimeMessage[] = []
  channel.onMessage((message) => received.push(message))
  await channel.subscribe({ userId: 'listener', metadata: { name: 'L' } })
  expect(channel.status()).toBe('subscribed')

  await sender.realtime.publish('lobby', 'chat', { text: 'before' })
  await until('the first message', () => received.length === 1)

  await server.close()
  server = undefined
  await until('the drop to be noticed', () => channel.status() !== 'subscribed')
  expect(channel.isConnected()).toBe(false)

  // Queued while the server is gone; sent once the channel is back.
  const offline = channel.publish('chat', { text: 'while offline' })

  server = await start(port)
  await until('resubscription', () => channel.status() === 'subscribed', 20_000)
  expect(await offline).toMatch(/\S/)

  await sender.realtime.publish('lobby', 'chat', { text: 'after restart' })
  await until('the message after the restart', () =>
    received.some((m) => (m.data as { text: string }).text === 'after restart'),
  )
  expect(received.map((m) => (m.data as { text: string }).text)).toEqual([
    'before',
    'while offline',
    'after restart',
  ])
  expect(received.at(-1)).toMatchObject({ channel: 'lobby', type: 'chat' })

  // Presence after the restart shows the resubscribed member again (as who the token says).
  const { id: listenerId } = await listener.auth.me()
  expect((await channel.getPresence()).map((user) => user.userId)).toEqual([listenerId])
  await channel.unsubscribe()
}, 60_000)
