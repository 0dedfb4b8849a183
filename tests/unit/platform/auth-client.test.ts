import { HttpResponse, http } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { createAuthClient } from '../../../src/platform/auth-client'
import { AuthError, PlatformError } from '../../../src/platform/errors'
import { createHttpClient } from '../../../src/platform/http-client'
import type { KeyValueStorage, TokenSet } from '../../../src/platform/types'
import { mswServer } from '../../support/msw-server'

const AUTH_URL = 'http://auth.test'
const NOW_MS = 1_700_000_000_000
const NOW_S = NOW_MS / 1000

function memoryStorage() {
  const map = new Map<string, string>()
  const storage: KeyValueStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
  return { map, storage }
}

function setup(options: { stored?: TokenSet; nowMs?: number } = {}) {
  const { map, storage } = memoryStorage()
  if (options.stored) map.set('auth_tokens', JSON.stringify(options.stored))
  let nowMs = options.nowMs ?? NOW_MS
  const httpClient = createHttpClient({
    authUrl: AUTH_URL,
    coreUrl: 'http://core.test',
    fetch: (input, init) => globalThis.fetch(input, init),
    // Mirrors the platform client: the stored access token, refreshed when stale or refused.
    getAccessToken: async (rejected) =>
      auth.getTokens() ? auth.getValidAccessToken(rejected) : null,
  })
  const auth = createAuthClient({
    authUrl: `${AUTH_URL}/`,
    projectId: 'prompt-chat',
    storage,
    http: httpClient,
    now: () => nowMs,
  })
  return {
    auth,
    map,
    setNow: (ms: number) => {
      nowMs = ms
    },
  }
}

const fresh: TokenSet = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_expires_in: 2_592_000,
  issued_at: NOW_S,
}
const expired: TokenSet = { ...fresh, issued_at: NOW_S - 900 + 29 }

const tokenAnswer = {
  access_token: 'access-2',
  refresh_token: 'refresh-2',
  token_type: 'Bearer',
  expires_in: 600,
  refresh_expires_in: 1000,
}

function captureRefresh(answer: () => Response = () => HttpResponse.json(tokenAnswer)) {
  const bodies: unknown[] = []
  mswServer.use(
    http.post(`${AUTH_URL}/api/auth/refresh`, async ({ request }) => {
      bodies.push(await request.json())
      expect(request.headers.get('authorization')).toBeNull()
      return answer()
    }),
  )
  return bodies
}

describe('loginUrl', () => {
  test('encodes the return address and the project id in that order', () => {
    const { auth } = setup()
    expect(auth.loginUrl('http://app.test/chat?tab=browse#top')).toBe(
      `http://auth.test/auth?redirect_url=${encodeURIComponent('http://app.test/chat?tab=browse#top')}&project_id=prompt-chat`,
    )
  })

  test('strips redirect_url and redirect from the return address', () => {
    const { auth } = setup()
    const url = auth.loginUrl('http://app.test/?redirect_url=x&a=1&redirect=y&b=2')
    expect(url).toBe(
      `http://auth.test/auth?redirect_url=${encodeURIComponent('http://app.test/?a=1&b=2')}&project_id=prompt-chat`,
    )
    expect(new URL(url).searchParams.get('redirect_url')).toBe('http://app.test/?a=1&b=2')
  })
})

describe('readRedirect', () => {
  test('reads tokens with defaults and strips exactly docs/product/screens.md#auth-redirects parameters', () => {
    const { auth } = setup()
    const href =
      'http://app.test/chat?keep=1&access_token=A&refresh_token=R&token_type=Bearer&project_id=p' +
      '&expires_in=&refresh_expires_in=&state=s&prompt=%7B%22t%22%3A1%7D&last=z#section'
    const result = auth.readRedirect(href)
    expect(result.tokens).toEqual({
      access_token: 'A',
      refresh_token: 'R',
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
      issued_at: NOW_S,
    })
    expect(result.cleanedHref).toBe(
      'http://app.test/chat?keep=1&prompt=%7B%22t%22%3A1%7D&last=z#section',
    )
    expect(result.changed).toBe(true)
    expect(result.code).toBeUndefined()
  })

  test('explicit lifetimes are kept', () => {
    const { auth } = setup()
    const { tokens } = auth.readRedirect(
      'http://app.test/?access_token=A&expires_in=60&refresh_expires_in=120',
    )
    expect(tokens).toMatchObject({
      expires_in: 60,
      refresh_expires_in: 120,
      refresh_token: undefined,
    })
  })

  test('a one-time code is returned and removed', () => {
    const { auth } = setup()
    expect(auth.readRedirect('http://app.test/?code=abc123')).toEqual({
      code: 'abc123',
      cleanedHref: 'http://app.test/',
      changed: true,
    })
  })

  test('error and error_description are read and removed', () => {
    const { auth } = setup()
    const result = auth.readRedirect(
      'http://app.test/?error=access_denied&error_description=User%20cancelled&x=1',
    )
    expect(result.error).toBe('User cancelled')
    expect(result.cleanedHref).toBe('http://app.test/?x=1')
    expect(auth.readRedirect('http://app.test/?error=access_denied').error).toBe('access_denied')
  })

  test('an address without auth parameters is unchanged', () => {
    const { auth } = setup()
    const href = 'http://app.test/p?prompt=%7B%7D&a=b+c#h'
    expect(auth.readRedirect(href)).toEqual({ cleanedHref: href, changed: false })
  })

  test('readRedirect stores nothing by itself', () => {
    const { auth, map } = setup()
    auth.readRedirect('http://app.test/?access_token=A')
    expect(map.size).toBe(0)
  })
})

describe('exchangeCode', () => {
  test('posts the code without a bearer, stores and announces the token set', async () => {
    const bodies: unknown[] = []
    mswServer.use(
      http.post(`${AUTH_URL}/api/auth/token`, async ({ request }) => {
        bodies.push(await request.json())
        expect(request.headers.get('content-type')).toBe('application/json')
        return HttpResponse.json(tokenAnswer)
      }),
    )
    const { auth, map } = setup()
    const seen = vi.fn()
    auth.onTokensChange(seen)
    const tokens = await auth.exchangeCode('one-time')
    const expected = { ...tokenAnswer, issued_at: NOW_S }
    expect(bodies).toEqual([{ code: 'one-time' }])
    expect(tokens).toEqual(expected)
    expect(JSON.parse(map.get('auth_tokens')!)).toEqual(expected)
    expect(seen).toHaveBeenCalledWith(expected)
  })

  test('a refused code is an AuthError and stores nothing', async () => {
    mswServer.use(
      http.post(`${AUTH_URL}/api/auth/token`, () =>
        HttpResponse.json(
          { error: { code: 'invalid_code', message: 'Invalid code' } },
          { status: 401 },
        ),
      ),
    )
    const { auth, map } = setup()
    await expect(auth.exchangeCode('used')).rejects.toMatchObject({
      name: 'AuthError',
      message: 'Invalid code',
    })
    expect(map.size).toBe(0)
  })
})

describe('refresh', () => {
  test('posts the refresh token snake_case, stores the rotated set and notifies', async () => {
    const bodies = captureRefresh()
    const { auth } = setup({ stored: fresh })
    const seen = vi.fn()
    auth.onTokensChange(seen)
    const tokens = await auth.refresh()
    expect(bodies).toEqual([{ refresh_token: 'refresh-1' }])
    expect(tokens).toEqual({ ...tokenAnswer, issued_at: NOW_S })
    expect(auth.getTokens()).toEqual(tokens)
    expect(seen).toHaveBeenCalledWith(tokens)
  })

  test('single flight: two concurrent calls send one request and share its answer', async () => {
    const bodies = captureRefresh()
    const { auth } = setup({ stored: fresh })
    const [first, second] = await Promise.all([auth.refresh(), auth.refresh()])
    expect(bodies).toHaveLength(1)
    expect(first).toBe(second)
    expect(first.access_token).toBe('access-2')
    // Once settled, the next call is a new request.
    await auth.refresh()
    expect(bodies).toHaveLength(2)
  })

  test('keeps the old refresh token when the answer has none', async () => {
    captureRefresh(() => HttpResponse.json({ access_token: 'access-3', expires_in: 900 }))
    const { auth } = setup({ stored: fresh })
    expect((await auth.refresh()).refresh_token).toBe('refresh-1')
  })

  test('a 401 clears the tokens, notifies null and rethrows the AuthError', async () => {
    captureRefresh(() =>
      HttpResponse.json(
        { error: { code: 'refresh_token_reused', message: 'Refresh token reused' } },
        { status: 401 },
      ),
    )
    const { auth, map } = setup({ stored: fresh })
    const seen = vi.fn()
    auth.onTokensChange(seen)
    const failure = auth.refresh()
    await expect(failure).rejects.toBeInstanceOf(AuthError)
    await expect(failure).rejects.toMatchObject({ message: 'Refresh token reused', status: 401 })
    expect(map.has('auth_tokens')).toBe(false)
    expect(seen).toHaveBeenCalledWith(null)
  })

  test('a server error keeps the tokens', async () => {
    captureRefresh(() => HttpResponse.json({ message: 'down' }, { status: 503 }))
    const { auth } = setup({ stored: fresh })
    await expect(auth.refresh()).rejects.toMatchObject({ message: 'down', status: 503 })
    expect(auth.getTokens()).toEqual(fresh)
  })

  test("no tokens at all → 'Not authenticated'; no refresh token → 'No access token available'", async () => {
    await expect(setup().auth.refresh()).rejects.toMatchObject({
      name: 'AuthError',
      message: 'Not authenticated',
    })
    const { refresh_token: _, ...withoutRefresh } = fresh
    await expect(
      setup({ stored: withoutRefresh as TokenSet }).auth.refresh(),
    ).rejects.toMatchObject({ name: 'AuthError', message: 'No access token available' })
  })
})

describe('getValidAccessToken', () => {
  test('returns the stored token while it is fresh, without a request', async () => {
    const { auth } = setup({ stored: fresh })
    expect(await auth.getValidAccessToken()).toBe('access-1')
  })

  test('refreshes first when the token is within 30 s of expiry', async () => {
    const bodies = captureRefresh()
    const { auth } = setup({ stored: expired })
    expect(await auth.getValidAccessToken()).toBe('access-2')
    expect(bodies).toEqual([{ refresh_token: 'refresh-1' }])
  })

  test("no tokens → AuthError 'No access token available'", async () => {
    await expect(setup().auth.getValidAccessToken()).rejects.toMatchObject({
      name: 'AuthError',
      code: 'AUTH_ERROR',
      message: 'No access token available',
    })
  })
})

describe('me and update', () => {
  test('GET /api/auth/me with the bearer, user read in camelCase', async () => {
    const seenAuth: Array<string | null> = []
    mswServer.use(
      http.get(`${AUTH_URL}/api/auth/me`, ({ request }) => {
        seenAuth.push(request.headers.get('authorization'))
        return HttpResponse.json({
          user: { id: 'u1', email: 'a@b.c', display_name: 'Ada', created_at: '2024-01-01' },
        })
      }),
    )
    const { auth } = setup({ stored: fresh })
    expect(await auth.me()).toEqual({ id: 'u1', email: 'a@b.c', displayName: 'Ada' })
    expect(seenAuth).toEqual(['Bearer access-1'])
  })

  test('an expired token is refreshed before /me goes out', async () => {
    captureRefresh()
    const seenAuth: Array<string | null> = []
    mswServer.use(
      http.get(`${AUTH_URL}/api/auth/me`, ({ request }) => {
        seenAuth.push(request.headers.get('authorization'))
        return HttpResponse.json({ user: { id: 'u1', email: 'a@b.c', display_name: null } })
      }),
    )
    await setup({ stored: expired }).auth.me()
    expect(seenAuth).toEqual(['Bearer access-2'])
  })

  test("no tokens → AuthError 'Not authenticated' without a request", async () => {
    await expect(setup().auth.me()).rejects.toMatchObject({
      name: 'AuthError',
      message: 'Not authenticated',
    })
  })

  test('a 401 to a fresh token refreshes and retries once; a second 401 stays an AuthError', async () => {
    const refreshes = captureRefresh()
    const seenAuth: Array<string | null> = []
    mswServer.use(
      http.get(`${AUTH_URL}/api/auth/me`, ({ request }) => {
        seenAuth.push(request.headers.get('authorization'))
        return HttpResponse.json({ error: { message: 'Invalid token' } }, { status: 401 })
      }),
    )
    const failure = setup({ stored: fresh }).auth.me()
    await expect(failure).rejects.toBeInstanceOf(AuthError)
    await expect(failure).rejects.toMatchObject({ message: 'Invalid token', status: 401 })
    expect(seenAuth).toEqual(['Bearer access-1', 'Bearer access-2'])
    expect(refreshes).toEqual([{ refresh_token: 'refresh-1' }])
  })

  test('clock skew: the server expired a token the client thought fresh, and the retry works', async () => {
    const refreshes = captureRefresh()
    const seenAuth: Array<string | null> = []
    mswServer.use(
      http.get(`${AUTH_URL}/api/auth/me`, ({ request }) => {
        const bearer = request.headers.get('authorization')
        seenAuth.push(bearer)
        return bearer === 'Bearer access-2'
          ? HttpResponse.json({ user: { id: 'u1', email: 'a@b.c', display_name: null } })
          : HttpResponse.json({ error: { message: 'Access token is expired' } }, { status: 401 })
      }),
    )
    const { auth } = setup({ stored: fresh })
    expect(await auth.me()).toEqual({ id: 'u1', email: 'a@b.c', displayName: null })
    expect(seenAuth).toEqual(['Bearer access-1', 'Bearer access-2'])
    expect(refreshes).toEqual([{ refresh_token: 'refresh-1' }])
    expect(auth.getTokens()?.access_token).toBe('access-2')
  })

  test('concurrent 401s share one refresh; a late one retries with the replacement', async () => {
    const refreshes = captureRefresh()
    const seenAuth: Array<string | null> = []
    mswServer.use(
      http.get(`${AUTH_URL}/api/auth/me`, ({ request }) => {
        const bearer = request.headers.get('authorization')
        seenAuth.push(bearer)
        return bearer === 'Bearer access-2'
          ? HttpResponse.json({ user: { id: 'u1', email: 'a@b.c' } })
          : HttpResponse.json({ error: { message: 'Access token is expired' } }, { status: 401 })
      }),
    )
    const { auth } = setup({ stored: fresh })
    await Promise.all([auth.me(), auth.me(), auth.me()])
    expect(refreshes).toHaveLength(1)
    // Refused with access-1 after access-2 is already stored: no second refresh.
    expect(await auth.getValidAccessToken('access-1')).toBe('access-2')
    expect(refreshes).toHaveLength(1)
    expect(seenAuth.filter((bearer) => bearer === 'Bearer access-2')).toHaveLength(3)
  })

  test('a refused refresh during the retry signs out with its own AuthError', async () => {
    captureRefresh(() =>
      HttpResponse.json(
        { error: { code: 'refresh_token_reused', message: 'Refresh token reused' } },
        { status: 401 },
      ),
    )
    const seenAuth: Array<string | null> = []
    mswServer.use(
      http.get(`${AUTH_URL}/api/auth/me`, ({ request }) => {
        seenAuth.push(request.headers.get('authorization'))
        return HttpResponse.json({ error: { message: 'Access token is expired' } }, { status: 401 })
      }),
    )
    const { auth, map } = setup({ stored: fresh })
    await expect(auth.me()).rejects.toMatchObject({
      name: 'AuthError',
      message: 'Refresh token reused',
    })
    expect(seenAuth).toEqual(['Bearer access-1'])
    expect(map.has('auth_tokens')).toBe(false)
  })

  test.each([
    ['a server error', () => HttpResponse.json({ message: 'db down' }, { status: 500 }), 500],
    ['a network error', () => HttpResponse.error(), 0],
    ['a body without a user', () => HttpResponse.json({}), 0],
  ])("%s is 'Failed to fetch user'", async (_, answer, status) => {
    mswServer.use(http.get(`${AUTH_URL}/api/auth/me`, answer))
    const failure = setup({ stored: fresh }).auth.me()
    await expect(failure).rejects.toBeInstanceOf(PlatformError)
    await expect(failure).rejects.toMatchObject({ message: 'Failed to fetch user', status })
    await expect(failure).rejects.not.toBeInstanceOf(AuthError)
  })

  test('PATCH /api/auth/me sends snake_case and returns the updated user', async () => {
    const bodies: unknown[] = []
    mswServer.use(
      http.patch(`${AUTH_URL}/api/auth/me`, async ({ request }) => {
        bodies.push(await request.json())
        expect(request.headers.get('authorization')).toBe('Bearer access-1')
        return HttpResponse.json({ user: { id: 'u1', email: 'a@b.c', display_name: 'New' } })
      }),
    )
    const user = await setup({ stored: fresh }).auth.update({ displayName: 'New' })
    expect(bodies).toEqual([{ display_name: 'New' }])
    expect(user).toEqual({ id: 'u1', email: 'a@b.c', displayName: 'New' })
  })

  test("an update failure is 'Failed to update user'", async () => {
    mswServer.use(
      http.patch(`${AUTH_URL}/api/auth/me`, () => HttpResponse.json({}, { status: 500 })),
    )
    await expect(setup({ stored: fresh }).auth.update({ displayName: 'x' })).rejects.toMatchObject({
      message: 'Failed to update user',
      status: 500,
    })
  })
})

describe('logout', () => {
  test('clears and notifies at once, then revokes the refresh token without a bearer', async () => {
    const bodies: unknown[] = []
    let storedWhenPosted: string | undefined | null
    const { auth, map } = setup({ stored: fresh })
    mswServer.use(
      http.post(`${AUTH_URL}/api/auth/logout`, async ({ request }) => {
        storedWhenPosted = map.get('auth_tokens') ?? null
        expect(request.headers.get('authorization')).toBeNull()
        bodies.push(await request.json())
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const seen = vi.fn()
    auth.onTokensChange(seen)
    await auth.logout()
    expect(storedWhenPosted).toBeNull()
    expect(seen).toHaveBeenCalledWith(null)
    expect(bodies).toEqual([{ refresh_token: 'refresh-1' }])
    expect(auth.getTokens()).toBeNull()
  })

  test('a failing logout request is swallowed', async () => {
    mswServer.use(http.post(`${AUTH_URL}/api/auth/logout`, () => HttpResponse.error()))
    const { auth } = setup({ stored: fresh })
    await expect(auth.logout()).resolves.toBeUndefined()
    expect(auth.getTokens()).toBeNull()
  })

  test('without tokens, logout sends nothing (unhandled requests would fail)', async () => {
    const { auth } = setup()
    const seen = vi.fn()
    auth.onTokensChange(seen)
    await auth.logout()
    expect(seen).toHaveBeenCalledWith(null)
  })
})

describe('token access and listeners', () => {
  test('setTokens stamps issued_at when missing and keeps it when given', () => {
    const { auth } = setup()
    const { issued_at: _, ...unstamped } = fresh
    auth.setTokens(unstamped)
    expect(auth.getTokens()).toEqual({ ...fresh, issued_at: NOW_S })
    auth.setTokens({ ...fresh, issued_at: 5 })
    expect(auth.getTokens()?.issued_at).toBe(5)
  })

  test('listeners hear set and clear until they unsubscribe', () => {
    const { auth } = setup()
    const seen = vi.fn()
    const unsubscribe = auth.onTokensChange(seen)
    auth.setTokens(fresh)
    auth.clearTokens()
    unsubscribe()
    auth.setTokens(fresh)
    expect(seen.mock.calls).toEqual([[fresh], [null]])
  })
})
