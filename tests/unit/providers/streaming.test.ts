import { describe, expect, test } from 'vitest'
import type { ChatTurn, ProviderName } from '../../../src/domain/chat-types'
import { sendChat } from '../../../src/providers/send-chat'
import { ChatStreamAbortError, ChatStreamError } from '../../../src/providers/stream-errors'
import { encode, splitAt, streamingFetch, wireError, wireStream } from './stream-wire'

// Each adapter's streaming reader against hand-written wire streams, through an injected fetch.
const messages: ChatTurn[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Hi' },
]
const KEYS: Record<ProviderName, string> = {
  openai: 'sk-test-1',
  anthropic: 'sk-ant-test-1',
  google: 'AIza-test-1',
}
const LABELS = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Google' } as const
/** Multi-byte text: a 2-byte é, a 4-byte 👋, a 3-byte 世. An empty piece in the middle. */
const PIECES = ['Héllo ', '', '👋 wörld', ', 世界']
const TEXT = PIECES.join('')

function stream(provider: ProviderName, chunks: Uint8Array[], options: { hang?: boolean } = {}) {
  const { fetch, requests } = streamingFetch(chunks, options)
  const deltas: string[] = []
  const controller = new AbortController()
  const result = sendChat(
    { provider, apiKey: KEYS[provider], model: 'm1', messages },
    { fetch, signal: controller.signal, onDelta: (text) => deltas.push(text) },
  )
  return { result, deltas, requests, controller }
}

/** `wire` up to the end of the event that holds `needle` (events end with a blank line, LF or CRLF). */
function upToEventWith(wire: string, needle: string): string {
  const end = /\r?\n\r?\n/g
  end.lastIndex = wire.indexOf(needle)
  end.exec(wire)
  return wire.slice(0, end.lastIndex)
}

/** Waits until `check` holds (the stream is read on other ticks). */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 1))
  expect(check()).toBe(true)
}

describe.each(['openai', 'anthropic', 'google'] as const)('%s streaming', (provider) => {
  const expected = wireStream(provider, PIECES)
  const bytes = encode(expected.wire)
  const label = LABELS[provider]

  test('asks for a stream in the provider’s own way, with the usual fields', async () => {
    const { result, requests } = stream(provider, [bytes])
    await result
    const [{ url, init }] = requests as [(typeof requests)[0]]
    const body = JSON.parse(String(init?.body))
    if (provider === 'openai') {
      expect(url).toBe('https://api.openai.com/v1/chat/completions')
      expect(body).toEqual({
        model: 'm1',
        messages,
        max_tokens: 1000,
        temperature: 0.7,
        stream: true,
        stream_options: { include_usage: true },
      })
    } else if (provider === 'anthropic') {
      expect(url).toBe('https://api.anthropic.com/v1/messages')
      expect(body).toEqual({
        model: 'm1',
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 1000,
        temperature: 0.7,
        stream: true,
      })
    } else {
      expect(url).toBe(
        'https://generativelanguage.googleapis.com/v1beta/models/m1:streamGenerateContent?alt=sse&key=AIza-test-1',
      )
      expect(body).toEqual({
        contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        generationConfig: { maxOutputTokens: 1000, temperature: 0.7 },
      })
    }
  })

  test('resolves to the whole text, the reported model and the usage sent at the end', async () => {
    const { result, deltas } = stream(provider, [bytes])
    expect(await result).toEqual({ content: TEXT, model: expected.model, usage: expected.usage })
    // Every non-empty piece, in order; the empty delta is not reported.
    expect(deltas).toEqual(PIECES.filter(Boolean))
  })

  test('reads the same from one byte at a time', async () => {
    const chunks = splitAt(bytes, [...bytes.keys()].slice(1))
    const { result, deltas } = stream(provider, chunks)
    expect((await result).content).toBe(TEXT)
    expect(deltas.join('')).toBe(TEXT)
  })

  test('a chunk boundary inside a multi-byte character and inside an event changes nothing', async () => {
    const wave = bytes.indexOf(0xf0) // the first byte of 👋
    const inEvent = expected.wire.indexOf('data:') + 3
    const { result } = stream(provider, splitAt(bytes, [inEvent, wave + 1, wave + 2, wave + 3]))
    expect(await result).toEqual({ content: TEXT, model: expected.model, usage: expected.usage })
  })

  test("no text at all is 'No response generated'", async () => {
    const { result, deltas } = stream(provider, [encode(wireStream(provider, []).wire)])
    expect((await result).content).toBe('No response generated')
    expect(deltas).toEqual([])
  })

  test('an error event mid-stream rejects with the provider’s message and the partial text', async () => {
    // The stream up to its second text event, then the error.
    const upToSecond = upToEventWith(wireStream(provider, ['Part', 'ial']).wire, 'ial')
    const error = wireError(provider)
    const { result, deltas } = stream(provider, [encode(upToSecond + error.wire)])
    const failure = await result.catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ChatStreamError)
    expect(failure).toMatchObject({ message: error.message, partial: 'Partial' })
    expect(deltas).toEqual(['Part', 'ial'])
  })

  test('an event that is not JSON is an unreadable answer', async () => {
    const { result } = stream(provider, [encode('data: {oops\n\n')])
    await expect(result).rejects.toThrow(`${label} API error: Unknown error`)
  })

  test('an abort mid-stream rejects with an AbortError that keeps the partial text', async () => {
    const firstText = upToEventWith(wireStream(provider, ['Half ']).wire, 'Half')
    const { result, deltas, controller } = stream(provider, [encode(firstText)], { hang: true })
    await until(() => deltas.length === 1)
    controller.abort(new Error('user stopped'))
    const failure = await result.catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ChatStreamAbortError)
    expect(failure).toBeInstanceOf(DOMException)
    expect(failure).toMatchObject({ name: 'AbortError', partial: 'Half ', message: 'user stopped' })
    expect(deltas).toEqual(['Half '])
  })

  test('an abort before the answer rejects with an AbortError and no text', async () => {
    const controller = new AbortController()
    controller.abort()
    const { fetch } = streamingFetch([bytes])
    const result = sendChat(
      { provider, apiKey: KEYS[provider], model: 'm1', messages },
      { fetch, signal: controller.signal, onDelta: () => {} },
    )
    await expect(result).rejects.toMatchObject({ name: 'AbortError', partial: '' })
  })

  test('a non-2xx answer is the usual provider error', async () => {
    const fetch = async () =>
      Response.json({ error: { message: 'Slow down' } }, { status: 429, statusText: 'Too Many' })
    const result = sendChat(
      { provider, apiKey: KEYS[provider], model: 'm1', messages },
      { fetch, onDelta: () => {} },
    )
    await expect(result).rejects.toThrow(`${label} API error: Slow down`)
  })

  test("a 2xx answer that is not an event stream is 'Unknown error'", async () => {
    const fetch = async () => Response.json({ choices: [] })
    const result = sendChat(
      { provider, apiKey: KEYS[provider], model: 'm1', messages },
      { fetch, onDelta: () => {} },
    )
    await expect(result).rejects.toThrow(`${label} API error: Unknown error`)
  })

  test('a connection that breaks mid-stream keeps the partial text', async () => {
    const firstText = upToEventWith(wireStream(provider, ['Cut']).wire, 'Cut')
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError('terminated'))
        sent = true
        controller.enqueue(encode(firstText))
      },
    })
    const fetch = async () =>
      new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    const result = sendChat(
      { provider, apiKey: KEYS[provider], model: 'm1', messages },
      { fetch, onDelta: () => {} },
    )
    await expect(result).rejects.toMatchObject({
      message: `${label} API error: terminated`,
      partial: 'Cut',
    })
  })
})

describe('Google streaming stops', () => {
  const event = (data: object) => `data: ${JSON.stringify(data)}\r\n\r\n`
  const text = (t: string) => ({ candidates: [{ content: { parts: [{ text: t }] } }] })

  test("a SAFETY finish mid-stream is 'Response blocked by safety filters', partial kept", async () => {
    const wire = event(text('Some ')) + event({ candidates: [{ finishReason: 'SAFETY' }] })
    const { result } = stream('google', [encode(wire)])
    await expect(result).rejects.toMatchObject({
      message: 'Response blocked by safety filters',
      partial: 'Some ',
    })
  })

  test("a stream without any candidate is 'No response generated from Google API'", async () => {
    const wire = event({ promptFeedback: { blockReason: 'SAFETY' } })
    const { result } = stream('google', [encode(wire)])
    await expect(result).rejects.toThrow('No response generated from Google API')
  })

  test('reads the text of every part of the candidate', async () => {
    const wire = event({ candidates: [{ content: { parts: [{ text: 'a' }, { text: 'b' }] } }] })
    const { result, deltas } = stream('google', [encode(wire)])
    expect((await result).content).toBe('ab')
    expect(deltas).toEqual(['a', 'b'])
  })
})

describe('Anthropic streaming usage', () => {
  test('takes input tokens from message_start and output tokens from the last message_delta', async () => {
    const event = (type: string, data: object) =>
      `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`
    const wire = [
      event('message_start', { message: { usage: { input_tokens: 5, output_tokens: 1 } } }),
      event('content_block_delta', { delta: { type: 'text_delta', text: 'x' } }),
      event('message_delta', { usage: { output_tokens: 3 } }),
      event('message_delta', { usage: { output_tokens: 9 } }),
      event('message_stop', {}),
    ].join('')
    const { result } = stream('anthropic', [encode(wire)])
    expect(await result).toEqual({
      content: 'x',
      model: 'm1',
      usage: { promptTokens: 5, completionTokens: 9, totalTokens: 14 },
    })
  })
})

// Valid JSON of an unexpected shape (a proxy, a new API version): each such event is skipped,
// the text around it kept, and the model asked for stands when none is named.
describe('events of an unexpected shape are skipped, not fatal', () => {
  const NO_USAGE = { promptTokens: 0, completionTokens: 0, totalTokens: 0 }

  test('OpenAI: null, no choices, an empty choice, a model that is not a name', async () => {
    const data = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`
    const wire = [
      data(null),
      data({}),
      data({ choices: [] }),
      data({ choices: [{}] }),
      data({ choices: [{ delta: {} }] }),
      data({ model: 5, choices: [{ delta: { content: 'Hi' } }] }),
      data({ model: '', choices: [{ delta: { content: ' there' } }] }),
      'data: [DONE]\n\n',
    ].join('')
    const { result } = stream('openai', [encode(wire)])
    expect(await result).toEqual({ content: 'Hi there', model: 'm1', usage: NO_USAGE })
  })

  test('Anthropic: a type only in the data, a start without a message, a delta of another kind', async () => {
    const data = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`
    const wire = [
      data({ type: 'message_start' }),
      data({ type: 'message_start', message: { model: 7 } }),
      data({ type: 'content_block_delta' }),
      data({ type: 'content_block_delta', delta: { type: 'input_json_delta', text: 'no' } }),
      data({ type: 'content_block_delta', delta: { type: 'text_delta', text: 'Hi' } }),
      data({ type: 'message_delta' }),
      data({ type: 'message_stop' }),
    ].join('')
    const { result } = stream('anthropic', [encode(wire)])
    expect(await result).toEqual({ content: 'Hi', model: 'm1', usage: NO_USAGE })
  })

  test('Google: a candidate without content, a part without text, a model that is not a name', async () => {
    const data = (body: unknown) => `data: ${JSON.stringify(body)}\r\n\r\n`
    const wire = [
      data({ modelVersion: 3, candidates: [{}] }),
      data({ candidates: [{ content: {} }] }),
      data({ candidates: [{ content: { parts: [{}, { text: 'Hi' }] } }] }),
    ].join('')
    const { result } = stream('google', [encode(wire)])
    expect(await result).toEqual({ content: 'Hi', model: 'm1', usage: NO_USAGE })
  })
})
