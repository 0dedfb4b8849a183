import { HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'
import type { ChatTurn } from '../../../src/domain/chat-types'
import { CONVERSATION, useProviderUnderTest } from './provider-under-test'

const URL = 'https://api.anthropic.com/v1/messages'
const { fakes, send, chat, sentBody, answer } = useProviderUnderTest({
  provider: 'anthropic',
  model: 'claude-sonnet-4',
  apiKey: 'sk-ant-test-abc123',
  endpoint: URL,
})

describe('the request', () => {
  test('POSTs with the key, version and browser-access headers and the fixed settings', async () => {
    await send(CONVERSATION)
    expect(fakes().requests).toEqual([
      {
        provider: 'anthropic',
        method: 'POST',
        url: URL,
        headers: {
          'content-type': 'application/json',
          'x-api-key': 'sk-ant-test-abc123',
          'anthropic-version': '2023-06-01',
          'anthropic-dangerous-direct-browser-access': 'true',
        },
        body: {
          model: 'claude-sonnet-4',
          system: 'Be brief.',
          messages: [
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello!' },
            { role: 'user', content: 'Again' },
          ],
          max_tokens: 1000,
          temperature: 0.7,
        },
      },
    ])
  })

  test('joins several system turns with blank lines, wherever they stand', async () => {
    await send([
      { role: 'system', content: 'One.' },
      { role: 'user', content: 'Hi' },
      { role: 'system', content: 'Two.' },
    ])
    expect(sentBody()).toMatchObject({
      system: 'One.\n\nTwo.',
      messages: [{ role: 'user', content: 'Hi' }],
    })
  })

  test('leaves `system` out when there is no system turn', async () => {
    await chat('Hi')
    expect(sentBody()).not.toHaveProperty('system')
  })

  test('maps any non-assistant role to user', async () => {
    await send([{ role: 'tool' as ChatTurn['role'], content: 'Hi' }])
    expect(sentBody()).toMatchObject({ messages: [{ role: 'user', content: 'Hi' }] })
  })
})

describe('the reply', () => {
  test('is the first content block, and the fake saw the system prompt', async () => {
    const result = await send([
      { role: 'system', content: 'You are a pirate who loves maps and rum.' },
      { role: 'user', content: 'Ahoy' },
    ])
    expect(result.content).toContain('You said: Ahoy')
    expect(result.content).toContain('System prompt: "You are a pirate who …"')
  })

  test('sums input and output tokens into the total', async () => {
    answer(() =>
      HttpResponse.json({
        model: 'claude-sonnet-4-20250514',
        content: [{ type: 'text', text: 'Hey' }],
        usage: { input_tokens: 12, output_tokens: 5 },
      }),
    )
    expect(await chat('x')).toEqual({
      content: 'Hey',
      model: 'claude-sonnet-4-20250514',
      usage: { promptTokens: 12, completionTokens: 5, totalTokens: 17 },
    })
  })

  test.each([
    ['no content blocks', { content: [] }],
    ['a block without text', { content: [{ type: 'tool_use' }] }],
    ['an empty object', {}],
  ])("is 'No response generated' for %s", async (_, body) => {
    answer(() => HttpResponse.json(body))
    expect(await chat('x')).toEqual({
      content: 'No response generated',
      model: 'claude-sonnet-4',
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    })
  })
})

describe('errors', () => {
  test.each([
    ['a wrong key', 'Hi', 'sk-ant-live-1', 'Anthropic API error: invalid x-api-key'],
    ['[fail:401]', '[fail:401]', undefined, 'Anthropic API error: invalid x-api-key'],
    [
      '[fail:429]',
      '[fail:429]',
      undefined,
      'Anthropic API error: Number of request tokens has exceeded your per-minute rate limit',
    ],
    ['[fail:500]', '[fail:500]', undefined, 'Anthropic API error: Internal server error'],
    ['[fail:unreadable]', '[fail:unreadable]', undefined, 'Anthropic API error: Unknown error'],
  ])('%s gives "%s"', async (_, content, key, message) => {
    await expect(chat(content, key)).rejects.toThrow(message)
  })

  test('a JSON error without a message gives the status text', async () => {
    answer(() => HttpResponse.json({ type: 'error' }, { status: 529, statusText: 'Overloaded' }))
    await expect(chat('x')).rejects.toThrow('Anthropic API error: Overloaded')
  })
})
