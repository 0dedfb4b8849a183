import { beforeEach, describe, expect, test } from 'vitest'
import { providerHandlers } from '../../mocks/msw/provider-handlers'
import {
  createProviderFakes,
  type ProviderFakes,
} from '../../mocks/providers/create-provider-fakes'
import { readTriggers } from '../../mocks/providers/fake-triggers'
import type { ChatTurn, ProviderName } from '../../src/domain/chat-types'
import { sendChat } from '../../src/providers/send-chat'
import { ChatStreamAbortError, ChatStreamError } from '../../src/providers/stream-errors'
import { mswServer } from '../support/msw-server'

// The fakes' streamed answers, read by the real adapters at the real provider URLs (MSW).
let fakes: ProviderFakes
let slept: number[]
beforeEach(() => {
  slept = []
  fakes = createProviderFakes({
    sleep: async (ms, signal) => {
      slept.push(ms)
      signal?.throwIfAborted()
    },
    now: () => 1_700_000_000_000,
  })
  mswServer.use(...providerHandlers(fakes))
})

const KEYS: Record<ProviderName, string> = {
  openai: 'sk-test-1',
  anthropic: 'sk-ant-test-1',
  google: 'AIza-test-1',
}

function chat(provider: ProviderName, content: string, signal?: AbortSignal) {
  const messages: ChatTurn[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content },
  ]
  const deltas: string[] = []
  const request = { provider, apiKey: KEYS[provider], model: 'm1', messages }
  return {
    deltas,
    streamed: () => sendChat(request, { signal, onDelta: (text) => deltas.push(text) }),
    whole: () => sendChat(request),
  }
}

describe.each(['openai', 'anthropic', 'google'] as const)('%s fake, streamed', (provider) => {
  test('gives the same reply and usage as unstreamed, a token per chunk', async () => {
    const call = chat(provider, 'Show me some code')
    const streamed = await call.streamed()
    expect(streamed).toEqual(await call.whole())
    expect(streamed.usage.completionTokens).toBeGreaterThan(0)
    expect(call.deltas.length).toBeGreaterThan(10)
    expect(call.deltas.join('')).toBe(streamed.content)
    expect(slept).toEqual([])
  })

  test('records the streaming request', async () => {
    await chat(provider, 'Hi').streamed()
    const [recorded] = fakes.requests
    if (provider === 'google') {
      expect(recorded?.url).toContain(':streamGenerateContent?alt=sse&key=')
    } else {
      expect(recorded?.body).toMatchObject({ stream: true })
    }
  })

  test('[rate:N] waits 1000/N ms before each chunk of text', async () => {
    const call = chat(provider, 'Hi [rate:20]')
    await call.streamed()
    expect(slept).toEqual(call.deltas.map(() => 50))
  })

  test('[fail-mid:N] sends N chunks, then the provider’s error event', async () => {
    const call = chat(provider, 'Hi [fail-mid:3]')
    const failure = await call.streamed().catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ChatStreamError)
    const message = (failure as Error).message
    expect(message).toMatch(/^(OpenAI|Anthropic|Google) API error: \S/)
    expect(call.deltas).toHaveLength(3)
    expect((failure as ChatStreamError).partial).toBe(call.deltas.join(''))
  })

  test('[stall] sends the start and a chunk, then nothing until the client aborts', async () => {
    const controller = new AbortController()
    const call = chat(provider, 'Hi [stall]', controller.signal)
    const result = call.streamed().catch((e: unknown) => e)
    for (let i = 0; i < 100 && call.deltas.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 5))
    }
    await new Promise((r) => setTimeout(r, 50))
    expect(call.deltas).toHaveLength(1)
    controller.abort()
    const failure = await result
    expect(failure).toBeInstanceOf(ChatStreamAbortError)
    expect(failure).toMatchObject({ name: 'AbortError', partial: call.deltas[0] })
  })

  test('[stall:N] stalls after N chunks', async () => {
    const controller = new AbortController()
    const call = chat(provider, 'Hi [stall:4]', controller.signal)
    const result = call.streamed().catch((e: unknown) => e)
    for (let i = 0; i < 100 && call.deltas.length < 4; i++) {
      await new Promise((r) => setTimeout(r, 5))
    }
    controller.abort()
    expect(await result).toMatchObject({ partial: call.deltas.join('') })
    expect(call.deltas).toHaveLength(4)
  })

  test.each([
    ['[fail:429]', /API error: \S/],
    ['[fail:unreadable]', /API error: Unknown error$/],
  ])('%s fails before the stream, as unstreamed', async (trigger, message) => {
    const call = chat(provider, trigger)
    const failure = await call.streamed().catch((e: unknown) => e)
    expect((failure as Error).message).toMatch(message)
    expect(failure).not.toBeInstanceOf(ChatStreamError)
    await expect(call.whole()).rejects.toThrow((failure as Error).message)
  })

  test("[fail:empty] streams no text: 'No response generated'", async () => {
    const call = chat(provider, '[fail:empty]')
    expect((await call.streamed()).content).toBe('No response generated')
    expect(call.deltas).toEqual([])
  })

  test('[slow:ms] waits before the stream starts', async () => {
    await chat(provider, 'Hi [slow:700]').streamed()
    expect(slept).toEqual([700])
  })
})

describe('a failure aimed at one provider (compare mode, docs/product/compare.md)', () => {
  test('[fail:429@anthropic] fails at Anthropic only; OpenAI and Google answer', async () => {
    const message = 'Name a colour [fail:429@anthropic]'
    await expect(chat('anthropic', message).streamed()).rejects.toThrow(
      'Anthropic API error: Number of request tokens has exceeded your per-minute rate limit',
    )
    for (const provider of ['openai', 'google'] as const) {
      expect((await chat(provider, message).streamed()).content).toContain('Name a colour')
    }
  })

  test.each([
    ['[fail:500@google]', 'google', '500'],
    ['[fail:500@google]', 'openai', undefined],
    ['[fail:401@OpenAI]', 'openai', '401'],
    ['[fail:401]', 'anthropic', '401'],
  ])('%s at %s reads as failure %s', (message, provider, failure) => {
    expect(readTriggers(message, provider).failure).toBe(failure)
  })
})

describe('Google fake, streamed stops', () => {
  test.each([
    ['[fail:safety]', 'Response blocked by safety filters'],
    ['[fail:no-candidates]', 'No response generated from Google API'],
  ])('%s gives "%s"', async (trigger, message) => {
    await expect(chat('google', trigger).streamed()).rejects.toThrow(message)
  })
})

describe('stream triggers', () => {
  test.each([
    ['Hi', { chunkDelayMs: 0, failMidAfter: undefined, stallAfter: undefined }],
    ['[rate:4]', { chunkDelayMs: 250 }],
    ['[RATE:0]', { chunkDelayMs: 0 }],
    ['[rate:99999]', { chunkDelayMs: 1 }],
    ['[fail-mid:0]', { failMidAfter: 0 }],
    ['[stall]', { stallAfter: 1 }],
    ['[stall:0]', { stallAfter: 0 }],
    ['a [fail-mid:2] and [rate:10]', { failMidAfter: 2, chunkDelayMs: 100 }],
  ])('%s reads as %j', (message, expected) => {
    expect(readTriggers(message)).toMatchObject(expected)
  })
})
