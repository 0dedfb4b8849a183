import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { PROVIDER_MODEL_LIST_URLS } from '../../../mocks/msw/provider-handlers'
import { DEFAULT_BASE_URLS } from '../../../src/providers/base-urls'
import { checkProviderKey } from '../../../src/providers/check-provider-key'
import { mswServer } from '../../support/msw-server'
import { useProviderFakes } from './fakes-under-msw'

const fakes = useProviderFakes()
const check = (provider: 'openai' | 'anthropic' | 'google', apiKey: string) =>
  checkProviderKey({ provider, apiKey, baseUrl: DEFAULT_BASE_URLS[provider] })

describe('testing a key with its provider’s model list', () => {
  test('a valid key of each provider works', async () => {
    expect(await check('openai', 'sk-test-1')).toEqual({ ok: true })
    expect(await check('anthropic', 'sk-ant-test-1')).toEqual({ ok: true })
    expect(await check('google', 'AIza-test-1')).toEqual({ ok: true })
    expect(fakes().requests.map((r) => [r.provider, r.method, r.url])).toEqual([
      ['openai', 'GET', 'https://api.openai.com/v1/models'],
      ['anthropic', 'GET', 'https://api.anthropic.com/v1/models'],
      ['google', 'GET', 'https://generativelanguage.googleapis.com/v1beta/models?key=AIza-test-1'],
    ])
    expect(fakes().requests[1]?.headers).toMatchObject({
      'x-api-key': 'sk-ant-test-1',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    })
    // A GET carries no body, and no other provider's credentials.
    expect(fakes().requests.every((r) => r.body === null)).toBe(true)
    expect(fakes().requests[2]?.headers).not.toHaveProperty('x-api-key')
  })

  test('a wrong key gets the provider’s own message', async () => {
    expect(await check('openai', 'sk-nope-1234')).toEqual({
      ok: false,
      message:
        'Incorrect API key provided: ********1234. You can find your API key at https://platform.openai.com/account/api-keys.',
    })
    expect(await check('anthropic', 'nope')).toEqual({ ok: false, message: 'invalid x-api-key' })
    expect(await check('google', 'nope')).toEqual({
      ok: false,
      message: 'API key not valid. Please pass a valid API key.',
    })
  })

  test.each([
    ['no connection', () => HttpResponse.error(), 'Could not reach OpenAI'],
    [
      'an error without a message',
      () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 }),
      'OpenAI refused the key (HTTP 502)',
    ],
    [
      'a success that is not a model list',
      () => HttpResponse.json({ hello: 'world' }),
      'OpenAI did not answer with a list of models',
    ],
  ])('%s', async (_, answer, message) => {
    mswServer.use(http.get(PROVIDER_MODEL_LIST_URLS.openai, answer))
    expect(await check('openai', 'sk-test-1')).toEqual({ ok: false, message })
  })

  test('a trailing slash on the base URL is fine (the fakes under /fake-providers/…)', async () => {
    expect(
      await checkProviderKey({
        provider: 'google',
        apiKey: 'AIza-test-1',
        baseUrl: `${DEFAULT_BASE_URLS.google}/`,
      }),
    ).toEqual({ ok: true })
  })
})
