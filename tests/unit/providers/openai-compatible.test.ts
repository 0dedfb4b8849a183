import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { COMPATIBLE_FAKE_BASE_URL as BASE } from '../../../mocks/msw/provider-handlers'
import { LIST_MODELS_TIMEOUT_MS, listCompatibleModels } from '../../../src/providers/list-models'
import type { ChatRequest } from '../../../src/providers/provider-call'
import { sendChat } from '../../../src/providers/send-chat'
import { ChatStreamError } from '../../../src/providers/stream-errors'
import { mswServer } from '../../support/msw-server'
import { useProviderFakes } from './fakes-under-msw'

const fakes = useProviderFakes()
const ask = (
  content: string,
  extra: { apiKey?: string; baseUrl?: string; label?: string } = {},
): ChatRequest => ({
  provider: 'openai-compatible',
  apiKey: extra.apiKey ?? '',
  model: 'llama3.2:3b',
  messages: [{ role: 'user', content }],
  baseUrl: extra.baseUrl ?? BASE,
  label: extra.label ?? 'Ollama',
})

describe('listing a server’s models', () => {
  test('GET {base}/v1/models, without a key no Authorization header', async () => {
    // docs/product/attachments.md#models-that-cannot-see: the list says llama takes text alone.
    expect(await listCompatibleModels({ baseUrl: BASE, apiKey: '' })).toEqual({
      ok: true,
      models: ['llama3.2:3b', 'qwen2.5:7b'],
      textOnly: ['llama3.2:3b'],
    })
    expect(fakes().requests).toEqual([
      expect.objectContaining({
        provider: 'openai-compatible',
        method: 'GET',
        url: `${BASE}/v1/models`,
        headers: {},
      }),
    ])
  })

  test('with a key, a bearer token; a trailing slash on the base is fine', async () => {
    await listCompatibleModels({ baseUrl: `${BASE}/`, apiKey: 'sk-or-1' })
    expect(fakes().requests[0]).toMatchObject({
      url: `${BASE}/v1/models`,
      headers: { authorization: 'Bearer sk-or-1' },
    })
  })

  test('keeps the server’s order, drops repeats, and reads only the ids', async () => {
    mswServer.use(
      http.get(`${BASE}/v1/models`, () =>
        HttpResponse.json({ data: [{ id: 'b' }, { id: 'a', extra: 1 }, { id: 'b' }] }),
      ),
    )
    expect(await listCompatibleModels({ baseUrl: BASE, apiKey: '' })).toEqual({
      ok: true,
      models: ['b', 'a'],
    })
  })

  test.each([
    ['a non-2xx answer', 'refused', () => HttpResponse.json({ error: {} }, { status: 401 })],
    ['HTML', 'unreadable', () => new HttpResponse('<html></html>', { status: 200 })],
    ['another shape', 'unreadable', () => HttpResponse.json({ models: ['a'] })],
    ['an empty id', 'unreadable', () => HttpResponse.json({ object: 'list', data: [{ id: '' }] })],
    ['a wrong object', 'unreadable', () => HttpResponse.json({ object: 'dict', data: [] })],
    ['no connection', 'unreachable', () => HttpResponse.error()],
  ] as const)('%s is %s', async (_, kind, answer) => {
    mswServer.use(http.get(`${BASE}/v1/models`, answer))
    expect(await listCompatibleModels({ baseUrl: BASE, apiKey: '' })).toMatchObject({
      ok: false,
      kind,
    })
  })

  test('a refusal keeps its status', async () => {
    mswServer.use(http.get(`${BASE}/v1/models`, () => new HttpResponse(null, { status: 503 })))
    expect(await listCompatibleModels({ baseUrl: BASE, apiKey: '' })).toEqual({
      ok: false,
      kind: 'refused',
      status: 503,
    })
  })

  test('a server that never answers is unreachable after the time-out, not a hang', async () => {
    expect(LIST_MODELS_TIMEOUT_MS).toBe(5_000)
    const started = Date.now()
    // Answers only when the request is aborted, as a silent server would.
    const silent: typeof fetch = (_, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )
    const result = await listCompatibleModels({
      baseUrl: BASE,
      apiKey: '',
      fetch: silent,
      timeoutMs: 50,
    })
    expect(result).toEqual({ ok: false, kind: 'unreachable' })
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe('chatting with a server (provider openai-compatible)', () => {
  test('OpenAI’s request at {base}/v1/chat/completions, no Authorization header without a key', async () => {
    const result = await sendChat(ask('Hello'))
    expect(result.content).toContain('**OpenAI-compatible fake reply** (llama3.2:3b)')
    expect(fakes().requests).toEqual([
      expect.objectContaining({
        provider: 'openai-compatible',
        method: 'POST',
        url: `${BASE}/v1/chat/completions`,
        headers: { 'content-type': 'application/json' },
        body: {
          model: 'llama3.2:3b',
          messages: [{ role: 'user', content: 'Hello' }],
          max_tokens: 1000,
          temperature: 0.7,
        },
      }),
    ])
  })

  test('with a key, a bearer token; the configured OpenAI base is not used', async () => {
    await sendChat(ask('Hello', { apiKey: 'sk-local' }), {
      baseUrls: { openai: 'https://elsewhere.example' },
    })
    expect(fakes().requests[0]).toMatchObject({
      url: `${BASE}/v1/chat/completions`,
      headers: { authorization: 'Bearer sk-local' },
    })
  })

  test('streams in OpenAI’s format, piece by piece', async () => {
    const pieces: string[] = []
    const result = await sendChat(ask('Stream it'), { onDelta: (text) => pieces.push(text) })
    expect(pieces.length).toBeGreaterThan(3)
    expect(pieces.join('')).toBe(result.content)
    expect(result.usage.totalTokens).toBeGreaterThan(0)
    expect(fakes().requests[0]?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    })
  })

  test('errors carry the server’s name, before and during a stream', async () => {
    await expect(sendChat(ask('[fail:500]'))).rejects.toThrow(
      'Ollama API error: The server had an error while processing your request. Sorry about that!',
    )
    const midway = sendChat(ask('Go on [fail-mid:2]'), { onDelta: () => {} })
    await expect(midway).rejects.toBeInstanceOf(ChatStreamError)
    await expect(midway).rejects.toThrow(/^Ollama API error: /)
    await expect(
      sendChat({ ...ask('Hi'), model: 'not-pulled' }, { onDelta: () => {} }),
    ).rejects.toThrow("Ollama API error: The model 'not-pulled' does not exist")
  })

  test('without a base URL it refuses; hosted providers are unchanged', async () => {
    await expect(sendChat({ ...ask('Hi'), baseUrl: undefined })).rejects.toThrow(
      "openai-compatible needs the server's base URL",
    )
    await expect(sendChat({ ...ask('Hi'), provider: 'server:abc' })).rejects.toThrow(
      'Unsupported provider: server:abc',
    )
  })
})
