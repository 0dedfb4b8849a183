import { describe, expect, test } from 'vitest'
import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'

// Each fake rejects a wrong or missing key with the status and body its real provider sends.
const fakes = createProviderFakes()
const json = { 'content-type': 'application/json' }

function openai(authorization?: string) {
  return fakes.openai(
    new Request('https://api.openai.com/v1/chat/completions', {
      method: 'POST',
      headers: { ...json, ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 1000,
        temperature: 0.7,
      }),
    }),
  )
}

function anthropic(key?: string) {
  return fakes.anthropic(
    new Request('https://api.anthropic.com/v1/messages', {
      method: 'POST',
      headers: {
        ...json,
        ...(key ? { 'x-api-key': key } : {}),
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      body: JSON.stringify({
        model: 'claude-sonnet-4',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 1000,
        temperature: 0.7,
      }),
    }),
  )
}

function google(key?: string) {
  const query = key === undefined ? '' : `?key=${encodeURIComponent(key)}`
  return fakes.google(
    new Request(
      `https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent${query}`,
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
          generationConfig: { maxOutputTokens: 1000, temperature: 0.7 },
        }),
      },
    ),
  )
}

async function statusAndBody(response: Promise<Response>) {
  const res = await response
  return [res.status, await res.json()]
}

describe('OpenAI', () => {
  test('accepts any bearer key that starts with sk-test-', async () => {
    expect((await openai('Bearer sk-test-anything')).status).toBe(200)
  })

  test.each([
    ['a real-looking key', 'Bearer sk-proj-abcdef123456', '********3456'],
    ['the bare prefix', 'Bearer sk-test-', '****est-'],
    ['a key without Bearer', 'sk-test-abcd', '********abcd'],
  ])('rejects %s with 401 invalid_api_key', async (_, authorization, masked) => {
    expect(await statusAndBody(openai(authorization))).toEqual([
      401,
      {
        error: {
          message: `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    ])
  })

  test('rejects a missing key with 401', async () => {
    const [status, body] = await statusAndBody(openai())
    expect(status).toBe(401)
    expect(body.error.message).toMatch(/^You didn't provide an API key/)
  })
})

describe('Anthropic', () => {
  test('accepts any x-api-key that starts with sk-ant-test-', async () => {
    expect((await anthropic('sk-ant-test-1')).status).toBe(200)
  })

  test('rejects a wrong key with 401 authentication_error', async () => {
    expect(await statusAndBody(anthropic('sk-ant-api03-real'))).toEqual([
      401,
      { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    ])
  })

  test('rejects a missing key with 401', async () => {
    expect(await statusAndBody(anthropic())).toEqual([
      401,
      {
        type: 'error',
        error: { type: 'authentication_error', message: 'x-api-key header is required' },
      },
    ])
  })
})

describe('Google', () => {
  test('accepts any key that starts with AIza-test-', async () => {
    expect((await google('AIza-test-1')).status).toBe(200)
  })

  test('rejects a wrong key with 400 INVALID_ARGUMENT', async () => {
    const [status, body] = await statusAndBody(google('AIzaSyReal'))
    expect(status).toBe(400)
    expect(body.error).toMatchObject({
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      status: 'INVALID_ARGUMENT',
      details: [expect.objectContaining({ reason: 'API_KEY_INVALID' })],
    })
  })

  test('rejects a missing key with 403 PERMISSION_DENIED', async () => {
    const [status, body] = await statusAndBody(google())
    expect(status).toBe(403)
    expect(body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' })
  })
})
