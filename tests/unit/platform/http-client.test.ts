import { HttpResponse, http } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import {
  AuthError,
  NetworkError,
  PlatformError,
  ValidationError,
} from '../../../src/platform/errors'
import { createHttpClient, type FetchLike } from '../../../src/platform/http-client'
import { mswServer } from '../../support/msw-server'

const AUTH_URL = 'http://auth.test'
const CORE_URL = 'http://core.test/'

function client(options: { token?: string | null; fetch?: FetchLike } = {}) {
  const getAccessToken = vi.fn(async () => (options.token === undefined ? 'tok-1' : options.token))
  const httpClient = createHttpClient({
    authUrl: AUTH_URL,
    coreUrl: CORE_URL,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    getAccessToken,
  })
  return { httpClient, getAccessToken }
}

/** Answers every request with `answer` and keeps the requests that came in. */
function captureAll(answer: () => Response = () => HttpResponse.json({ ok: true })) {
  const requests: Request[] = []
  mswServer.use(
    http.all('*', ({ request }) => {
      requests.push(request.clone())
      return answer()
    }),
  )
  return requests
}

describe('routing', () => {
  test.each([
    ['/api/auth/me', 'http://auth.test/api/auth/me'],
    ['/api/auth/refresh', 'http://auth.test/api/auth/refresh'],
    ['/auth', 'http://auth.test/auth'],
    ['/auth/sign-up', 'http://auth.test/auth/sign-up'],
    ['/api/db/p1/rest/v1/prompts', 'http://core.test/api/db/p1/rest/v1/prompts'],
    ['/api/ai/p1/text', 'http://core.test/api/ai/p1/text'],
  ])('%s goes to %s', async (path, url) => {
    const requests = captureAll()
    await client().httpClient.request(path)
    expect(requests.map((r) => r.url)).toEqual([url])
  })

  test('query values are sent as given, arrays as repeated parameters', async () => {
    const requests = captureAll()
    await client().httpClient.request('/api/db/p1/rest/v1/prompts', {
      query: { title: 'bogus.x', created_at: ['gte.1', 'lt.2'], limit: 5, skipped: undefined },
    })
    const url = new URL(requests[0]!.url)
    expect(url.searchParams.get('title')).toBe('bogus.x')
    expect(url.searchParams.getAll('created_at')).toEqual(['gte.1', 'lt.2'])
    expect(url.searchParams.get('limit')).toBe('5')
    expect(url.searchParams.has('skipped')).toBe(false)
  })
})

describe('headers and body', () => {
  test('JSON content type, bearer token and snake_case body by default', async () => {
    const requests = captureAll()
    await client().httpClient.request('/api/db/p1/rest/v1/prompts', {
      method: 'POST',
      body: { userId: 'u1', nestedValue: { isPublic: true } },
      headers: { Prefer: 'return=representation' },
    })
    const request = requests[0]!
    expect(request.method).toBe('POST')
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(request.headers.get('authorization')).toBe('Bearer tok-1')
    expect(request.headers.get('prefer')).toBe('return=representation')
    expect(await request.json()).toEqual({ user_id: 'u1', nested_value: { is_public: true } })
  })

  test('auth:false sends no token and never asks for one; convertKeys:false keeps the body', async () => {
    const requests = captureAll()
    const { httpClient, getAccessToken } = client()
    await httpClient.request('/api/auth/refresh', {
      method: 'POST',
      body: { refresh_token: 'r1', someKey: 1 },
      auth: false,
      convertKeys: false,
    })
    expect(getAccessToken).not.toHaveBeenCalled()
    expect(requests[0]!.headers.get('authorization')).toBeNull()
    expect(await requests[0]!.json()).toEqual({ refresh_token: 'r1', someKey: 1 })
  })

  test('no Authorization header when there is no token', async () => {
    const requests = captureAll()
    await client({ token: null }).httpClient.request('/api/db/p1/rest/v1/prompts')
    expect(requests[0]!.headers.get('authorization')).toBeNull()
  })

  test('FormData goes out as multipart, without the JSON content type', async () => {
    const requests = captureAll()
    const form = new FormData()
    form.append('path', 'a/b.txt')
    await client().httpClient.request('/api/storage/p1/upload', { method: 'POST', body: form })
    expect(requests[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    expect((await requests[0]!.formData()).get('path')).toBe('a/b.txt')
  })
})

describe('responses', () => {
  test('JSON answers come back camelCased with status and headers', async () => {
    captureAll(() =>
      HttpResponse.json([{ user_id: 'u1', is_public: '1' }], {
        status: 201,
        headers: { 'Content-Range': '0-0/1' },
      }),
    )
    const response = await client().httpClient.request('/api/db/p1/rest/v1/prompts')
    expect(response.data).toEqual([{ userId: 'u1', isPublic: '1' }])
    expect(response.status).toBe(201)
    expect(response.headers.get('content-range')).toBe('0-0/1')
  })

  test('convertKeys:false keeps answer keys as sent', async () => {
    captureAll(() => HttpResponse.json({ access_token: 'a' }))
    const { data } = await client().httpClient.request('/api/auth/token', { convertKeys: false })
    expect(data).toEqual({ access_token: 'a' })
  })

  test('204 and empty bodies are null', async () => {
    captureAll(() => new HttpResponse(null, { status: 204 }))
    expect((await client().httpClient.request('/api/auth/logout')).data).toBeNull()
    captureAll(() => new HttpResponse('', { status: 200 }))
    expect((await client().httpClient.request('/api/db/p1/rest/v1/x')).data).toBeNull()
  })

  test("a 2xx body that is not JSON is 'Failed to parse response'", async () => {
    captureAll(() => new HttpResponse('<html>', { status: 200 }))
    const failure = client().httpClient.request('/api/db/p1/rest/v1/x')
    await expect(failure).rejects.toBeInstanceOf(PlatformError)
    await expect(failure).rejects.toMatchObject({
      message: 'Failed to parse response',
      status: 200,
    })
  })

  test("responseType 'text' returns the raw text", async () => {
    captureAll(() => new HttpResponse('plain words', { status: 200 }))
    const { data } = await client().httpClient.request('/x', { responseType: 'text' })
    expect(data).toBe('plain words')
  })
})

describe('errors', () => {
  test('401 → AuthError with the nested message and the body as details', async () => {
    const body = { error: { code: 'invalid_token', message: 'Token expired' } }
    captureAll(() => HttpResponse.json(body, { status: 401 }))
    const failure = client().httpClient.request('/api/auth/me')
    await expect(failure).rejects.toBeInstanceOf(AuthError)
    await expect(failure).rejects.toMatchObject({
      message: 'Token expired',
      status: 401,
      code: 'AUTH_ERROR',
      details: body,
    })
  })

  test('400 → ValidationError (PostgREST body: message)', async () => {
    captureAll(() =>
      HttpResponse.json(
        { code: 'PGRST100', message: 'bad filter', details: null },
        { status: 400 },
      ),
    )
    const failure = client().httpClient.request('/api/db/p1/rest/v1/prompts', {
      query: { title: 'bogus.x' },
    })
    await expect(failure).rejects.toBeInstanceOf(ValidationError)
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'bad filter',
    })
  })

  test("500 with a non-JSON body → PlatformError 'HTTP 500'", async () => {
    captureAll(() => new HttpResponse('Internal oops', { status: 500 }))
    await expect(client().httpClient.request('/api/db/p1/rest/v1/x')).rejects.toMatchObject({
      message: 'HTTP 500',
      status: 500,
      details: 'Internal oops',
    })
  })

  test("a fetch rejection → NetworkError 'Network request failed: <cause>' with status 0", async () => {
    const failingFetch: FetchLike = () => Promise.reject(new TypeError('connection refused'))
    const failure = client({ fetch: failingFetch }).httpClient.request('/api/auth/me')
    await expect(failure).rejects.toBeInstanceOf(NetworkError)
    await expect(failure).rejects.toMatchObject({
      message: 'Network request failed: connection refused',
      status: 0,
      code: 'NETWORK_ERROR',
    })
  })

  test('MSW network errors surface the same way', async () => {
    mswServer.use(http.all('*', () => HttpResponse.error()))
    await expect(client().httpClient.request('/api/auth/me')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: expect.stringMatching(/^Network request failed: /),
    })
  })
})

describe('a 401 to a token the client thought valid', () => {
  /** Answers each request with the next of `statuses` (200 after them) and keeps them all. */
  function answerInTurn(...statuses: number[]) {
    const requests: Request[] = []
    mswServer.use(
      http.all('*', ({ request }) => {
        requests.push(request.clone())
        const status = statuses[requests.length - 1] ?? 200
        return status === 401
          ? HttpResponse.json({ error: { message: 'Access token is expired' } }, { status })
          : HttpResponse.json({ ok: true })
      }),
    )
    return requests
  }

  /** A client whose token source hands out `tok-2` once `tok-1` is refused. */
  function renewingClient(renew: (rejected: string) => Promise<string | null>) {
    const getAccessToken = vi.fn(async (rejected?: string) =>
      rejected === undefined ? 'tok-1' : renew(rejected),
    )
    const httpClient = createHttpClient({
      authUrl: AUTH_URL,
      coreUrl: CORE_URL,
      fetch: (input, init) => globalThis.fetch(input, init),
      getAccessToken,
    })
    return { httpClient, getAccessToken }
  }

  test('is renewed and the request sent once more, unchanged but for the token', async () => {
    const requests = answerInTurn(401)
    const { httpClient, getAccessToken } = renewingClient(async () => 'tok-2')
    const { data } = await httpClient.request('/api/db/p1/rest/v1/prompts', {
      method: 'POST',
      body: { title: 'Again' },
      headers: { Prefer: 'return=representation' },
    })
    expect(data).toEqual({ ok: true })
    expect(getAccessToken.mock.calls).toEqual([[], ['tok-1']])
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ])
    for (const request of requests) {
      expect(request.method).toBe('POST')
      expect(request.headers.get('prefer')).toBe('return=representation')
      expect(await request.json()).toEqual({ title: 'Again' })
    }
  })

  test('only once: a second 401 is the AuthError', async () => {
    const requests = answerInTurn(401, 401, 401)
    const { httpClient } = renewingClient(async () => 'tok-2')
    const failure = httpClient.request('/api/auth/me')
    await expect(failure).rejects.toBeInstanceOf(AuthError)
    await expect(failure).rejects.toMatchObject({ message: 'Access token is expired' })
    expect(requests).toHaveLength(2)
  })

  test('a renewal that fails surfaces as its own error, without a retry', async () => {
    const requests = answerInTurn(401)
    const { httpClient } = renewingClient(async () => {
      throw new AuthError('Refresh token was already used; the session has been revoked')
    })
    await expect(httpClient.request('/api/auth/me')).rejects.toMatchObject({
      name: 'AuthError',
      message: 'Refresh token was already used; the session has been revoked',
    })
    expect(requests).toHaveLength(1)
  })

  test('no retry when the renewal gives the same token or none', async () => {
    for (const renewed of ['tok-1', null]) {
      const requests = answerInTurn(401)
      const { httpClient } = renewingClient(async () => renewed)
      await expect(httpClient.request('/api/auth/me')).rejects.toBeInstanceOf(AuthError)
      expect(requests).toHaveLength(1)
    }
  })

  test('no retry for a request sent without a token', async () => {
    for (const options of [{ auth: false }, {}]) {
      const requests = answerInTurn(401)
      const { httpClient, getAccessToken } = client({ token: null })
      await expect(httpClient.request('/api/auth/refresh', options)).rejects.toBeInstanceOf(
        AuthError,
      )
      expect(requests).toHaveLength(1)
      expect(getAccessToken.mock.calls.every((call) => call.length === 0)).toBe(true)
    }
  })
})
