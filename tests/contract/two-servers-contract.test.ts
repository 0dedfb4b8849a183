import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import type { TokenResponse } from '../../contract/auth-session'
import type { PresenceUser, RealtimeMessage } from '../../contract/realtime-frames'
import { REFRESH_REUSE_GRACE_SECONDS } from '../../mocks/platform/auth/auth-service'
import type { TokenSet } from '../../src/platform/types'
import { postgresAvailability } from '../support/postgres'
import {
  createTestDatabase,
  type ServerProcess,
  startServerProcess,
  until,
  waitForHealth,
} from '../support/server-processes'
import { openAuthPage, postAuthForm, signUpThroughAuthPage } from '../support/sign-up'

// Two server processes of `npm start` (without the build) on one PostgreSQL, reached only over
// HTTP and WebSocket: what one takes, the other serves, and killing one loses nothing it
// acknowledged (docs/wire-contract.md, "Several servers on one PostgreSQL").

const postgres = await postgresAvailability()
const SECRET = 'two-servers-secret-of-at-least-32-characters'
const PROJECT = 'prompt-chat'
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7])

type Frame = { type: string; payload: Record<string, unknown> }

/** A socket to `url` with `token`, recording every frame. */
async function socket(url: string, token: string) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/?project_id=${PROJECT}&token=${token}`)
  const frames: Frame[] = []
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  return {
    ws,
    frames,
    send: (type: string, payload: Record<string, unknown>) =>
      ws.send(JSON.stringify({ type, payload })),
    ofType: (type: string) => frames.filter((frame) => frame.type === type),
  }
}

const bearer = (tokens: TokenSet) => ({ Authorization: `Bearer ${tokens.access_token}` })

const refresh = (url: string, refreshToken: string) =>
  fetch(`${url}/api/auth/refresh`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })

/** The same address, on the other server. */
const on = (url: string, address: string) => {
  const moved = new URL(address)
  const target = new URL(url)
  moved.host = target.host
  return moved.toString()
}

async function history(url: string, tokens: TokenSet, channel: string) {
  const res = await fetch(
    `${url}/api/realtime/${PROJECT}/messages?channel=${encodeURIComponent(channel)}&limit=1000`,
    { headers: bearer(tokens) },
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { messages: RealtimeMessage[] }).messages
}

describe.skipIf(!postgres.available)(
  `two server processes on one PostgreSQL${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let first: ServerProcess
    let second: ServerProcess
    let one: string
    let two: string
    let alice: TokenSet
    let bob: TokenSet
    /** Alice's first refresh token, rotated on the first server at `rotatedAt`. */
    let rotated: { old: string; newest: string; at: number }

    beforeAll(async () => {
      database = await createTestDatabase('two_servers')
      const env = { DATABASE_URL: database.url, PLATFORM_SECRET: SECRET }
      // One after the other: the second finds the database migrated.
      first = await startServerProcess(env)
      one = await first.url
      second = await startServerProcess(env)
      two = await second.url
      await Promise.all([waitForHealth(one), waitForHealth(two)])

      alice = await signUpThroughAuthPage(fetch, one, { email: 'alice@example.com' })
      bob = await signUpThroughAuthPage(fetch, two, { email: 'bob@example.com' })
      // Rotated now, reused at the end: the reuse grace runs meanwhile.
      const old = alice.refresh_token ?? ''
      const res = await refresh(one, old)
      expect(res.status).toBe(200)
      const next = (await res.json()) as TokenResponse
      rotated = { old, newest: next.refresh_token, at: Date.now() }
    }, 120_000)

    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()])
      await database?.drop()
    }, 60_000)

    test('both answer their health on PostgreSQL, and a token from one is good on the other', async () => {
      for (const url of [one, two]) {
        expect(await (await fetch(`${url}/api/health`)).json()).toEqual({
          ok: true,
          store: 'postgres',
        })
      }
      const me = await fetch(`${two}/api/auth/me`, { headers: bearer(alice) })
      expect(me.status).toBe(200)
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(
        'alice@example.com',
      )
    })

    test('a sign-in page opened on one posts to the other, and its code is exchanged on the first, once', async () => {
      // Behind a load balancer each of these may reach another server: nothing is sticky.
      const form = await openAuthPage(fetch, two, { mode: 'sign-in' })
      const signedIn = await postAuthForm(
        fetch,
        one,
        'sign-in',
        { email: 'alice@example.com', password: 'password-123' },
        form,
      )
      expect(signedIn.status).toBe(303)
      const code = new URL(signedIn.headers.get('location') ?? '', one).searchParams.get('code')
      const exchangeOn = (url: string) =>
        fetch(`${url}/api/auth/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ code }),
        })
      const exchanged = await exchangeOn(two)
      expect(exchanged.status).toBe(200)
      expect(await exchanged.json()).toMatchObject({ token_type: 'Bearer' })
      // Used up on every server.
      const again = await exchangeOn(one)
      expect(again.status).toBe(400)
    })

    test('a realtime message and presence cross between them', async () => {
      const onOne = await socket(one, alice.access_token)
      const onTwo = await socket(two, bob.access_token)
      try {
        onOne.send('subscribe', { channel: 'lobby', metadata: { name: 'Alice' } })
        await until('Alice to join', () => onOne.ofType('subscribed').length === 1)
        onTwo.send('subscribe', { channel: 'lobby', metadata: { name: 'Bob' } })
        await until('Bob to join', () => onTwo.ofType('subscribed').length === 1)

        // Alice's socket, on the first server, hears Bob join on the second.
        const names = (frame: Frame) =>
          ((frame.payload.data as { users: PresenceUser[] }).users ?? [])
            .map((user) => user.metadata.name)
            .sort()
            .join()
        await until('Alice to see Bob', () =>
          onOne.ofType('presence').some((frame) => names(frame) === 'Alice,Bob'),
        )
        for (const [url, tokens] of [
          [one, bob],
          [two, alice],
        ] as const) {
          const res = await fetch(`${url}/api/realtime/${PROJECT}/presence?channel=lobby`, {
            headers: bearer(tokens),
          })
          const { users } = (await res.json()) as { users: PresenceUser[] }
          expect(users.map((user) => user.metadata.name).sort()).toEqual(['Alice', 'Bob'])
        }

        onOne.send('publish', { channel: 'lobby', type: 'chat', data: { text: 'hello from one' } })
        await until('Bob to hear Alice', () =>
          onTwo.ofType('message').some((frame) => frame.payload.type === 'chat'),
        )
        const heard = onTwo.ofType('message')[0]?.payload as unknown as RealtimeMessage
        const acked = onOne.ofType('published')[0]?.payload.messageId
        expect(heard).toMatchObject({ id: acked, data: { text: 'hello from one' } })

        const res = await fetch(`${two}/api/realtime/${PROJECT}/publish`, {
          method: 'POST',
          headers: { ...bearer(bob), 'Content-Type': 'application/json' },
          body: JSON.stringify({
            channel: 'lobby',
            type: 'chat',
            data: { text: 'hello from two' },
          }),
        })
        const { messageId } = (await res.json()) as { messageId: string }
        await until('Alice to hear Bob', () =>
          onOne.ofType('message').some((frame) => frame.payload.id === messageId),
        )
      } finally {
        onOne.ws.close()
        onTwo.ws.close()
      }
    }, 60_000)

    test('a file uploaded through one downloads through the other', async () => {
      const form = new FormData()
      form.append('file', new Blob([PNG]), 'me.png')
      form.append('path', 'avatars/alice.png')
      const uploaded = await fetch(`${one}/api/storage/${PROJECT}/upload`, {
        method: 'POST',
        headers: bearer(alice),
        body: form,
      })
      expect(uploaded.status).toBe(200)
      const { publicUrl } = (await uploaded.json()) as { publicUrl: string }
      const served = await fetch(on(two, publicUrl))
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
    })

    test('a generated image and a fetch job taken by one are served by the other', async () => {
      const image = await fetch(`${one}/api/ai/${PROJECT}/image`, {
        method: 'POST',
        headers: { ...bearer(alice), 'Content-Type': 'application/json' },
        body: JSON.stringify({ prompt: 'a lighthouse', n: 1 }),
      })
      expect(image.status).toBe(200)
      const { data } = (await image.json()) as { data: Array<{ url: string }> }
      const generated = await fetch(data[0]?.url ?? '')
      const elsewhere = await fetch(on(two, data[0]?.url ?? ''))
      expect(elsewhere.status).toBe(200)
      expect(elsewhere.headers.get('content-type')).toBe('image/png')
      expect(new Uint8Array(await elsewhere.arrayBuffer())).toEqual(
        new Uint8Array(await generated.arrayBuffer()),
      )

      const queued = await fetch(`${one}/api/data/${PROJECT}/fetch`, {
        method: 'POST',
        headers: { ...bearer(alice), 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: 'https://1.1.1.1/two-servers', async: true }),
      })
      expect(queued.status).toBe(202)
      const { jobId } = (await queued.json()) as { jobId: string }
      let job: { status: string; result?: { status: number } } = { status: 'queued' }
      await until('the job to finish, read on the other server', async () => {
        const res = await fetch(`${two}/api/data/${PROJECT}/fetch/${jobId}`, {
          headers: bearer(alice),
        })
        job = (await res.json()) as typeof job
        return job.status !== 'queued'
      })
      expect(job).toMatchObject({ status: 'completed', result: { status: 200 } })
      // Nobody else learns it exists, on either server.
      const stranger = await fetch(`${two}/api/data/${PROJECT}/fetch/${jobId}`, {
        headers: bearer(bob),
      })
      expect(stranger.status).toBe(404)
    })

    test('a refresh token rotated on one and reused on the other revokes its family', async () => {
      // Within the grace a rotated token answers with its successor (several tabs); after it,
      // presenting it again is reuse.
      const wait = rotated.at + REFRESH_REUSE_GRACE_SECONDS * 1000 + 1000 - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      const reused = await refresh(two, rotated.old)
      expect(reused.status).toBe(401)
      expect(await reused.json()).toMatchObject({ error: { code: 'refresh_token_reused' } })
      // The newest token of the family stops working too, on both servers.
      for (const url of [one, two]) {
        const res = await refresh(url, rotated.newest)
        expect(res.status).toBe(401)
      }
    }, 30_000)

    test('one server killed mid-stream leaves the other serving, with every acknowledged message kept', async () => {
      const publisher = await socket(one, alice.access_token)
      const listener = await socket(two, bob.access_token)
      publisher.send('subscribe', { channel: 'stream' })
      listener.send('subscribe', { channel: 'stream' })
      await until('both to join', () =>
        [publisher, listener].every((s) => s.ofType('subscribed').length === 1),
      )
      const acked = () => publisher.ofType('published').map((f) => String(f.payload.messageId))

      // A steady stream of messages; the first server dies while they are still coming.
      let sent = 0
      const sender = setInterval(() => {
        if (publisher.ws.readyState !== WebSocket.OPEN) return
        for (let i = 0; i < 5; i++) {
          publisher.send('publish', { channel: 'stream', type: 'n', data: { n: sent++ } })
        }
      }, 5)
      try {
        await until('some messages to be acknowledged', () => acked().length >= 50)
        first.child.kill('SIGKILL')
        expect(await first.exited).toBe('SIGKILL')
      } finally {
        clearInterval(sender)
      }
      const acknowledged = acked()
      // Some were in flight when it died: they may or may not be kept, but they were not acked.
      expect(sent).toBeGreaterThan(acknowledged.length)

      // The survivor serves, and its history holds every message the dead one acknowledged.
      expect((await fetch(`${two}/api/health`)).status).toBe(200)
      const kept = new Set((await history(two, bob, 'stream')).map((m) => m.id))
      expect(acknowledged.filter((id) => !kept.has(id))).toEqual([])
      // Acknowledged means announced too: the other server's socket heard each one live.
      await until('the listener to hear every acknowledged message', () => {
        const heard = new Set(listener.ofType('message').map((f) => String(f.payload.id)))
        return acknowledged.every((id) => heard.has(id))
      })

      // And it goes on taking messages.
      const res = await fetch(`${two}/api/realtime/${PROJECT}/publish`, {
        method: 'POST',
        headers: { ...bearer(bob), 'Content-Type': 'application/json' },
        body: JSON.stringify({ channel: 'stream', type: 'after', data: 'still here' }),
      })
      expect(res.status).toBe(200)
      const { messageId } = (await res.json()) as { messageId: string }
      await until('the listener to hear it', () =>
        listener.ofType('message').some((f) => f.payload.id === messageId),
      )
      publisher.ws.terminate()
      listener.ws.close()
    }, 60_000)
  },
)
