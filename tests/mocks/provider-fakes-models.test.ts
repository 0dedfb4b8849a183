import { describe, expect, test } from 'vitest'
import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'

// Each fake answers its provider's model list as the real API does: the list to a valid key,
// the provider's own error body to a wrong or missing one.
const fakes = createProviderFakes({ now: () => Date.UTC(2026, 0, 1) })
const get = async (
  provider: 'openai' | 'anthropic' | 'google',
  url: string,
  headers: Record<string, string> = {},
) => {
  const res = await fakes[provider](new Request(url, { headers }))
  return [res.status, await res.json()]
}

const ANTHROPIC = {
  'anthropic-version': '2023-06-01',
  'anthropic-dangerous-direct-browser-access': 'true',
}

describe('OpenAI GET /v1/models', () => {
  test('lists models to a valid key', async () => {
    const [status, body] = await get('openai', 'https://api.openai.com/v1/models', {
      authorization: 'Bearer sk-test-1',
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ object: 'list' })
    expect(body.data[0]).toEqual({
      id: 'gpt-5',
      object: 'model',
      created: 1767225600,
      owned_by: 'system',
    })
  })

  test('a wrong key is a 401 invalid_api_key; none is a 401 too', async () => {
    expect(
      await get('openai', 'https://api.openai.com/v1/models', {
        authorization: 'Bearer sk-x-9876',
      }),
    ).toEqual([
      401,
      {
        error: {
          message:
            'Incorrect API key provided: *****9876. You can find your API key at https://platform.openai.com/account/api-keys.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    ])
    const [status] = await get('openai', 'https://api.openai.com/v1/models')
    expect(status).toBe(401)
  })
})

describe('Anthropic GET /v1/models', () => {
  test('lists models to a valid key, with the version header', async () => {
    const [status, body] = await get('anthropic', 'https://api.anthropic.com/v1/models', {
      ...ANTHROPIC,
      'x-api-key': 'sk-ant-test-1',
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ has_more: false, first_id: 'claude-sonnet-4-5' })
    expect(body.data[0]).toEqual({
      type: 'model',
      id: 'claude-sonnet-4-5',
      display_name: 'Claude Sonnet 4.5',
      created_at: '2026-01-01T00:00:00.000Z',
    })
  })

  test.each([
    [{ ...ANTHROPIC, 'x-api-key': 'nope' }, 401, 'authentication_error', 'invalid x-api-key'],
    [ANTHROPIC, 401, 'authentication_error', 'x-api-key header is required'],
    [
      { 'x-api-key': 'sk-ant-test-1', 'anthropic-dangerous-direct-browser-access': 'true' },
      400,
      'invalid_request_error',
      'anthropic-version: header is required',
    ],
  ])('refuses %o', async (headers, code, type, message) => {
    expect(await get('anthropic', 'https://api.anthropic.com/v1/models', headers)).toEqual([
      code,
      { type: 'error', error: { type, message } },
    ])
  })
})

describe('Google GET /v1beta/models', () => {
  const BASE = 'https://generativelanguage.googleapis.com/v1beta/models'

  test('lists models to a valid key in the query', async () => {
    const [status, body] = await get('google', `${BASE}?key=AIza-test-1&pageSize=50`)
    expect(status).toBe(200)
    expect(body.models[0]).toMatchObject({
      name: 'models/gemini-2.5-pro',
      displayName: 'Gemini 2.5 Pro',
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    })
  })

  test('a wrong key is a 400 API_KEY_INVALID; none is a 403 PERMISSION_DENIED', async () => {
    const [status, body] = await get('google', `${BASE}?key=nope`)
    expect(status).toBe(400)
    expect(body.error).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: 'API key not valid. Please pass a valid API key.',
      details: [expect.objectContaining({ reason: 'API_KEY_INVALID' })],
    })
    const [missing, refusal] = await get('google', BASE)
    expect(missing).toBe(403)
    expect(refusal.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' })
  })
})
