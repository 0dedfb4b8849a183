import { HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'
import { CONVERSATION, useProviderUnderTest } from './provider-under-test'

const ENDPOINT = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro'
const { fakes, send, chat, sentBody, answer } = useProviderUnderTest({
  provider: 'google',
  model: 'gemini-2.5-pro',
  apiKey: 'AIza-test-abc123',
  endpoint: `${ENDPOINT}\\:generateContent`,
})

describe('the request', () => {
  test('POSTs with the key in the query, model turns and the generation config', async () => {
    await send(CONVERSATION)
    expect(fakes().requests).toEqual([
      {
        provider: 'google',
        method: 'POST',
        url: `${ENDPOINT}:generateContent?key=AIza-test-abc123`,
        headers: { 'content-type': 'application/json' },
        body: {
          contents: [
            { role: 'user', parts: [{ text: 'Hi' }] },
            { role: 'model', parts: [{ text: 'Hello!' }] },
            { role: 'user', parts: [{ text: 'Again' }] },
          ],
          systemInstruction: { parts: [{ text: 'Be brief.' }] },
          generationConfig: { maxOutputTokens: 1000, temperature: 0.7 },
        },
      },
    ])
  })

  test('joins system turns with blank lines and leaves systemInstruction out when none', async () => {
    await send([
      { role: 'system', content: 'One.' },
      { role: 'system', content: 'Two.' },
      { role: 'user', content: 'Hi' },
    ])
    await chat('Hi')
    expect(sentBody()).toMatchObject({ systemInstruction: { parts: [{ text: 'One.\n\nTwo.' }] } })
    expect(fakes().requests[1]!.body).not.toHaveProperty('systemInstruction')
  })

  test('escapes the key in the query string', async () => {
    await chat('Hi', 'AIza-test-a&b=c')
    expect(new URL(fakes().requests[0]!.url).searchParams.get('key')).toBe('AIza-test-a&b=c')
  })
})

describe('the reply', () => {
  test('is the first part of the first candidate, with usage metadata', async () => {
    answer(() =>
      HttpResponse.json({
        candidates: [
          { content: { parts: [{ text: 'Hey' }], role: 'model' }, finishReason: 'STOP' },
        ],
        usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 15 },
        modelVersion: 'gemini-2.5-pro-002',
      }),
    )
    expect(await chat('x')).toEqual({
      content: 'Hey',
      model: 'gemini-2.5-pro-002',
      usage: { promptTokens: 9, completionTokens: 4, totalTokens: 15 },
    })
  })

  test('from the fake echoes the message and names the system instruction', async () => {
    const result = await send([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'Show me code' },
    ])
    expect(result.content).toContain('You said: Show me code')
    expect(result.content).toContain('System prompt: "Answer in French."')
    expect(result.content).toContain('```ts')
  })

  test.each([
    ['a candidate without content', { candidates: [{ finishReason: 'MAX_TOKENS' }] }],
    ['a candidate without parts', { candidates: [{ content: { parts: [] } }] }],
  ])("is 'No response generated' for %s", async (_, body) => {
    answer(() => HttpResponse.json(body))
    expect(await chat('x')).toEqual({
      content: 'No response generated',
      model: 'gemini-2.5-pro',
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    })
  })

  test("is 'No response generated' when the fake answers without text", async () => {
    expect((await chat('[fail:empty]')).content).toBe('No response generated')
  })
})

describe('errors', () => {
  test.each([
    [
      'a wrong key',
      'Hi',
      'AIzaSyWrong',
      'Google API error: API key not valid. Please pass a valid API key.',
    ],
    [
      '[fail:429]',
      '[fail:429]',
      undefined,
      'Google API error: Resource has been exhausted (e.g. check quota).',
    ],
    ['[fail:unreadable]', '[fail:unreadable]', undefined, 'Google API error: Unknown error'],
    [
      '[fail:no-candidates]',
      '[fail:no-candidates]',
      undefined,
      'No response generated from Google API',
    ],
    ['[fail:safety]', '[fail:safety]', undefined, 'Response blocked by safety filters'],
  ])('%s gives "%s"', async (_, content, key, message) => {
    await expect(chat(content, key)).rejects.toThrow(message)
  })

  test("an empty candidates list is 'No response generated from Google API'", async () => {
    answer(() => HttpResponse.json({ candidates: [] }))
    await expect(chat('x')).rejects.toThrow('No response generated from Google API')
  })

  test('a JSON error without a message gives the status text', async () => {
    answer(() =>
      HttpResponse.json({ error: { code: 500 } }, { status: 500, statusText: 'Internal' }),
    )
    await expect(chat('x')).rejects.toThrow('Google API error: Internal')
  })
})
