import { HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'
import { sendChat } from '../../../src/providers/send-chat'
import { useProviderUnderTest } from './provider-under-test'

const URL = 'https://api.openai.com/v1/chat/completions'
const { fakes, send, chat, sentBody, answer } = useProviderUnderTest({
  provider: 'openai',
  model: 'gpt-4o',
  apiKey: 'sk-test-abc123',
  endpoint: URL,
  history: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello!' },
  ],
})

describe('the request', () => {
  test('POSTs every turn, system first, with the bearer key and the fixed settings', async () => {
    await chat('How are you?')
    expect(fakes().requests).toEqual([
      {
        provider: 'openai',
        method: 'POST',
        url: URL,
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-abc123' },
        body: {
          model: 'gpt-4o',
          messages: [
            { role: 'system', content: 'You are terse.' },
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello!' },
            { role: 'user', content: 'How are you?' },
          ],
          max_tokens: 1000,
          temperature: 0.7,
        },
      },
    ])
  })

  test('sends only role and content of each turn', async () => {
    const turn = { role: 'user' as const, content: 'Hi', id: 'm1', createdAt: 'now' }
    await send([turn], 'sk-test-1')
    expect((sentBody() as { messages: unknown }).messages).toEqual([
      { role: 'user', content: 'Hi' },
    ])
  })
})

describe('the reply', () => {
  test('is the first choice, with the reported model and usage', async () => {
    const result = await chat('How are you?')
    expect(result.model).toBe('gpt-4o')
    expect(result.content).toContain('You said: How are you?')
    expect(result.content).toContain('System prompt: "You are terse."')
    const { promptTokens, completionTokens, totalTokens } = result.usage
    expect(promptTokens).toBeGreaterThan(0)
    expect(completionTokens).toBeGreaterThan(0)
    expect(totalTokens).toBe(promptTokens + completionTokens)
  })

  test('maps usage fields one to one and prefers the model the provider reports', async () => {
    answer(() =>
      HttpResponse.json({
        model: 'gpt-4o-2024-08-06',
        choices: [{ message: { content: 'Hey' } }],
        usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 20 },
      }),
    )
    expect(await chat('x')).toEqual({
      content: 'Hey',
      model: 'gpt-4o-2024-08-06',
      usage: { promptTokens: 11, completionTokens: 7, totalTokens: 20 },
    })
  })

  test.each([
    ['a null content', { choices: [{ message: { content: null } }] }],
    ['an empty content', { choices: [{ message: { content: '' } }] }],
    ['no choices', { choices: [] }],
    ['an empty object', {}],
  ])(
    "is 'No response generated' for %s, with the requested model and zero usage",
    async (_, body) => {
      answer(() => HttpResponse.json(body))
      expect(await chat('x')).toEqual({
        content: 'No response generated',
        model: 'gpt-4o',
        usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      })
    },
  )

  test("is 'No response generated' when the fake answers without text", async () => {
    expect((await chat('[fail:empty]')).content).toBe('No response generated')
  })
})

describe('errors', () => {
  test('a wrong key shows OpenAI’s own message', async () => {
    await expect(chat('Hi', 'sk-live-wrong-1234')).rejects.toThrow(
      'OpenAI API error: Incorrect API key provided: ********1234. You can find your API key at https://platform.openai.com/account/api-keys.',
    )
  })

  test.each([
    ['[fail:429]', 'OpenAI API error: Rate limit reached for requests. Please try again in 20s.'],
    [
      '[fail:500]',
      'OpenAI API error: The server had an error while processing your request. Sorry about that!',
    ],
    ['[fail:unreadable]', 'OpenAI API error: Unknown error'],
  ])('%s from the fake gives "%s"', async (trigger, message) => {
    await expect(chat(trigger)).rejects.toThrow(message)
  })

  test('a JSON error without a message gives the status text', async () => {
    answer(() =>
      HttpResponse.json({ error: {} }, { status: 503, statusText: 'Service Unavailable' }),
    )
    await expect(chat('x')).rejects.toThrow('OpenAI API error: Service Unavailable')
  })

  test('and without a status text (HTTP/2) the status code', async () => {
    // MSW fills in status texts, so an injected fetch answers as an HTTP/2 response would.
    const fetch = async () => new Response('{}', { status: 503 })
    const request = { provider: 'openai', apiKey: 'sk-test-1', model: 'gpt-4o', messages: [] }
    await expect(sendChat(request, { fetch })).rejects.toThrow('OpenAI API error: HTTP 503')
  })

  test("a 2xx body that is not JSON is 'Unknown error' too", async () => {
    answer(() => new HttpResponse('<html>', { status: 200 }))
    await expect(chat('x')).rejects.toThrow('OpenAI API error: Unknown error')
  })
})
