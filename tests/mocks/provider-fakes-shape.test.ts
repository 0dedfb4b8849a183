import { describe, expect, test } from 'vitest'
import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'
import type { FakeProviderName } from '../../mocks/providers/fake-types'

// Every header and body field is checked: anything missing, extra or wrong is a 400 in the
// provider's own error shape, naming the problem.
const fakes = createProviderFakes()

interface Call {
  url: string
  method?: string
  headers: Record<string, string>
  body: Record<string, unknown> | string
}

const valid: Record<FakeProviderName, () => Call> = {
  openai: () => ({
    url: 'https://api.openai.com/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-1' },
    body: {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Hi' },
      ],
      max_tokens: 1000,
      temperature: 0.7,
    },
  }),
  anthropic: () => ({
    url: 'https://api.anthropic.com/v1/messages',
    headers: {
      'content-type': 'application/json',
      'x-api-key': 'sk-ant-test-1',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    },
    body: {
      model: 'claude-sonnet-4',
      system: 'S',
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 1000,
      temperature: 0.7,
    },
  }),
  google: () => ({
    url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent?key=AIza-test-1',
    headers: { 'content-type': 'application/json' },
    body: {
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      systemInstruction: { parts: [{ text: 'S' }] },
      generationConfig: { maxOutputTokens: 1000, temperature: 0.7 },
    },
  }),
}

function send(provider: FakeProviderName, change: (call: Call) => void = () => {}) {
  const call = valid[provider]()
  change(call)
  return fakes[provider](
    new Request(call.url, {
      method: call.method ?? 'POST',
      headers: call.headers,
      body:
        call.method === 'GET'
          ? null
          : typeof call.body === 'string'
            ? call.body
            : JSON.stringify(call.body),
    }),
  )
}

/** The message of any of the three error shapes. */
async function errorOf(response: Response) {
  const body = await response.json()
  return { status: response.status, message: body.error.message as string, body }
}

// biome-ignore lint/suspicious/noExplicitAny: each case breaks a different spot of the JSON body
type Body = Record<string, any>
const body = (call: Call) => call.body as Body

test.each(['openai', 'anthropic', 'google'] as const)('%s accepts the valid request', async (p) => {
  expect((await send(p)).status).toBe(200)
})

/** Each provider's way of asking for a streamed answer, as the real API takes it. */
const streaming: Record<FakeProviderName, (call: Call) => void> = {
  openai: (c) => Object.assign(body(c), { stream: true, stream_options: { include_usage: true } }),
  anthropic: (c) => (body(c).stream = true),
  google: (c) => {
    c.url = c.url.replace(':generateContent?', ':streamGenerateContent?alt=sse&')
  },
}

test.each(['openai', 'anthropic', 'google'] as const)(
  '%s accepts the streaming request and answers server-sent events',
  async (p) => {
    const response = await send(p, streaming[p])
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(await response.text()).toMatch(/^(event: \w+\n)?data: \{/)
  },
)

test('OpenAI takes stream: false, and stream_options: null without stream', async () => {
  const off = await send('openai', (c) => Object.assign(body(c), { stream: false }))
  expect((await off.json()).object).toBe('chat.completion')
  const nullOptions = await send('openai', (c) => (body(c).stream_options = null))
  expect(nullOptions.status).toBe(200)
})

test('Google streamGenerateContent without alt=sse answers a JSON array of responses', async () => {
  const response = await send('google', (c) => {
    c.url = c.url.replace(':generateContent', ':streamGenerateContent')
  })
  const body = await response.json()
  expect(body).toHaveLength(1)
  expect(body[0].candidates[0].finishReason).toBe('STOP')
})

describe('OpenAI', () => {
  test.each<[string, (call: Call) => void, string]>([
    ['an extra field', (c) => (body(c).top_p = 1), 'Unrecognized request argument supplied: top_p'],
    [
      'a missing field',
      (c) => delete body(c).temperature,
      "Missing required parameter: 'temperature'.",
    ],
    [
      'a stream that is not a boolean',
      (c) => (body(c).stream = 'yes'),
      'Invalid \'stream\': expected a boolean, got "yes"',
    ],
    [
      'stream_options without stream',
      (c) => (body(c).stream_options = { include_usage: true }),
      "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
    ],
    [
      'an unknown stream option',
      (c) => Object.assign(body(c), { stream: true, stream_options: { chunk_size: 3 } }),
      'Unrecognized request argument supplied: stream_options.chunk_size',
    ],
    [
      'another max_tokens',
      (c) => (body(c).max_tokens = 500),
      "Invalid 'max_tokens': expected 1000, got 500",
    ],
    [
      'another temperature',
      (c) => (body(c).temperature = 1),
      "Invalid 'temperature': expected 0.7, got 1",
    ],
    [
      'an empty model',
      (c) => (body(c).model = ''),
      'Invalid \'model\': expected a model id, got ""',
    ],
    [
      'no messages',
      (c) => (body(c).messages = []),
      "Invalid 'messages': expected a non-empty array, got []",
    ],
    [
      'an unknown role',
      (c) => (body(c).messages[1].role = 'model'),
      "Invalid 'messages[1].role': expected one of 'system', 'user', 'assistant', got \"model\"",
    ],
    [
      'an extra message field',
      (c) => (body(c).messages[0].name = 'x'),
      'Unrecognized request argument supplied: messages[0].name',
    ],
    [
      'a body that is not JSON',
      (c) => (c.body = '{'),
      'We could not parse the JSON body of your request.',
    ],
    [
      'another content type',
      (c) => (c.headers['content-type'] = 'text/plain'),
      'Invalid \'Content-Type\': expected application/json, got "text/plain"',
    ],
    [
      'a header of another provider',
      (c) => (c.headers['x-api-key'] = 'k'),
      'Unexpected header: x-api-key',
    ],
  ])('rejects %s', async (_, change, message) => {
    const error = await errorOf(await send('openai', change))
    expect(error).toMatchObject({ status: 400, message })
    expect(error.body.error.type).toBe('invalid_request_error')
  })

  test('answers 404 on another path', async () => {
    const error = await errorOf(
      await send('openai', (c) => (c.url = 'https://api.openai.com/v1/completions')),
    )
    expect(error).toMatchObject({ status: 404, message: 'Invalid URL (POST /v1/completions)' })
  })
})

describe('Anthropic', () => {
  test.each<[string, (call: Call) => void, string]>([
    ['an extra field', (c) => (body(c).top_k = 5), 'top_k: Extra inputs are not permitted'],
    ['a missing field', (c) => delete body(c).max_tokens, 'max_tokens: Field required'],
    [
      'a stream that is not a boolean',
      (c) => (body(c).stream = 1),
      "Invalid 'stream': expected a boolean, got 1",
    ],
    [
      'another max_tokens',
      (c) => (body(c).max_tokens = 1024),
      "Invalid 'max_tokens': expected 1000, got 1024",
    ],
    [
      'another temperature',
      (c) => (body(c).temperature = 0),
      "Invalid 'temperature': expected 0.7, got 0",
    ],
    [
      'an empty system',
      (c) => (body(c).system = ''),
      'Invalid \'system\': expected a non-empty string, got ""',
    ],
    [
      'a system turn in messages',
      (c) => body(c).messages.unshift({ role: 'system', content: 'S' }),
      'messages.0.role: Unexpected role "system". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.',
    ],
    [
      'empty content',
      (c) => (body(c).messages[0].content = ''),
      'messages.0.content: messages must have non-empty content',
    ],
    [
      'no messages',
      (c) => (body(c).messages = []),
      "Invalid 'messages': expected a non-empty array, got []",
    ],
    [
      'a missing version',
      (c) => delete c.headers['anthropic-version'],
      'anthropic-version: header is required',
    ],
    [
      'another version',
      (c) => (c.headers['anthropic-version'] = '2024-01-01'),
      'Invalid \'anthropic-version\': expected 2023-06-01, got "2024-01-01"',
    ],
    [
      'a bearer header',
      (c) => (c.headers.authorization = 'Bearer k'),
      'Unexpected header: authorization',
    ],
  ])('rejects %s', async (_, change, message) => {
    const error = await errorOf(await send('anthropic', change))
    expect(error).toMatchObject({ status: 400, message })
    expect(error.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } })
  })

  test('rejects a browser request without the direct-browser-access header (401)', async () => {
    const response = await send('anthropic', (c) => {
      delete c.headers['anthropic-dangerous-direct-browser-access']
    })
    expect(await errorOf(response)).toMatchObject({
      status: 401,
      message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
    })
  })
})

describe('Google', () => {
  test.each<[string, (call: Call) => void, string]>([
    [
      'an extra field',
      (c) => (body(c).safetySettings = []),
      'Invalid JSON payload received. Unknown name "safetySettings": Cannot find field.',
    ],
    [
      'missing contents',
      (c) => delete body(c).contents,
      '* GenerateContentRequest.contents: contents is not specified',
    ],
    [
      'another maxOutputTokens',
      (c) => (body(c).generationConfig.maxOutputTokens = 2048),
      "Invalid 'generationConfig.maxOutputTokens': expected 1000, got 2048",
    ],
    [
      'another temperature',
      (c) => (body(c).generationConfig.temperature = 0.5),
      "Invalid 'generationConfig.temperature': expected 0.7, got 0.5",
    ],
    [
      'an extra config field',
      (c) => (body(c).generationConfig.topK = 3),
      'Invalid JSON payload received. Unknown name "generationConfig.topK": Cannot find field.',
    ],
    [
      'the assistant role',
      (c) => (body(c).contents[0].role = 'assistant'),
      'Please use a valid role: user, model. (contents[0].role is "assistant")',
    ],
    [
      'two parts',
      (c) => body(c).contents[0].parts.push({ text: 'x' }),
      "Invalid 'contents[0].parts': expected exactly one part",
    ],
    [
      'a role in systemInstruction',
      (c) => (body(c).systemInstruction.role = 'system'),
      'Invalid JSON payload received. Unknown name "systemInstruction.role": Cannot find field.',
    ],
    [
      'another query parameter',
      (c) => (c.url += '&prettyPrint=false'),
      'Invalid JSON payload received. Unknown name "prettyPrint": Cannot bind query parameter.',
    ],
    [
      'a stream field (streaming is its own method)',
      (c) => (body(c).stream = true),
      'Invalid JSON payload received. Unknown name "stream": Cannot find field.',
    ],
    [
      'an unknown alt',
      (c) => (c.url += '&alt=proto'),
      `Invalid value at 'alt' (type.googleapis.com/google.api.Alt), "proto"`,
    ],
    [
      'a key header',
      (c) => (c.headers['x-goog-api-key'] = 'AIza-test-1'),
      'Unexpected header: x-goog-api-key',
    ],
  ])('rejects %s', async (_, change, message) => {
    const error = await errorOf(await send('google', change))
    expect(error.status).toBe(400)
    expect(error.message.startsWith(message), error.message).toBe(true)
    expect(error.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' })
  })

  test('answers 404 for another method of the model', async () => {
    const response = await send('google', (c) => {
      c.url = c.url.replace(':generateContent', ':countTokens')
    })
    expect((await errorOf(response)).status).toBe(404)
  })
})
