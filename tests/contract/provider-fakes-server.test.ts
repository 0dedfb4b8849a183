import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type LocalServer, startLocalServer } from '../../mocks/server/local-server'
import { readServerConfig } from '../../mocks/server/server-config'
import { readAppConfig } from '../../src/app/config'
import { listCompatibleModels } from '../../src/providers/list-models'
import { sendChat } from '../../src/providers/send-chat'

// `FAKE_PROVIDERS=1 npm start`: the fakes on the server's own origin, and a page that calls them.
let server: LocalServer
let dataDir: string
const INDEX = '<!doctype html><html><head><title>Prompt Chat</title></head><body></body></html>'

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'provider-fakes-server-'))
  const distDir = path.join(dataDir, 'dist')
  await mkdir(distDir)
  await writeFile(path.join(distDir, 'index.html'), INDEX)
  await writeFile(path.join(distDir, 'app.js'), 'console.log(1)')
  server = await startLocalServer({
    ...readServerConfig({ FAKE_PROVIDERS: '1', PORT: '0', DATA_DIR: dataDir }),
    distDir,
  })
})
afterAll(async () => {
  await server?.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** The app config the served page would start with. */
async function pageConfig(address: string) {
  const html = await (await fetch(`${server.url}${address}`)).text()
  const element = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)
  return { html, config: readAppConfig({}, server.url, element?.[1]) }
}

test('FAKE_PROVIDERS=1 turns the fakes on; anything else leaves them off', () => {
  expect(readServerConfig({ FAKE_PROVIDERS: '1' }).fakeProviders).toBe(true)
  expect(readServerConfig({ FAKE_PROVIDERS: 'true' }).fakeProviders).toBe(false)
  expect(readServerConfig({}).fakeProviders).toBe(false)
})

describe('the served page', () => {
  test.each(['/', '/index.html', '/?prompt=%7B%7D', '/some/deep/address'])(
    '%s carries the fakes as provider base URLs',
    async (address) => {
      const { html, config } = await pageConfig(address)
      expect(html).toContain('<title>Prompt Chat</title>')
      expect(config.providerBaseUrls).toEqual({
        openai: `${server.url}/fake-providers/openai`,
        anthropic: `${server.url}/fake-providers/anthropic`,
        google: `${server.url}/fake-providers/google`,
      })
    },
  )

  test('other files are served as built', async () => {
    expect(await (await fetch(`${server.url}/app.js`)).text()).toBe('console.log(1)')
  })
})

describe('the fakes over HTTP, called by the real adapters', () => {
  test('answer each provider and record what came in, keys masked', async () => {
    await fetch(`${server.url}/fake-providers/requests`, { method: 'DELETE' })
    const { config } = await pageConfig('/')
    const baseUrls = config.providerBaseUrls
    const messages = [
      { role: 'system' as const, content: 'Speak like a pirate.' },
      { role: 'user' as const, content: 'Hello' },
    ]
    const replies = await Promise.all([
      sendChat(
        { provider: 'openai', apiKey: 'sk-test-0001', model: 'gpt-4o', messages },
        { baseUrls },
      ),
      sendChat(
        { provider: 'anthropic', apiKey: 'sk-ant-test-0002', model: 'claude-sonnet-4', messages },
        { baseUrls },
      ),
      sendChat(
        { provider: 'google', apiKey: 'AIza-test-0003', model: 'gemini-2.5-pro', messages },
        { baseUrls },
      ),
    ])
    for (const reply of replies) {
      expect(reply.content).toContain('You said: Hello')
      expect(reply.content).toContain('System prompt: "Speak like a pirate."')
    }

    const recorded = await (await fetch(`${server.url}/fake-providers/requests`)).json()
    const byProvider = Object.fromEntries(
      recorded.map((r: { provider: string }) => [r.provider, r]),
    )
    expect(byProvider.openai).toMatchObject({
      method: 'POST',
      url: `${server.url}/fake-providers/openai/v1/chat/completions`,
      headers: { authorization: 'Bearer ********0001' },
      body: { model: 'gpt-4o', messages },
    })
    expect(byProvider.anthropic.headers['x-api-key']).toBe('********0002')
    expect(byProvider.anthropic.body.system).toBe('Speak like a pirate.')
    expect(byProvider.google.url).toBe(
      `${server.url}/fake-providers/google/v1beta/models/gemini-2.5-pro:generateContent?key=********0003`,
    )
    expect(JSON.stringify(recorded)).not.toContain('test-000')
  })

  test('surface the failure triggers as the user-visible errors', async () => {
    const { config } = await pageConfig('/')
    const ask = (provider: string, apiKey: string, content: string) =>
      sendChat(
        { provider, apiKey, model: 'm1', messages: [{ role: 'user', content }] },
        { baseUrls: config.providerBaseUrls },
      )
    await expect(ask('openai', 'sk-live-9999', 'Hi')).rejects.toThrow(
      'OpenAI API error: Incorrect API key provided: ********9999.',
    )
    await expect(ask('anthropic', 'sk-ant-test-1', '[fail:unreadable]')).rejects.toThrow(
      'Anthropic API error: Unknown error',
    )
    await expect(ask('google', 'AIza-test-1', '[fail:safety]')).rejects.toThrow(
      'Response blocked by safety filters',
    )
  })

  test('stream over HTTP at the [rate:N] asked for; a [stall] ends when the client aborts', async () => {
    await fetch(`${server.url}/fake-providers/requests`, { method: 'DELETE' })
    const { config } = await pageConfig('/')
    const stream = (provider: string, apiKey: string, content: string, signal?: AbortSignal) => {
      const deltas: string[] = []
      const result = sendChat(
        { provider, apiKey, model: 'm1', messages: [{ role: 'user', content }] },
        { baseUrls: config.providerBaseUrls, signal, onDelta: (text) => deltas.push(text) },
      )
      return { deltas, result }
    }
    const started = Date.now()
    const paced = stream('anthropic', 'sk-ant-test-1', 'Hello [rate:200]')
    const reply = await paced.result
    expect(reply.content).toContain('You said: Hello [rate:200]')
    expect(paced.deltas.join('')).toBe(reply.content)
    // 5 ms before each chunk of text.
    expect(Date.now() - started).toBeGreaterThanOrEqual(paced.deltas.length * 5 - 5)

    const controller = new AbortController()
    const stalled = stream('openai', 'sk-test-1', 'Hello [stall:2]', controller.signal)
    const failure = stalled.result.catch((e: unknown) => e)
    for (let i = 0; i < 200 && stalled.deltas.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 5))
    }
    controller.abort()
    expect(await failure).toMatchObject({ name: 'AbortError', partial: stalled.deltas.join('') })
    expect(stalled.deltas).toHaveLength(2)

    // The server is fine afterwards, and recorded both streaming requests.
    const google = stream('google', 'AIza-test-1', 'Hi')
    expect((await google.result).content).toContain('You said: Hi')
    const recorded = await (await fetch(`${server.url}/fake-providers/requests`)).json()
    expect(recorded.map((r: { body: { stream?: boolean } }) => r.body.stream)).toEqual([
      true,
      true,
      undefined,
    ])
    expect(recorded[2].url).toMatch(/:streamGenerateContent\?alt=sse&key=\*+st-1$/)
  })

  test('answer pages of other origins, as the real APIs do', async () => {
    const preflight = await fetch(`${server.url}/fake-providers/anthropic/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key,anthropic-version',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'content-type,x-api-key,anthropic-version',
    )
  })

  test('the fake OpenAI-compatible server lives at /fake-compatible, listed and streamed', async () => {
    await fetch(`${server.url}/fake-providers/requests`, { method: 'DELETE' })
    const base = `${server.url}/fake-compatible`
    expect(await listCompatibleModels({ baseUrl: base, apiKey: '' })).toEqual({
      ok: true,
      models: ['llama3.2:3b', 'qwen2.5:7b'],
      textOnly: ['llama3.2:3b'],
    })
    const deltas: string[] = []
    const reply = await sendChat(
      {
        provider: 'openai-compatible',
        baseUrl: base,
        label: 'Local',
        apiKey: 'sk-local-0004',
        model: 'qwen2.5:7b',
        messages: [{ role: 'user', content: 'Hello' }],
      },
      { onDelta: (text) => deltas.push(text) },
    )
    expect(reply.content).toContain('OpenAI-compatible fake reply')
    expect(deltas.join('')).toBe(reply.content)
    const recorded = await (await fetch(`${server.url}/fake-providers/requests`)).json()
    expect(recorded).toMatchObject([
      { provider: 'openai-compatible', method: 'GET', url: `${base}/v1/models` },
      {
        provider: 'openai-compatible',
        method: 'POST',
        url: `${base}/v1/chat/completions`,
        headers: { authorization: 'Bearer ********0004' },
        body: { model: 'qwen2.5:7b', stream: true },
      },
    ])
    const preflight = await fetch(`${base}/v1/models`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('?key= keeps to the requests sent with those keys, to read and to forget', async () => {
    await fetch(`${server.url}/fake-providers/requests`, { method: 'DELETE' })
    const { config } = await pageConfig('/')
    const baseUrls = config.providerBaseUrls
    const ask = (provider: 'openai' | 'anthropic' | 'google', apiKey: string, content: string) =>
      sendChat(
        { provider, apiKey, model: 'gpt-4o', messages: [{ role: 'user', content }] },
        { baseUrls },
      )
    await ask('openai', 'sk-test-mine-1111', 'mine')
    await ask('openai', 'sk-test-theirs-2222', 'theirs')
    await ask('google', 'AIza-test-mine-3333', 'mine too')
    const read = async (query: string) =>
      (
        (await (await fetch(`${server.url}/fake-providers/requests${query}`)).json()) as Array<{
          body: { messages?: Array<{ content: string }>; contents?: unknown }
          headers: Record<string, string>
        }>
      ).map((r) => r.headers.authorization ?? r.headers['x-goog-api-key'] ?? 'query key')
    expect(await read('?key=sk-test-mine-1111')).toEqual(['Bearer ********1111'])
    expect(await read('?key=sk-test-mine-1111&key=AIza-test-mine-3333')).toHaveLength(2)
    expect(await read('?key=sk-test-nobody')).toEqual([])

    const forgot = await fetch(`${server.url}/fake-providers/requests?key=sk-test-mine-1111`, {
      method: 'DELETE',
    })
    expect(forgot.status).toBe(204)
    expect(await read('?key=sk-test-mine-1111')).toEqual([])
    expect(await read('?key=sk-test-theirs-2222')).toEqual(['Bearer ********2222'])
    expect(await read('')).toHaveLength(2)
  })

  test('DELETE /fake-providers/requests forgets them', async () => {
    const cleared = await fetch(`${server.url}/fake-providers/requests`, { method: 'DELETE' })
    expect(cleared.status).toBe(204)
    expect(await (await fetch(`${server.url}/fake-providers/requests`)).json()).toEqual([])
  })
})
