import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { DEFAULT_BASE_URLS } from '../../../src/providers/base-urls'
import { providerOf, sendChat } from '../../../src/providers/send-chat'
import { mswServer } from '../../support/msw-server'
import { useProviderFakes } from './fakes-under-msw'

const fakes = useProviderFakes()
const messages = [{ role: 'user' as const, content: 'Hi' }]

describe('providerOf', () => {
  test.each([
    ['openai', 'openai'],
    ['OpenAI', 'openai'],
    ['ANTHROPIC', 'anthropic'],
    ['Google', 'google'],
    ['mistral', null],
    ['', null],
    ['toString', null],
  ])('%s is %s', (name, provider) => {
    expect(providerOf(name)).toBe(provider)
  })
})

describe('sendChat', () => {
  test.each([
    ['OpenAI', 'sk-test-1', 'https://api.openai.com/v1/chat/completions'],
    ['Anthropic', 'sk-ant-test-1', 'https://api.anthropic.com/v1/messages'],
    [
      'GOOGLE',
      'AIza-test-1',
      'https://generativelanguage.googleapis.com/v1beta/models/m1:generateContent?key=AIza-test-1',
    ],
  ])(
    'matches %s case-insensitively and calls its real API by default',
    async (provider, apiKey, url) => {
      await sendChat({ provider, apiKey, model: 'm1', messages })
      expect(fakes().requests.map((r) => r.url)).toEqual([url])
    },
  )

  test("rejects any other provider with 'Unsupported provider: {provider}', sending nothing", async () => {
    const request = { provider: 'Mistral', apiKey: 'k', model: 'm1', messages }
    await expect(sendChat(request)).rejects.toThrow('Unsupported provider: Mistral')
    expect(fakes().requests).toEqual([])
  })

  test('calls a configured base URL instead, with or without a trailing slash', async () => {
    const urls: string[] = []
    mswServer.use(
      http.post('http://fakes.test/*', ({ request }) => {
        urls.push(request.url)
        return HttpResponse.json({})
      }),
    )
    const baseUrls = { openai: 'http://fakes.test/openai/', anthropic: 'http://fakes.test/a' }
    await sendChat({ provider: 'openai', apiKey: 'k', model: 'm', messages }, { baseUrls })
    await sendChat({ provider: 'anthropic', apiKey: 'k', model: 'm', messages }, { baseUrls })
    // Google has no override here, so it still goes to the real API (answered by its fake).
    await sendChat(
      { provider: 'google', apiKey: 'AIza-test-1', model: 'm', messages },
      { baseUrls },
    )
    expect(urls).toEqual([
      'http://fakes.test/openai/v1/chat/completions',
      'http://fakes.test/a/v1/messages',
    ])
    expect(fakes().requests).toHaveLength(1)
  })

  test('uses the injected fetch and passes the abort signal on', async () => {
    const calls: [string, RequestInit | undefined][] = []
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([String(input), init])
      return Response.json({ choices: [{ message: { content: 'injected' } }] })
    }
    const signal = new AbortController().signal
    const result = await sendChat(
      { provider: 'openai', apiKey: 'k', model: 'm', messages },
      { fetch, signal },
    )
    expect(result.content).toBe('injected')
    expect(calls).toHaveLength(1)
    expect(calls[0]![0]).toBe(`${DEFAULT_BASE_URLS.openai}/v1/chat/completions`)
    expect(calls[0]![1]!.signal).toBe(signal)
  })

  test('an aborted call rejects with the abort, not a provider error', async () => {
    const controller = new AbortController()
    controller.abort(new Error('user cancelled'))
    const request = { provider: 'openai', apiKey: 'sk-test-1', model: 'm', messages }
    await expect(sendChat(request, { signal: controller.signal })).rejects.toThrow('user cancelled')
  })
})
