import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createPlatformClient } from '../../../src/platform/platform-client'
import type { KeyValueStorage, TokenSet } from '../../../src/platform/types'
import { mswServer } from '../../support/msw-server'

const NOW_MS = 1_700_000_000_000

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

function platform(fetchImpl?: typeof fetch) {
  return createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: 'http://auth.test',
    coreUrl: 'http://core.test',
    storage: memoryStorage(),
    fetch: fetchImpl,
    now: () => NOW_MS,
  })
}

const tokens: TokenSet = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'Bearer',
  expires_in: 900,
  issued_at: NOW_MS / 1000,
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createPlatformClient', () => {
  test('db calls carry the stored bearer token to the core host', async () => {
    const seen: Array<{ url: string; auth: string | null }> = []
    mswServer.use(
      http.get('http://core.test/api/db/prompt-chat/rest/v1/ai_models', ({ request }) => {
        seen.push({ url: request.url, auth: request.headers.get('authorization') })
        return HttpResponse.json([{ id: 'm1', model_id: 'gpt-4o' }])
      }),
    )
    const client = platform()
    client.auth.setTokens(tokens)
    expect(await client.db.table('aiModels').list()).toEqual([{ id: 'm1', modelId: 'gpt-4o' }])
    expect(seen).toEqual([
      {
        url: 'http://core.test/api/db/prompt-chat/rest/v1/ai_models?select=*',
        auth: 'Bearer access-1',
      },
    ])
  })

  test('signed out, requests go without a bearer', async () => {
    const seen: Array<string | null> = []
    mswServer.use(
      http.get('http://core.test/api/db/prompt-chat/rest/v1/prompts', ({ request }) => {
        seen.push(request.headers.get('authorization'))
        return HttpResponse.json([])
      }),
    )
    await platform().db.table('prompts').list()
    expect(seen).toEqual([null])
  })

  test('an expired access token is refreshed once, then used, even for concurrent calls', async () => {
    const refreshBodies: unknown[] = []
    const bearers: Array<string | null> = []
    mswServer.use(
      http.post('http://auth.test/api/auth/refresh', async ({ request }) => {
        refreshBodies.push(await request.json())
        return HttpResponse.json({
          access_token: 'access-2',
          refresh_token: 'refresh-2',
          token_type: 'Bearer',
          expires_in: 900,
          refresh_expires_in: 2_592_000,
        })
      }),
      http.get('http://core.test/api/db/prompt-chat/rest/v1/prompts', ({ request }) => {
        bearers.push(request.headers.get('authorization'))
        return HttpResponse.json([])
      }),
    )
    const client = platform()
    client.auth.setTokens({ ...tokens, issued_at: NOW_MS / 1000 - 880 })
    await Promise.all([client.db.table('prompts').list(), client.db.table('prompts').list()])
    expect(refreshBodies).toEqual([{ refresh_token: 'refresh-1' }])
    expect(bearers).toEqual(['Bearer access-2', 'Bearer access-2'])
    expect(client.auth.getTokens()?.refresh_token).toBe('refresh-2')
  })

  test('raw http.request rejects a 400 as VALIDATION_ERROR', async () => {
    mswServer.use(
      http.get('http://core.test/api/db/prompt-chat/rest/v1/prompts', ({ request }) => {
        expect(new URL(request.url).searchParams.get('title')).toBe('bogus.x')
        return HttpResponse.json(
          { code: 'PGRST100', message: 'failed to parse filter', details: null, hint: null },
          { status: 400 },
        )
      }),
    )
    await expect(
      platform().http.request('/api/db/prompt-chat/rest/v1/prompts', {
        query: { title: 'bogus.x' },
      }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'failed to parse filter',
    })
  })

  test('the default fetch is looked up at call time, not at creation', async () => {
    const client = platform()
    const lateFetch = vi.fn(async () => Response.json([{ id: 'late' }]))
    vi.stubGlobal('fetch', lateFetch)
    expect(await client.db.table('prompts').list()).toEqual([{ id: 'late' }])
    expect(lateFetch).toHaveBeenCalledWith(
      'http://core.test/api/db/prompt-chat/rest/v1/prompts?select=*',
      expect.objectContaining({ method: 'GET' }),
    )
  })

  test('a given fetch is used instead of the global one', async () => {
    const ownFetch = vi.fn(async () =>
      Response.json({ user: { id: 'u1', email: 'e@x.y', display_name: 'E' } }),
    )
    const client = platform(ownFetch as unknown as typeof fetch)
    client.auth.setTokens(tokens)
    expect(await client.auth.me()).toEqual({ id: 'u1', email: 'e@x.y', displayName: 'E' })
    expect(ownFetch).toHaveBeenCalledWith('http://auth.test/api/auth/me', expect.anything())
  })
})
