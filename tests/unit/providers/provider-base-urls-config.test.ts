import { describe, expect, test } from 'vitest'
import { readAppConfig } from '../../../src/app/config'
import { DEFAULT_BASE_URLS } from '../../../src/providers/base-urls'

const ORIGIN = 'http://localhost:3100'
const injected = (providerBaseUrls: unknown) => JSON.stringify({ providerBaseUrls })

describe('providerBaseUrls in the app config', () => {
  test('are the real APIs when nothing is configured', () => {
    expect(readAppConfig({}, ORIGIN).providerBaseUrls).toEqual({
      openai: 'https://api.openai.com',
      anthropic: 'https://api.anthropic.com',
      google: 'https://generativelanguage.googleapis.com',
    })
  })

  test('come from the build-time VITE_*_BASE_URL variables, trailing slash trimmed', () => {
    const env = {
      VITE_OPENAI_BASE_URL: 'http://o.test/',
      VITE_ANTHROPIC_BASE_URL: 'http://a.test',
      VITE_GOOGLE_BASE_URL: 'http://g.test/prefix/',
    }
    expect(readAppConfig(env, ORIGIN).providerBaseUrls).toEqual({
      openai: 'http://o.test',
      anthropic: 'http://a.test',
      google: 'http://g.test/prefix',
    })
  })

  test("the page's injected config wins over the build, provider by provider", () => {
    const env = { VITE_OPENAI_BASE_URL: 'http://o.test', VITE_GOOGLE_BASE_URL: 'http://g.test' }
    const config = readAppConfig(
      env,
      ORIGIN,
      injected({
        openai: `${ORIGIN}/fake-providers/openai`,
        anthropic: '/fake-providers/anthropic',
      }),
    )
    expect(config.providerBaseUrls).toEqual({
      openai: `${ORIGIN}/fake-providers/openai`,
      // A path is taken relative to the page.
      anthropic: `${ORIGIN}/fake-providers/anthropic`,
      google: 'http://g.test',
    })
  })

  test.each([
    ['not JSON', '{providerBaseUrls'],
    ['JSON null', 'null'],
    ['no providerBaseUrls', '{}'],
    ['providerBaseUrls not an object', injected('http://x.test')],
    ['values that are not strings', injected({ openai: 42, anthropic: null, google: '  ' })],
    ['URLs that are not HTTP', injected({ openai: 'javascript:alert(1)', google: 'data:,x' })],
    ['an empty element', ''],
  ])('an injected config with %s is ignored', (_, text) => {
    expect(readAppConfig({}, ORIGIN, text).providerBaseUrls).toEqual(DEFAULT_BASE_URLS)
  })

  test('keeps the platform settings as before', () => {
    const config = readAppConfig({ VITE_CORE_URL: 'http://core.test/' }, ORIGIN, injected({}))
    expect(config).toMatchObject({
      authUrl: ORIGIN,
      coreUrl: 'http://core.test',
      projectId: 'prompt-chat',
    })
  })
})
