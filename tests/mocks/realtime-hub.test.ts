import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRealtimeHub, type RealtimeHub } from '../../mocks/platform/realtime/realtime-hub'
import { readServerConfig } from '../../mocks/server/server-config'
import type { TokenSet } from '../../src/platform/types'
import { createTestPlatform, type TestPlatform } from '../support/test-platform'

type Frame = { type: string; payload: Record<string, unknown> }

/** A socket as the hub sees it, recording frames, with a way to wait for the next of a type. */
function fakeSocket() {
  const frames: Frame[] = []
  const waiters: Array<{ type: string; from: number; resolve: (frame: Frame) => void }> = []
  const socket = {
    frames,
    closed: null as { code: number; reason: string } | null,
    send(text: string) {
      frames.push(JSON.parse(text) as Frame)
      for (const waiter of [...waiters]) {
        const found = frames.slice(waiter.from).find((frame) => frame.type === waiter.type)
        if (found) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(found)
        }
      }
    },
    close(code: number, reason: string) {
      socket.closed = { code, reason }
    },
    /** The first frame of `type` received from now on. */
    next(type: string): Promise<Frame> {
      return new Promise((resolve) => waiters.push({ type, from: frames.length, resolve }))
    },
    ofType: (type: string) => frames.filter((frame) => frame.type === type),
    /** Resolves once `count` frames have arrived (frames sent together in one turn included). */
    async untilCount(count: number): Promise<void> {
      while (frames.length < count) await new Promise((resolve) => setTimeout(resolve, 1))
    },
  }
  return socket
}

/** A value `depth` arrays deep. */
const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : [nested(depth - 1)])

let clockMs = Date.now()
let test: TestPlatform
let hub: RealtimeHub
let alice: TokenSet
let bob: TokenSet
let aliceId: string
let bobId: string

const url = (token?: string, projectId = 'prompt-chat') =>
  `ws://localhost:3000/?project_id=${projectId}${token ? `&token=${token}` : ''}`

function userIdOf(tokens: TokenSet): string {
  const payload = tokens.access_token.split('.')[1] ?? ''
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub
}

/** A socket signed in as `tokens`, already through authentication. */
async function connected(tokens: TokenSet) {
  const socket = fakeSocket()
  const connection = hub.connect(socket, url(tokens.access_token))
  const send = (type: string, payload: Record<string, unknown> = {}) =>
    connection.receive(JSON.stringify({ type, payload }))
  return { socket, connection, send }
}

async function subscribed(tokens: TokenSet, channel: string, metadata = {}) {
  const client = await connected(tokens)
  const ack = client.socket.next('subscribed')
  client.send('subscribe', { channel, metadata })
  expect((await ack).payload).toEqual({ channel })
  return client
}

beforeAll(async () => {
  test = await createTestPlatform({ now: () => new Date(clockMs) })
  // Presence at once, so each change is its own frame.
  hub = createRealtimeHub(test.platform.deps, { presenceMinIntervalMs: 0, presencePerMemberMs: 0 })
  alice = await test.signUp('alice@example.com')
  bob = await test.signUp('bob@example.com')
  aliceId = userIdOf(alice)
  bobId = userIdOf(bob)
})
afterAll(async () => {
  await hub.close()
  await test.close()
})

async function expectRefused(target: RealtimeHub, address: string, message: string, code: number) {
  const socket = fakeSocket()
  const error = socket.next('error')
  const connection = target.connect(socket, address)
  expect((await error).payload).toEqual({ error: message })
  expect(socket.closed).toEqual({ code, reason: message })
  connection.receive(JSON.stringify({ type: 'ping', payload: {} }))
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(socket.ofType('pong')).toEqual([])
}

/** A socket without a token (the hosted SDK's way), on `target`. */
function anonymous(target: RealtimeHub = hub) {
  const socket = fakeSocket()
  const connection = target.connect(socket, url())
  const send = (type: string, payload: Record<string, unknown> = {}) =>
    connection.receive(JSON.stringify({ type, payload }))
  return { socket, connection, send }
}

const ANONYMOUS_ID = /^anon:[0-9a-f]{16}$/

describe('realtime hub: who may connect', () => {
  it.each([
    // A token that does not verify is refused: it never falls back to an anonymous socket.
    ['a forged token', url('not-a-jwt'), 'Invalid token', 4401],
    ['another project', url('x', 'other-project'), 'Unknown project', 4404],
  ])('refuses %s with an error frame and close code', async (_, address, message, code) => {
    await expectRefused(hub, address, message, code)
  })

  it('requires auth only when REALTIME_REQUIRE_AUTH=1', () => {
    expect(readServerConfig({}).realtimeRequireAuth).toBe(false)
    expect(readServerConfig({ REALTIME_REQUIRE_AUTH: '1' }).realtimeRequireAuth).toBe(true)
  })

  it('refuses a socket without a token when the project requires auth, and takes a token', async () => {
    const strict = createRealtimeHub(test.platform.deps, { requireAuth: true })
    try {
      await expectRefused(strict, url(), 'Authentication required', 4401)
      const socket = fakeSocket()
      const connection = strict.connect(socket, url(alice.access_token))
      const ack = socket.next('subscribed')
      connection.receive(JSON.stringify({ type: 'subscribe', payload: { channel: 'strict' } }))
      expect((await ack).payload).toEqual({ channel: 'strict' })
      expect((await strict.presence('strict')).map((user) => user.userId)).toEqual([aliceId])
    } finally {
      await strict.close()
    }
  })

  it('handles frames sent before the token is checked, in order', async () => {
    const { socket, send } = await connected(alice)
    send('subscribe', { channel: 'early' })
    send('ping')
    await socket.untilCount(4)
    expect(socket.frames.map((frame) => frame.type)).toEqual([
      'subscribed',
      'presence',
      'pong',
      'presence',
    ])
  })
})

describe('realtime hub: channels', () => {
  it('acknowledges a publish and fans the message out to every member', async () => {
    const a = await subscribed(alice, 'room-1', { name: 'Alice' })
    const b = await subscribed(bob, 'room-1')
    const outsider = await subscribed(bob, 'room-2')
    const ack = a.socket.next('published')
    const delivered = b.socket.next('message')
    clockMs += 1000
    a.send('publish', {
      channel: 'room-1',
      type: 'chat',
      data: { text: 'hi', z: 1, a: [1, 2] },
      userId: 'someone-else',
      metadata: { mood: 'happy' },
    })
    const { payload: acked } = await ack
    expect(acked.channel).toBe('room-1')
    expect(acked.messageId).toMatch(/^msg_[0-9a-f]{32}$/)
    expect((await delivered).payload).toEqual({
      id: acked.messageId,
      channel: 'room-1',
      type: 'chat',
      data: { text: 'hi', z: 1, a: [1, 2] },
      timestamp: clockMs,
      // The server stamps the authenticated author, whatever the frame claims.
      userId: aliceId,
      metadata: { mood: 'happy' },
    })
    // The sender hears its own message too; a member of another channel does not.
    await expect.poll(() => a.socket.ofType('message').length).toBe(1)
    expect(outsider.socket.ofType('message')).toEqual([])
  })

  it('acknowledges publishes in the order they were sent', async () => {
    const a = await subscribed(alice, 'ordered')
    for (const n of [1, 2, 3]) a.send('publish', { channel: 'ordered', type: 'n', data: n })
    await expect.poll(() => a.socket.ofType('message').length).toBe(3)
    const acks = a.socket.ofType('published').map((frame) => frame.payload.messageId)
    const messages = a.socket.ofType('message').map((frame) => frame.payload)
    expect(messages.map((message) => message.data)).toEqual([1, 2, 3])
    expect(messages.map((message) => message.id)).toEqual(acks)
  })

  it('stops delivering after unsubscribe', async () => {
    const a = await subscribed(alice, 'leaving')
    const b = await subscribed(bob, 'leaving')
    const left = b.socket.next('unsubscribed')
    b.send('unsubscribe', { channel: 'leaving' })
    expect((await left).payload).toEqual({ channel: 'leaving' })
    const ack = a.socket.next('published')
    a.send('publish', { channel: 'leaving', type: 't', data: null })
    await ack
    await expect.poll(() => a.socket.ofType('message').length).toBe(1)
    expect(b.socket.ofType('message')).toEqual([])
  })

  it('answers ping with pong', async () => {
    const { socket, send } = await connected(alice)
    const pong = socket.next('pong')
    send('ping')
    expect((await pong).payload).toEqual({})
  })
})

describe('realtime hub: presence', () => {
  it('tells members who joins, who leaves and when each was last seen', async () => {
    clockMs += 1000
    const joinedAt = clockMs
    const a = await subscribed(alice, 'lobby', { name: 'Alice' })
    expect(a.socket.ofType('presence').at(-1)?.payload).toEqual({
      channel: 'lobby',
      data: {
        users: [{ userId: aliceId, metadata: { name: 'Alice' }, joinedAt, lastSeen: joinedAt }],
      },
    })

    const bobJoined = a.socket.next('presence')
    clockMs += 1000
    const bobJoinedAt = clockMs
    const b = await subscribed(bob, 'lobby', { name: 'Bob' })
    const users = (await bobJoined).payload.data as { users: Array<{ userId: string }> }
    expect(users.users.map((user) => user.userId)).toEqual([aliceId, bobId])

    const seen = b.socket.next('presence')
    clockMs += 5000
    const pingAt = clockMs
    a.send('ping')
    const afterPing = (await seen).payload.data as { users: Array<Record<string, unknown>> }
    expect(afterPing.users).toEqual([
      { userId: aliceId, metadata: { name: 'Alice' }, joinedAt, lastSeen: pingAt },
      {
        userId: bobId,
        metadata: { name: 'Bob' },
        joinedAt: bobJoinedAt,
        lastSeen: bobJoinedAt,
      },
    ])
    expect((await hub.presence('lobby')).map((user) => user.userId)).toEqual([aliceId, bobId])

    const left = b.socket.next('presence')
    a.connection.closed()
    const afterLeave = (await left).payload.data as { users: Array<{ userId: string }> }
    expect(afterLeave.users.map((user) => user.userId)).toEqual([bobId])
    expect((await hub.presence('lobby')).map((user) => user.userId)).toEqual([bobId])
  })

  it('lists a user with two sockets once', async () => {
    await subscribed(alice, 'tabs', { tab: 1 })
    await subscribed(alice, 'tabs', { tab: 2 })
    expect(await hub.presence('tabs')).toEqual([
      expect.objectContaining({ userId: aliceId, metadata: { tab: 2 } }),
    ])
  })
})

describe('realtime hub: sockets without a token', () => {
  it('are accepted, under a pseudonym the server chose, whatever user id they claim', async () => {
    const listener = await subscribed(bob, 'open-room')
    const stranger = anonymous()
    const joined = stranger.socket.next('subscribed')
    // Claims to be Alice when joining and when publishing.
    stranger.send('subscribe', { channel: 'open-room', userId: aliceId, metadata: { n: 1 } })
    await joined
    const ack = stranger.socket.next('published')
    const heard = listener.socket.next('message')
    stranger.send('publish', { channel: 'open-room', type: 'chat', data: 'hi', userId: aliceId })
    const messageId = (await ack).payload.messageId
    const message = (await heard).payload
    expect(message).toMatchObject({
      id: messageId,
      data: 'hi',
      userId: expect.stringMatching(ANONYMOUS_ID),
    })
    expect(message.userId).not.toBe(aliceId)

    const users = await hub.presence('open-room')
    expect(users.map((user) => user.userId).sort()).toEqual([message.userId, bobId].sort())
    expect(users.find((user) => user.userId === message.userId)?.metadata).toEqual({ n: 1 })

    // History keeps the pseudonym too: nothing anywhere says Alice sent it.
    const history = await hub.history.list(
      {
        role: 'authenticated',
        claims: { sub: bobId, email: 'bob@example.com', role: 'authenticated' },
      },
      { channel: 'open-room', limit: 10 },
    )
    expect(history.map((m) => [m.id, m.userId])).toEqual([[messageId, message.userId]])
  })

  it('are one member each, with a pseudonym of their own', async () => {
    const first = anonymous()
    const second = anonymous()
    for (const { socket, send } of [first, second]) {
      const joined = socket.next('subscribed')
      send('subscribe', { channel: 'two-strangers' })
      await joined
    }
    const ids = (await hub.presence('two-strangers')).map((user) => user.userId)
    expect(ids).toHaveLength(2)
    expect(new Set(ids).size).toBe(2)
    for (const id of ids) expect(id).toMatch(ANONYMOUS_ID)
  })

  it('cannot make the database take a message as a signed-in user', async () => {
    // The platform's role, which stores anonymous messages, may write only `anon:` authors.
    await expect(
      test.store.query(
        `insert into realtime_messages (id, channel, type, data, user_id, metadata, created_at)
         values ('msg_forged', 'c', 't', null, $1, '{}', now())`,
        [aliceId],
      ),
    ).rejects.toThrow(/row-level security/)
  })

  it('do not open the HTTP routes: those still need a signed-in caller', async () => {
    for (const path of ['presence?channel=open-room', 'messages?channel=open-room']) {
      const res = await test.platform.fetch(
        new Request(`http://localhost:3000/api/realtime/prompt-chat/${path}`),
      )
      expect(res.status).toBe(401)
    }
  })
})

describe('realtime hub: bad frames', () => {
  it('answers a frame that is not JSON with an error and disturbs nobody', async () => {
    const a = await subscribed(alice, 'sturdy')
    const b = await subscribed(bob, 'sturdy')
    const error = a.socket.next('error')
    a.connection.receive('{not json')
    expect((await error).payload).toEqual({ error: 'Realtime messages must be valid JSON' })
    expect(a.socket.closed).toBeNull()

    const delivered = b.socket.next('message')
    a.send('publish', { channel: 'sturdy', type: 'after', data: 'still here' })
    expect((await delivered).payload.data).toBe('still here')
    expect(b.socket.ofType('error')).toEqual([])
  })

  it.each([
    [{ type: 'dance', payload: {} }, { error: 'Unknown frame type: dance' }],
    [[1, 2], { error: 'A frame must be a JSON object {type, payload}' }],
    [{ type: 'subscribe', payload: {} }, { error: 'channel is required' }],
    [
      { type: 'publish', payload: { channel: 'c' } },
      { error: 'type is required', channel: 'c' },
    ],
    [
      { type: 'subscribe', payload: { channel: 'c', metadata: 'x' } },
      { error: 'metadata must be an object', channel: 'c' },
    ],
    [
      { type: 'subscribe', payload: { channel: 'c'.repeat(201) } },
      { error: 'channel must be at most 200 characters' },
    ],
    // What PostgreSQL's text would refuse, said before it is stored.
    [
      { type: 'publish', payload: { channel: 'a\u0000b', type: 't' } },
      { error: 'channel must not contain NUL characters' },
    ],
    [
      { type: 'subscribe', payload: { channel: 'a\u0000b' } },
      { error: 'channel must not contain NUL characters' },
    ],
    [
      { type: 'publish', payload: { channel: 'c', type: 't\u0000' } },
      { error: 'type must not contain NUL characters', channel: 'c' },
    ],
    [
      { type: 'publish', payload: { channel: 'c', type: '\udc00' } },
      { error: 'type must not contain unpaired UTF-16 surrogates', channel: 'c' },
    ],
    [
      { type: 'publish', payload: { channel: 'c', type: 't', data: nested(70) } },
      { error: 'data must not be nested more than 64 levels deep', channel: 'c' },
    ],
    [
      { type: 'subscribe', payload: { channel: 'c', metadata: { deep: nested(70) } } },
      { error: 'metadata must not be nested more than 64 levels deep', channel: 'c' },
    ],
  ])('refuses %j with an error frame', async (frame, expected) => {
    const { socket, connection } = await connected(alice)
    const error = socket.next('error')
    connection.receive(JSON.stringify(frame))
    expect((await error).payload).toEqual(expected)
    expect(socket.closed).toBeNull()
  })
})

describe('realtime: bad input over HTTP, and what the database still refuses', () => {
  const api = (path: string, init: RequestInit = {}) =>
    test.platform.fetch(
      new Request(`http://localhost:3000/api/realtime/prompt-chat/${path}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${alice.access_token}`,
          'Content-Type': 'application/json',
        },
      }),
    )
  const publish = (body: unknown) => api('publish', { method: 'POST', body: JSON.stringify(body) })
  const refusal = (code: string, message: string) => ({ error: { code, message } })

  it('keeps a NUL inside message data (json holds any text) and gives it back', async () => {
    const res = await publish({ channel: 'nul-data', type: 't', data: { text: 'a\u0000b' } })
    expect(res.status).toBe(200)
    const history = await api('messages?channel=nul-data')
    const { messages } = (await history.json()) as { messages: Array<{ data: unknown }> }
    expect(messages.map((message) => message.data)).toEqual([{ text: 'a\u0000b' }])
  })

  it('refuses a NUL in type or channel with a 400 naming the field', async () => {
    const res = await publish({ channel: 'c', type: 't\u0000' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(
      refusal('INVALID_REQUEST', 'type must not contain NUL characters'),
    )
    const history = await api('messages?channel=a%00b')
    expect(history.status).toBe(400)
    expect(await history.json()).toEqual(
      refusal('INVALID_REQUEST', 'channel must not contain NUL characters'),
    )
  })

  it.each([
    ['start', '%2B300000-01-01T00:00:00Z'],
    ['start', '%2B200000-01-01T00:00:00Z'],
    ['end', '0000-12-31T23:59:59Z'],
    ['end', 'not%20a%20date'],
    // Epoch milliseconds of the year 10000.
    ['start', '253402300800000'],
  ])('refuses history %s=%s with a 400 that gives the range', async (name, value) => {
    const res = await api(`messages?channel=c&${name}=${value}`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(
      refusal(
        'INVALID_REQUEST',
        `${name} must be a message id or a timestamp from the year 1 to 9999`,
      ),
    )
  })

  it('takes history bounds at both ends of the range', async () => {
    const res = await api(
      'messages?channel=nul-data&start=0001-01-01T00:00:00Z&end=9999-12-31T23:59:59.999Z',
    )
    expect(res.status).toBe(200)
    expect(((await res.json()) as { messages: unknown[] }).messages).toHaveLength(1)
  })

  it('reads start=- and end=+ (the hosted SDK’s open ends) as no bound', async () => {
    const open = await api('messages?channel=nul-data&start=-&end=%2B')
    const plain = await api('messages?channel=nul-data')
    expect(open.status).toBe(200)
    expect(await open.json()).toEqual(await plain.json())
  })

  describe('a constraint the checks do not know', () => {
    beforeAll(async () => {
      await test.store.asOwner(async (tx) => {
        await tx.query(
          `alter table realtime_messages add constraint no_forbidden check (type <> 'forbidden')`,
        )
        await tx.query(
          `create unique index realtime_messages_once on realtime_messages (type) where type = 'once'`,
        )
      })
    })
    const checkMessage =
      'new row for relation "realtime_messages" violates check constraint "no_forbidden"'

    it('is a 400 with the database’s words over HTTP, as the table API answers', async () => {
      const res = await publish({ channel: 'c', type: 'forbidden' })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual(refusal('23514', checkMessage))
    })

    it('is a 409 for a duplicate, as the table API answers', async () => {
      expect((await publish({ channel: 'c', type: 'once' })).status).toBe(200)
      const again = await publish({ channel: 'c', type: 'once' })
      expect(again.status).toBe(409)
      expect(await again.json()).toEqual(
        refusal('23505', 'duplicate key value violates unique constraint "realtime_messages_once"'),
      )
    })

    it('is an error frame with the same words over the socket', async () => {
      const { socket, send } = await connected(alice)
      const error = socket.next('error')
      send('publish', { channel: 'c', type: 'forbidden' })
      expect((await error).payload).toEqual({ error: checkMessage, channel: 'c' })
      expect(socket.closed).toBeNull()
    })
  })
})

describe('realtime hub: shutdown', () => {
  it('closes every socket with 1001 so clients reconnect', async () => {
    const other = createRealtimeHub(test.platform.deps)
    const socket = fakeSocket()
    other.connect(socket, url(alice.access_token))
    const closing = other.close()
    expect(socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' })
    await closing
  })
})
