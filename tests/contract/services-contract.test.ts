import { expect, test } from 'vitest'
import { WebSocket } from 'ws'
import type { RealtimeMessage } from '../../contract/realtime-frames'
import { createPlatformClient } from '../../src/platform/index'
import type { WebSocketConstructor } from '../../src/platform/platform-context'
import type { TokenSet } from '../../src/platform/types'
import { describeOnEveryBackend } from '../support/contract-backends'

// The SDK's AI, data, storage, realtime, e-mail and analytics calls against the local server
// over real HTTP and WebSocket, on PGlite and PostgreSQL.

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
])

async function until(what: string, condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describeOnEveryBackend('AI, data, storage, realtime, e-mail and analytics', (backend) => {
  const { server, signedIn } = backend

  /** A signed-in client whose WebSocket is the `ws` package's and whose fetch is recorded. */
  async function fullClient(email: string) {
    const { tokens, userId } = await signedIn(email)
    const requests: string[] = []
    const storage = new Map<string, string>()
    const client = createPlatformClient({
      projectId: 'prompt-chat',
      authUrl: server().url,
      coreUrl: server().url,
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
      fetch: (input, init) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)
        return fetch(input, init)
      },
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      browser: { href: () => `${server().url}/`, referrer: () => '', doNotTrack: () => false },
    })
    client.auth.setTokens(tokens as TokenSet)
    return { client, userId, requests }
  }

  test('AI text (prompt and messages), streaming and object answers derive from the input', async () => {
    const { client } = await fullClient('ai-text@example.com')
    const first = await client.ai.generateText({ prompt: 'Name three colours' })
    const again = await client.ai.generateText({ prompt: 'Name three colours' })
    const other = await client.ai.generateText({
      messages: [{ role: 'user', content: 'Tell me about owls' }],
    })
    expect(first.text).toMatch(/\S/)
    expect(again.text).toBe(first.text)
    expect(other.text).not.toBe(first.text)
    expect(first.usage.totalTokens).toBe(first.usage.promptTokens + first.usage.completionTokens)
    expect(first.finishReason).toBe('stop')

    const chunks: string[] = []
    const streamed = await client.ai.streamText({ prompt: 'Name three colours' }, (chunk) =>
      chunks.push(chunk),
    )
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.join('')).toBe(streamed.text)
    expect(streamed.text).toBe(first.text)
    expect(streamed.messageId).toMatch(/\S/)

    const object = await client.ai.generateObject<{ name: string }>({
      prompt: 'A person',
      schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    })
    expect(typeof object.object.name).toBe('string')
  })

  test('AI image and speech URLs really serve a generated file; transcription answers text', async () => {
    const { client } = await fullClient('ai-media@example.com')
    const image = await client.ai.generateImage({ prompt: 'a red square', n: 2 })
    expect(image.data).toHaveLength(2)
    const picture = await fetch(image.data[0]?.url ?? '')
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/png')
    expect([...new Uint8Array(await picture.arrayBuffer()).slice(0, 4)]).toEqual([
      0x89, 0x50, 0x4e, 0x47,
    ])
    await expect(
      client.ai.modifyImage({ prompt: 'x', images: ['http://example.com/a.png'] }),
    ).rejects.toThrow('Image URLs must use HTTPS protocol')

    const speech = await client.ai.generateSpeech({ text: 'Hello there' })
    expect(speech).toMatchObject({ voice: 'alloy', format: 'mp3', mimeType: 'audio/mpeg' })
    const audio = await fetch(speech.url)
    expect(audio.status).toBe(200)
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(0)

    const heard = await client.ai.transcribeAudio({ audio: [1, 2, 3, 4, 5, 6, 7, 8] })
    expect(heard.text).toMatch(/\S/)
  })

  test('data: fixture pages are fetched and converted for real; other hosts answer offline', async () => {
    const { client } = await fullClient('data@example.com')
    const article = `${server().url}/fixtures/article.html`
    const page = await client.data.scrape(article)
    expect(page.metadata?.title).toBe('Keeping Prompts Organised: A Field Guide')
    expect(page.metadata?.author).toBe('Ada Moreno')
    expect(page.markdown).toMatch(/^#+ /m)
    expect(page.markdown).not.toContain('should never reach the markdown')
    const onlyLinks = await client.data.scrape(article, { formats: ['links'] })
    expect(Object.keys(onlyLinks)).toEqual(['links'])

    const text = await client.data.extractFromUrl(article)
    expect(text).toContain('Keeping Prompts Organised')
    const chunks = await client.data.extractFromUrl(article, { chunking: true, chunkSize: 200 })
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.every((chunk) => chunk.length <= 200)).toBe(true)
    const fromBlob = await client.data.extractFromBlob(
      new Blob(['Plain words in a file'], { type: 'text/plain' }),
    )
    expect(fromBlob).toContain('Plain words in a file')

    expect(await client.data.screenshot('https://example.com/')).toMatch(/^http/)
    const fetched = await client.data.fetch({ url: `${server().url}/fixtures/plain.txt` })
    expect(fetched.status).toBe(200)
    const queued = await client.data.fetch({ url: 'https://example.com/' }, { async: true })
    expect(queued).toMatchObject({ status: 'queued', jobId: expect.any(String) })

    const search = await client.data.search('prompt libraries', { num: 3 })
    const again = await client.data.search('prompt libraries', { num: 3 })
    expect(again).toEqual(search)
  })

  test('storage: upload with the type fixed from the bytes, 409 without upsert, download, remove', async () => {
    const { client, userId, requests } = await fullClient('files@example.com')
    const progress: number[] = []
    const path = `${userId}/avatar.txt`
    const uploaded = await client.storage.upload(PNG, path, {
      onProgress: (percent) => progress.push(percent),
    })
    expect(uploaded.path).toBe(`${userId}/avatar.png`)
    expect(progress.at(-1)).toBe(100)
    const served = await fetch(uploaded.publicUrl)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)

    await expect(client.storage.upload(PNG, path)).rejects.toMatchObject({
      status: 409,
      message: 'File already exists. Set upsert: true to overwrite.',
    })
    await client.storage.upload(PNG, path, { upsert: true })
    // Paths are free-form, but another user's home folder and objects are not the caller's.
    await expect(client.storage.upload(PNG, `user_${'0'.repeat(32)}/x.png`)).rejects.toMatchObject({
      status: 403,
    })
    const shared = await client.storage.upload(PNG, 'shared/avatar.png')
    expect(shared.path).toBe('shared/avatar.png')

    const sent = requests.length
    await expect(
      client.storage.upload(new Blob([new Uint8Array(51 * 1024 * 1024)]), `${userId}/big`),
    ).rejects.toThrow('File size (51.00 MB) exceeds maximum allowed size (50MB)')
    expect(requests).toHaveLength(sent) // refused before a byte left

    expect(await client.storage.download(`${userId}/avatar.png`)).toEqual({
      downloadUrl: expect.stringMatching(/^http/),
      filename: 'avatar.png',
      contentType: 'image/png',
      size: PNG.byteLength,
    })
    await expect(client.storage.download(`${userId}/missing.png`)).rejects.toMatchObject({
      status: 404,
      message: 'File not found',
    })
    expect(await client.storage.remove([`${userId}/avatar.png`])).toEqual({
      removed: [`${userId}/avatar.png`],
    })
    expect((await fetch(uploaded.publicUrl)).status).toBe(404)
  })

  test('realtime over a real WebSocket: subscribe, publish, fan-out, presence and history', async () => {
    const alice = await fullClient('rt-alice@example.com')
    const bob = await fullClient('rt-bob@example.com')
    const heard: RealtimeMessage[] = []
    const aliceRoom = alice.client.realtime.channel('room-1')
    aliceRoom.onMessage((message) => heard.push(message))
    await aliceRoom.subscribe({ metadata: { name: 'Alice' } })
    const bobRoom = bob.client.realtime.channel('room-1')
    await bobRoom.subscribe({ metadata: { name: 'Bob' } })

    const id = await bobRoom.publish('chat', { text: 'hi all' })
    await until('the fan-out', () => heard.length === 1)
    expect(heard[0]).toMatchObject({
      id,
      type: 'chat',
      data: { text: 'hi all' },
      userId: bob.userId,
    })
    await bob.client.realtime.publish('room-1', 'chat', { text: 'over http' })
    await until('the HTTP publish', () => heard.length === 2)

    const users = await alice.client.realtime.presence('room-1')
    expect(users.map((user) => user.userId).sort()).toEqual([alice.userId, bob.userId].sort())
    expect(users.find((user) => user.userId === alice.userId)?.metadata).toEqual({ name: 'Alice' })

    const history = await aliceRoom.getMessages({ limit: 10 })
    expect(history.map((message) => message.data)).toEqual([
      { text: 'hi all' },
      { text: 'over http' },
    ])
    await bobRoom.unsubscribe()
    await until('bob to leave', () => !bobRoom.isConnected())
    await expect
      .poll(async () => (await alice.client.realtime.presence('room-1')).map((u) => u.userId))
      .toEqual([alice.userId])
    await aliceRoom.unsubscribe()
  })

  test('e-mail: the field rule, delivery into the outbox the user can list', async () => {
    const { client } = await fullClient('mail@example.com')
    await expect(
      client.notifications.sendEmail({ to: 'x@example.com', subject: 'Hi' }),
    ).rejects.toThrow('The to, subject, and either html or text fields are required.')
    const sent = await client.notifications.sendEmail({
      to: 'friend@example.com',
      subject: 'A prompt for you',
      text: 'Try this one',
    })
    expect(sent).toEqual({ success: true, messageId: expect.stringMatching(/\S/) })
    const { data } = await client.http.request<{ messages: Array<Record<string, unknown>> }>(
      '/api/notifications/prompt-chat/outbox',
      { convertKeys: false },
    )
    expect(data.messages).toContainEqual(
      expect.objectContaining({ id: sent.messageId, subject: 'A prompt for you' }),
    )
  })

  test('analytics: a batch of events is stored on the server with the user it belongs to', async () => {
    const { client, userId } = await fullClient('stats@example.com')
    client.analytics.setUser({ id: userId, email: 'stats@example.com' })
    for (let i = 0; i < 3; i++) client.analytics.log('prompt_run', { n: i })
    await client.analytics.flush()
    const rows = await client.db.sql<{ type: string; sessionId: string }>(
      'select type, session_id from analytics_events where user_id = $1 order by occurred_at',
      [userId],
    )
    expect(rows.map((row) => row.type)).toEqual(['prompt_run', 'prompt_run', 'prompt_run'])
    expect(rows[0]?.sessionId).toMatch(/^sess_/)
  })
})
