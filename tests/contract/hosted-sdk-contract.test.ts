import { createClient } from '@blinkdotnew/sdk'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { describeOnEveryBackend } from '../support/contract-backends'
import { routeHostedSdkTo } from '../support/hosted-sdk'

// The hosted platform's own SDK (@blinkdotnew/sdk 0.17.3, installed unmodified) against the
// local platform over real HTTP and a real WebSocket, on PGlite and on PostgreSQL. Only its
// hard-coded hosts are pointed at the local server (tests/support/hosted-sdk.ts); nothing else
// is adapted (docs/wire-contract.md, "Hosted SDK differences").

type Blink = ReturnType<typeof createClient>
type Row = Record<string, unknown> & { id: string }

/** A PNG's first bytes: enough for the SDK's and the platform's type sniffing. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 1, 2])

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms),
    ),
  ])

describeOnEveryBackend('the hosted SDK, unmodified', ({ server, signUp }) => {
  let restore: () => void
  beforeAll(() => {
    restore = routeHostedSdkTo(() => server().url)
    // The SDK narrates every step on console.log.
    vi.spyOn(console, 'log').mockImplementation(() => {})
  })
  afterAll(() => {
    restore()
    vi.restoreAllMocks()
  })

  /** Signs up through the hosted page, then hands the token to the SDK as a server app does. */
  async function hosted(email: string): Promise<{ blink: Blink; userId: string }> {
    const tokens = await signUp(email, 'Hosted User')
    const blink = createClient({ projectId: 'prompt-chat', authRequired: false })
    await blink.auth.setToken(tokens.access_token)
    const user = await blink.auth.me()
    return { blink, userId: user.id }
  }

  test('auth.me answers the signed-in user', async () => {
    const { blink, userId } = await hosted('hosted-me@example.com')
    expect(blink.auth.isAuthenticated()).toBe(true)
    const me = await blink.auth.me()
    expect(me).toMatchObject({ id: userId, email: 'hosted-me@example.com' })
    expect(userId).toMatch(/\S/)
  })

  // The hosted SDK returns `data.user` unconverted and its BlinkUser reads camelCase.
  test('auth.me and updateMe carry displayName and createdAt as the SDK types them', async () => {
    const { blink } = await hosted('hosted-names@example.com')
    const me = await blink.auth.me()
    expect(me.displayName).toBe('Hosted User')
    expect(me.createdAt).toEqual(expect.any(String))
    const updated = await blink.auth.updateMe({ displayName: 'Renamed' })
    expect(updated.displayName).toBe('Renamed')
  })

  test('every db operator, with values the SDK encodes twice (spaces, %, commas, & and =)', async () => {
    const { blink, userId } = await hosted('hosted-ops@example.com')
    const prompts = blink.db.table<Row>('prompts')
    const titles = ['alpha', 'beta gamma', '100% sure', 'a,b', 'x&y=z', 'ünï (c)']
    await prompts.createMany(
      titles.map((title, i) => ({
        userId,
        title,
        content: `${title}-content`,
        type: i % 2 ? 'system' : 'user',
        createdAt: `2026-05-0${i + 1}T00:00:00.000Z`,
      })),
    )
    // Sorted here: collations differ between the stores on 'ü' against 'x'.
    const sorted = (values: string[]) => [...values].sort()
    const list = async (where: Record<string, unknown>) =>
      sorted(
        (await prompts.list({ where: { userId, ...where } })).map((row) => row.title as string),
      )
    const at = (day: number) => `2026-05-0${day}T00:00:00.000Z`

    expect(await list({ title: 'beta gamma' })).toEqual(['beta gamma'])
    expect(await list({ title: { eq: '100% sure' } })).toEqual(['100% sure'])
    expect(await list({ title: { eq: 'x&y=z' } })).toEqual(['x&y=z'])
    expect(await list({ title: { neq: 'a,b' } })).toEqual(sorted(titles.filter((t) => t !== 'a,b')))
    expect(await list({ createdAt: { gt: at(4) } })).toEqual(sorted(titles.slice(4)))
    expect(await list({ createdAt: { gte: at(4) } })).toEqual(sorted(titles.slice(3)))
    expect(await list({ createdAt: { lt: at(2) } })).toEqual(['alpha'])
    expect(await list({ createdAt: { lte: at(2) } })).toEqual(['alpha', 'beta gamma'])
    expect(await list({ title: { like: 'beta %' } })).toEqual(['beta gamma'])
    expect(await list({ title: { like: '100%' } })).toEqual(['100% sure'])
    expect(await list({ title: { ilike: '%GAMMA' } })).toEqual(['beta gamma'])
    expect(await list({ title: { like: 'ünï (%' } })).toEqual(['ünï (c)'])
    expect(await list({ title: { is: null } })).toEqual([])
    expect(await list({ title: { not: 'alpha' } })).toEqual(
      sorted(titles.filter((t) => t !== 'alpha')),
    )
    expect(await list({ title: { in: ['a,b', '100% sure', 'none'] } })).toEqual([
      '100% sure',
      'a,b',
    ])
    expect(await list({ title: { not_in: ['a,b', 'alpha', 'x&y=z'] } })).toEqual(
      sorted(['beta gamma', '100% sure', 'ünï (c)']),
    )
    // `is` on a nullable column, and plain equality beside it.
    const messages = blink.db.table<Row>('chatMessages')
    await messages.createMany([
      { userId, modelId: 'gpt-5', role: 'user', content: 'plain' },
      { userId, modelId: 'gpt-5', role: 'user', content: 'prompted', systemPromptId: 'p1' },
    ])
    const contents = async (where: Record<string, unknown>) =>
      (await messages.list({ where: { userId, ...where } })).map((row) => row.content)
    expect(await contents({ systemPromptId: { is: null } })).toEqual(['plain'])
    expect(await contents({ systemPromptId: 'p1' })).toEqual(['prompted'])

    // get, update, delete, deleteMany: the rest of the table API the SDK uses.
    const [first] = await prompts.list({ where: { userId, title: 'alpha' } })
    expect(await prompts.get(first!.id)).toMatchObject({ title: 'alpha', userId })
    expect(await prompts.update(first!.id, { title: 'alpha 2' })).toMatchObject({
      id: first!.id,
      title: 'alpha 2',
    })
    await prompts.delete(first!.id)
    expect(await prompts.get(first!.id)).toBeNull()
    await prompts.deleteMany({ where: { userId, title: { like: '%,%' } } })
    expect(await list({ title: 'a,b' })).toEqual([])
  })

  test('AND/OR never reach the platform whole: the SDK cuts the parameter at its first "="', async () => {
    const { blink, userId } = await hosted('hosted-and-or@example.com')
    const sent: string[] = []
    const fetchBefore = globalThis.fetch
    globalThis.fetch = (input, init) => {
      sent.push(String(input))
      return fetchBefore(input, init)
    }
    try {
      await expect(
        blink.db.table('prompts').list({ where: { AND: [{ userId }, { title: 'x' }] } }),
      ).rejects.toMatchObject({ status: 400 })
    } finally {
      globalThis.fetch = fetchBefore
    }
    expect(new URL(sent[0]!).searchParams.get('and')).toBe('(user_id')
  })

  test('count and exists read the exact count from Content-Range', async () => {
    const { blink, userId } = await hosted('hosted-count@example.com')
    const quick = blink.db.table<Row>('quickPrompts')
    await quick.createMany(['p 1', 'p 2', 'p%3'].map((promptId) => ({ userId, promptId })))
    expect(await quick.count({ where: { userId } })).toBe(3)
    expect(await quick.count({ where: { userId, promptId: { like: 'p %' } } })).toBe(2)
    expect(await quick.count({ where: { userId, promptId: 'p%3' } })).toBe(1)
    expect(await quick.exists({ where: { userId, promptId: 'p 9' } })).toBe(false)
    expect(await quick.exists({ where: { userId, promptId: 'p 2' } })).toBe(true)
  })

  test('upsert and upsertMany post camelCase keys and read camelCase rows back', async () => {
    const { blink, userId } = await hosted('hosted-upsert@example.com')
    const keys = blink.db.table<Row>('userApiKeys')
    const first = await keys.upsert(
      { userId, provider: 'openai', apiKeyEncrypted: 'b25l' },
      { onConflict: 'userId,provider' },
    )
    expect(first).toMatchObject({ userId, provider: 'openai', apiKeyEncrypted: 'b25l' })
    expect(first.createdAt).toEqual(expect.any(String))
    const second = await keys.upsert(
      { userId, provider: 'openai', apiKeyEncrypted: 'dHdv' },
      { onConflict: 'userId,provider' },
    )
    expect(second).toMatchObject({ userId, provider: 'openai', apiKeyEncrypted: 'dHdv' })
    // One row per (user, provider). The SDK gives every record a fresh id, and a merge writes
    // every column the body names, so the merged row takes the second id.
    const stored = await keys.list({ where: { userId } })
    expect(stored.map((row) => [row.provider, row.apiKeyEncrypted])).toEqual([['openai', 'dHdv']])
    expect(stored[0]!.id).toBe(second.id)

    // Without onConflict the SDK posts ?on_conflict=id and no resolution: still a merge.
    const prompts = blink.db.table<Row>('prompts')
    const record = { id: `hosted-${Date.now()}`, userId, title: 'v1', content: 'c', type: 'user' }
    expect(await prompts.upsert(record)).toMatchObject({ id: record.id, title: 'v1', userId })
    expect(await prompts.upsert({ ...record, title: 'v2' })).toMatchObject({ title: 'v2' })
    const many = await prompts.upsertMany([
      { ...record, title: 'v3' },
      { id: `${record.id}-b`, userId, title: 'other', content: 'c', type: 'system' },
    ])
    expect(many.map((row) => row.title)).toEqual(['v3', 'other'])
    expect(many[1]).toMatchObject({ isPublic: '0', isActive: '0', createdAt: expect.any(String) })
    expect((await prompts.list({ where: { userId }, orderBy: { title: 'asc' } })).length).toBe(2)

    // A key that names no column is still a 4xx, in camelCase or not.
    await expect(prompts.upsert({ ...record, nope: 1 })).rejects.toMatchObject({ status: 400 })
    await expect(prompts.upsert({ ...record, userID: userId })).rejects.toMatchObject({
      status: 400,
    })
  })

  test('cursor paging: each page starts after the id of the last row of the one before', async () => {
    const { blink, userId } = await hosted('hosted-pages@example.com')
    const messages = blink.db.table<Row>('chatMessages')
    await messages.createMany(
      Array.from({ length: 7 }, (_, i) => ({
        userId,
        modelId: 'gpt-5',
        role: 'user',
        content: `m${i}`,
        // Ties on purpose: the id breaks them.
        createdAt: `2026-06-01T00:00:0${i % 3}.000Z`,
      })),
    )
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page++) {
      const rows = await messages.list({
        where: { userId },
        orderBy: { createdAt: 'desc' },
        limit: 3,
        ...(cursor ? { cursor } : {}),
      })
      seen.push(...rows.map((row) => row.content as string))
      if (rows.length < 3) break
      cursor = rows.at(-1)!.id
    }
    // Every row once, in the order of one unpaged read.
    const all = await messages.list({ where: { userId }, orderBy: { createdAt: 'desc' } })
    expect(seen).toEqual(all.map((row) => row.content))
    expect(new Set(seen).size).toBe(7)
  })

  test('sql and batch run under the caller, rows camelCased', async () => {
    const { blink, userId } = await hosted('hosted-sql@example.com')
    await blink.db.table('prompts').create({ userId, title: 'sql', content: 'c', type: 'user' })
    const { rows } = await blink.db.sql('select title, is_public from prompts where user_id = $1', [
      userId,
    ])
    expect(rows).toEqual([{ title: 'sql', isPublic: '0' }])
    const batch = await blink.db.batch(
      [
        { sql: 'update prompts set title = $1 where user_id = $2', args: ['batched', userId] },
        { sql: 'select title as new_title from prompts where user_id = $1', args: [userId] },
      ],
      'write',
    )
    expect(batch.results[1]!.rows).toEqual([{ newTitle: 'batched' }])
    await expect(
      blink.db.batch([{ sql: 'delete from prompts where user_id = $1', args: [userId] }], 'read'),
    ).rejects.toMatchObject({ status: 405 })
    const count = 'select count(*)::int as n from prompts where user_id = $1'
    expect((await blink.db.sql(count, [userId])).rows).toEqual([{ n: 1 }])
  })

  test('storage: upload to a free-form path, read it back, and remove it', async () => {
    const { blink } = await hosted('hosted-storage@example.com')
    const path = `avatars/${Date.now()}-me.png`
    const { publicUrl } = await blink.storage.upload(new Blob([PNG]), path, { upsert: true })
    expect(publicUrl).toMatch(/avatars\/.*-me\.png$/)
    const served = await fetch(publicUrl)
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
    const download = await blink.storage.download(path)
    expect(download).toMatchObject({ filename: expect.stringContaining('me.png') })
    expect((await fetch(download.downloadUrl)).status).toBe(200)

    // Someone else may neither overwrite nor remove it.
    const { blink: other } = await hosted('hosted-storage-other@example.com')
    await expect(other.storage.upload(new Blob([PNG]), path, { upsert: true })).rejects.toThrow()
    await other.storage.remove(path).catch(() => {})
    expect((await fetch(publicUrl)).status).toBe(200)

    await blink.storage.remove(path)
    expect((await fetch(publicUrl)).status).toBe(404)
  })

  test('realtime: subscribe, publish and presence over a socket without a token', async () => {
    const alice = await hosted('hosted-rt-a@example.com')
    const bob = await hosted('hosted-rt-b@example.com')
    const channel = `hosted-room-${Date.now()}`
    let heard: (message: { type: string; data: unknown }) => void = () => {}
    const message = new Promise<{ type: string; data: unknown }>((resolve) => {
      heard = resolve
    })
    // Presence frames are throttled (about 100 ms): wait for the one that shows both.
    let sawBoth: () => void = () => {}
    const bothPresent = new Promise<void>((resolve) => {
      sawBoth = resolve
    })
    const stopPresence = alice.blink.realtime.onPresence(channel, (users) => {
      if (users.length >= 2) sawBoth()
    })
    const stops: Array<() => void> = [stopPresence]
    try {
      stops.push(
        await bob.blink.realtime.subscribe(channel, (m) => heard(m), {
          userId: bob.userId,
          metadata: { name: 'Bob' },
        }),
      )
      stops.push(
        await alice.blink.realtime.subscribe(channel, () => {}, {
          userId: alice.userId,
          metadata: { name: 'Alice' },
        }),
      )
      const messageId = await alice.blink.realtime.publish(channel, 'chat', { text: 'hello' })
      expect(messageId).toEqual(expect.any(String))
      expect(await within(message, 5000, 'the published message')).toMatchObject({
        type: 'chat',
        data: { text: 'hello' },
      })
      await within(bothPresent, 5000, 'a presence frame with both members')
      const users = await alice.blink.realtime.presence(channel)
      expect(users).toHaveLength(2)
      expect(users.map((user) => user.metadata)).toEqual(
        expect.arrayContaining([{ name: 'Alice' }, { name: 'Bob' }]),
      )
    } finally {
      for (const stop of stops) stop()
    }
  })

  test('AI: generateText answers text', async () => {
    const { blink } = await hosted('hosted-ai@example.com')
    const { text } = await blink.ai.generateText({ prompt: 'Say hello' })
    expect(text).toEqual(expect.any(String))
    expect(text.length).toBeGreaterThan(0)
    const chat = await blink.ai.generateText({
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Hi' },
      ],
    })
    expect(chat.text.length).toBeGreaterThan(0)
  })

  // The hosted SDK returns the JSON answer unconverted and reads camelCase.
  test('AI: generateText carries finishReason and usage as the SDK types them', async () => {
    const { blink } = await hosted('hosted-ai-usage@example.com')
    const result = await blink.ai.generateText({ prompt: 'Say hello' })
    expect(result.finishReason).toBe('stop')
    expect(result.usage?.promptTokens).toBeGreaterThan(0)
  })

  test('AI: the SDK’s camelCase maxTokens cuts the reply there', async () => {
    const { blink } = await hosted('hosted-ai-limit@example.com')
    const result = await blink.ai.generateText({ prompt: 'Write some code', maxTokens: 3 })
    expect(result.text.split(/\s+/)).toHaveLength(3)
    expect(result.finishReason).toBe('length')
  })

  test('AI: streamText delivers chunks, usage and the finish reason', async () => {
    const { blink } = await hosted('hosted-stream@example.com')
    const chunks: string[] = []
    const result = await blink.ai.streamText({ prompt: 'Write some code' }, (chunk) =>
      chunks.push(chunk),
    )
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.join('')).toBe(result.text)
    expect(result.finishReason).toBe('stop')
    expect(result.usage?.promptTokens).toBeGreaterThan(0)
  })
})
