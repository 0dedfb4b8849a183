import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import type { PresenceUser, RealtimeMessage } from '../../contract/realtime-frames'
import { notifyChannelName } from '../../mocks/platform/realtime/realtime-cluster'
import { type LocalServer, startLocalServer } from '../../mocks/server/local-server'
import { createPlatformClient, type PlatformClient } from '../../src/platform/index'
import type { WebSocketConstructor } from '../../src/platform/platform-context'
import type { TokenSet } from '../../src/platform/types'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'
import { signUpThroughAuthPage } from '../support/sign-up'

// Several servers on one PostgreSQL: what is published on one reaches the sockets of another
// (LISTEN/NOTIFY), presence is the union of every server's members, and the members of a
// server that dies expire (docs/wire-contract.md, "Several servers on one PostgreSQL").

const postgres = await postgresAvailability()
const SECRET = 'realtime-cluster-secret-of-at-least-32-chars'
// Short, so a dead server's members go within seconds (the defaults are 10 s and 30 s).
const TIMING = { heartbeatMs: 200, presenceTtlMs: 1000 }
const schema = `rtcluster_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`

let dataDir: string
let first: LocalServer | undefined
let second: LocalServer | undefined

const start = () =>
  startLocalServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: TEST_DATABASE_URL,
    schema,
    projectId: 'prompt-chat',
    secret: SECRET,
    realtimeTiming: TIMING,
  })

function clientOf(server: LocalServer, tokens: TokenSet): PlatformClient {
  const storage = new Map<string, string>()
  const client = createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: server.url,
    coreUrl: server.url,
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

/**
 * A local server in a process of its own, to be killed (SIGKILL: no shutdown code runs).
 * Configured by REALTIME_SERVER_CONFIG; prints `READY <url>` once it listens.
 */
const serverProcessScript = `
  import { startLocalServer } from ${JSON.stringify(
    pathToFileURL(path.join(import.meta.dirname, '../../mocks/server/local-server.ts')).href,
  )}
  const config = JSON.parse(process.env.REALTIME_SERVER_CONFIG)
  const server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: config.schema,
    projectId: 'prompt-chat',
    secret: config.secret,
    realtimeTiming: { heartbeatMs: config.heartbeatMs, presenceTtlMs: config.presenceTtlMs },
  })
  process.stdout.write('READY ' + server.url + '\\n')
`

type Frame = { type: string; payload: Record<string, unknown> }

/** A raw socket to `server` (with a token, or none: the hosted SDK's way), recording frames. */
async function rawSocket(server: LocalServer, token?: string) {
  const address = `${server.url.replace(/^http/, 'ws')}/?project_id=prompt-chat${token ? `&token=${token}` : ''}`
  const ws = new WebSocket(address)
  const frames: Frame[] = []
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const send = (type: string, payload: Record<string, unknown>) =>
    ws.send(JSON.stringify({ type, payload }))
  return { ws, frames, send, ofType: (type: string) => frames.filter((f) => f.type === type) }
}

async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const idsOf = (users: PresenceUser[]) => users.map((user) => user.userId).sort()

describe.skipIf(!postgres.available)(
  `realtime across two servers on one PostgreSQL${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'realtime-cluster-'))
      first = await start()
      second = await start()
    })
    afterAll(async () => {
      await first?.close()
      await second?.close()
      await rm(dataDir, { recursive: true, force: true })
      await dropSchema(schema)
    })

    const one = () => first as LocalServer
    const two = () => second as LocalServer
    const signUp = (server: LocalServer, email: string) =>
      signUpThroughAuthPage((req) => fetch(req), server.url, { email })

    test('a message published on one server reaches the sockets of the other, both ways, and presence is the union', async () => {
      // Alice on the first server, Bob on the second; each signed up on their own server.
      const alice = clientOf(one(), await signUp(one(), 'alice@example.com'))
      const bob = clientOf(two(), await signUp(two(), 'bob@example.com'))
      const aliceId = (await alice.auth.me()).id
      const bobId = (await bob.auth.me()).id

      const aliceHeard: RealtimeMessage[] = []
      const bobHeard: RealtimeMessage[] = []
      const alicePresence: PresenceUser[][] = []
      const aliceRoom = alice.realtime.channel('lobby')
      aliceRoom.onMessage((message) => aliceHeard.push(message))
      aliceRoom.onPresence((users) => alicePresence.push(users))
      await aliceRoom.subscribe({ metadata: { name: 'Alice' } })
      const bobRoom = bob.realtime.channel('lobby')
      bobRoom.onMessage((message) => bobHeard.push(message))
      await bobRoom.subscribe({ metadata: { name: 'Bob' } })

      // Presence: both servers answer with both members, and Alice's socket heard Bob join.
      for (const client of [alice, bob]) {
        expect(idsOf(await client.realtime.presence('lobby'))).toEqual([aliceId, bobId].sort())
      }
      await until('Alice to hear Bob join', () =>
        alicePresence.some((users) => idsOf(users).join() === [aliceId, bobId].sort().join()),
      )
      const bobSeen = (await alice.realtime.presence('lobby')).find((u) => u.userId === bobId)
      expect(bobSeen?.metadata).toEqual({ name: 'Bob' })

      // Socket publish on the first server → the second; HTTP publish on the second → the first.
      const fromAlice = await aliceRoom.publish('chat', { text: 'from server one' })
      await until('Bob to hear Alice', () => bobHeard.some((m) => m.id === fromAlice))
      expect(bobHeard.find((m) => m.id === fromAlice)).toMatchObject({
        channel: 'lobby',
        type: 'chat',
        data: { text: 'from server one' },
        userId: aliceId,
      })
      const fromBob = await bob.realtime.publish('lobby', 'chat', { text: 'from server two' })
      await until('Alice to hear Bob', () => aliceHeard.some((m) => m.id === fromBob))

      // Too big for a notification (8000 bytes): it crosses by id and is read from history.
      const big = { text: 'é'.repeat(6000) }
      const bigId = await aliceRoom.publish('chat', big)
      await until('the big message to cross', () => bobHeard.some((m) => m.id === bigId))
      expect(bobHeard.find((m) => m.id === bigId)?.data).toEqual(big)

      // Order is kept for what one server sends.
      for (const n of [1, 2, 3, 4, 5]) await aliceRoom.publish('n', n)
      await until('the numbers', () => bobHeard.filter((m) => m.type === 'n').length === 5)
      expect(bobHeard.filter((m) => m.type === 'n').map((m) => m.data)).toEqual([1, 2, 3, 4, 5])

      // An anonymous socket on the second server: heard on the first, under its pseudonym.
      const stranger = await rawSocket(two())
      stranger.send('subscribe', { channel: 'lobby', userId: aliceId })
      await until('the stranger to join', () => stranger.ofType('subscribed').length === 1)
      stranger.send('publish', { channel: 'lobby', type: 'chat', data: 'boo', userId: aliceId })
      await until('Alice to hear the stranger', () => aliceHeard.some((m) => m.data === 'boo'))
      const strangerId = aliceHeard.find((m) => m.data === 'boo')?.userId
      expect(strangerId).toMatch(/^anon:[0-9a-f]{16}$/)
      expect(idsOf(await alice.realtime.presence('lobby'))).toEqual(
        [aliceId, bobId, strangerId].sort(),
      )

      // Leaving crosses too: a clean close on the second server, an unsubscribe.
      stranger.ws.close()
      await bobRoom.unsubscribe()
      await until('the first server to see them go', async () => {
        return idsOf(await alice.realtime.presence('lobby')).join() === aliceId
      })
      await until(
        'Alice’s socket to hear it',
        () => idsOf(alicePresence.at(-1) ?? []).join() === aliceId,
      )

      // History is one, whichever server is asked.
      const history = await bob.realtime.channel('lobby').getMessages({ limit: 100 })
      expect(history.map((m) => m.id)).toEqual(aliceHeard.map((m) => m.id))
      await aliceRoom.unsubscribe()
    })

    test('a server whose LISTEN connection was cut listens again, and hears what comes next', async () => {
      const erin = await rawSocket(one(), (await signUp(one(), 'erin@example.com')).access_token)
      const frank = await rawSocket(two(), (await signUp(two(), 'frank@example.com')).access_token)
      erin.send('subscribe', { channel: 'cut' })
      frank.send('subscribe', { channel: 'cut' })
      await until('both to join', () =>
        [erin, frank].every((socket) => socket.ofType('subscribed').length === 1),
      )
      // Both servers' LISTEN connections: the backends whose last statement listens on the
      // channel of this schema (other test runs have channels of their own).
      const listenQuery = `listen "${notifyChannelName(schema, 'prompt-chat')}"`
      const listeners = () =>
        one().store.asOwner(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>(
            'select pid from pg_stat_activity where query = $1',
            [listenQuery],
          )
          return rows.map((row) => row.pid)
        })
      const cut = await listeners()
      expect(cut).toHaveLength(2)
      await one().store.asOwner(async (tx) => {
        for (const pid of cut) await tx.query('select pg_terminate_backend($1)', [pid])
      })
      await until('both servers to listen again', async () => {
        const now = await listeners()
        return now.length === 2 && now.every((pid) => !cut.includes(pid))
      })
      erin.send('publish', { channel: 'cut', type: 'chat', data: 'after the cut' })
      await until('Frank to hear it', () =>
        frank.ofType('message').some((frame) => frame.payload.data === 'after the cut'),
      )
      erin.ws.close()
      frank.ws.close()
    })

    test('a server whose rows were swept while it stalled writes them again', async () => {
      const tokens = await signUp(two(), 'dave@example.com')
      const dave = await rawSocket(two(), tokens.access_token)
      dave.send('subscribe', { channel: 'stall', metadata: { name: 'Dave' } })
      await until('Dave to join', () => dave.ofType('subscribed').length === 1)
      const rows = () =>
        one().store.asOwner(async (tx) => {
          const { rows } = await tx.query<{ user_id: string }>(
            `select user_id from "${schema}".realtime_presence where channel = 'stall'`,
          )
          return rows.map((row) => row.user_id)
        })
      const [daveId] = await rows()
      expect(daveId).toMatch(/^user_/)
      // What another server's sweep does to a server that missed its heartbeats.
      await one().store.asOwner((tx) =>
        tx.query(`delete from "${schema}".realtime_presence where channel = 'stall'`),
      )
      await until('the rows to be written again', async () => (await rows()).join() === daveId)
      dave.ws.close()
      await until('Dave’s row to go with his socket', async () => (await rows()).length === 0)
    })

    test('the members of a server that dies expire on the others', async () => {
      const tokens = await signUp(one(), 'carol@example.com')
      const watcher = await rawSocket(one(), tokens.access_token)
      watcher.send('subscribe', { channel: 'wake', metadata: { role: 'watcher' } })

      // A third server in a process of its own, killed without a chance to say goodbye.
      const childDir = await mkdtemp(path.join(tmpdir(), 'realtime-cluster-child-'))
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', serverProcessScript],
        {
          env: {
            ...process.env,
            REALTIME_SERVER_CONFIG: JSON.stringify({
              dataDir: childDir,
              databaseUrl: TEST_DATABASE_URL,
              schema,
              secret: SECRET,
              ...TIMING,
            }),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
      try {
        const childUrl = await new Promise<string>((resolve, reject) => {
          let out = ''
          child.stdout?.on('data', (chunk) => {
            out += String(chunk)
            const ready = /READY (\S+)/.exec(out)
            if (ready?.[1]) resolve(ready[1])
          })
          child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)))
        })
        const doomed = await rawSocket({ url: childUrl } as LocalServer)
        doomed.send('subscribe', { channel: 'wake', metadata: { role: 'doomed' } })
        const doomedPresent = (frame: Frame) =>
          ((frame.payload.data as { users: PresenceUser[] }).users ?? []).some(
            (user) => user.metadata.role === 'doomed',
          )
        await until('the watcher to see the doomed member', () =>
          watcher.ofType('presence').some(doomedPresent),
        )
        const before = await one().store.query<{ n: string }>(
          `select count(*)::text as n from "${schema}".realtime_presence where channel = 'wake'`,
        )
        expect(before.rows[0]?.n).toBe('2')

        const killedAt = Date.now()
        child.kill('SIGKILL')
        await until(
          'the doomed member to expire',
          () => {
            const last = watcher.ofType('presence').at(-1)
            return last !== undefined && !doomedPresent(last)
          },
          10_000,
        )
        // Within the TTL and a heartbeat or two (slack for a loaded machine).
        expect(Date.now() - killedAt).toBeLessThan(
          TIMING.presenceTtlMs + 4 * TIMING.heartbeatMs + 2000,
        )
        const last = watcher.ofType('presence').at(-1)?.payload.data as { users: PresenceUser[] }
        expect(last.users.map((user) => user.metadata)).toEqual([{ role: 'watcher' }])
        doomed.ws.terminate()
      } finally {
        child.kill('SIGKILL')
        watcher.ws.close()
        await rm(childDir, { recursive: true, force: true })
      }
    }, 60_000)
  },
)
