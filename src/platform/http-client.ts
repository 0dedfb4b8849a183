import { keysToCamel, keysToSnake } from './case-conversion'
import { errorFromResponse, NetworkError, PlatformError } from './errors'

/** The part of `fetch` the SDK uses; `globalThis.fetch` fits. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

/** Query values are sent as given; an array becomes a repeated parameter. */
export type QueryValue = string | number | boolean | ReadonlyArray<string | number | boolean>
export type Query =
  | Record<string, QueryValue | null | undefined>
  | ReadonlyArray<readonly [string, string]>
  | URLSearchParams

export interface RequestOptions {
  method?: string
  query?: Query
  body?: unknown
  headers?: Record<string, string>
  /** Send the bearer token (default true). */
  auth?: boolean
  /** snake_case the body's keys and camelCase the answer's (default true). */
  convertKeys?: boolean
  /** 'json' (default) fails on an unparsable body; 'text' returns the raw text. */
  responseType?: 'json' | 'text'
  signal?: AbortSignal
  /** Let the request outlive the page (a write on `pagehide`). */
  keepalive?: boolean
}

export interface HttpResponse<T = unknown> {
  data: T
  status: number
  headers: Headers
}

export interface HttpClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>
}

export interface HttpClientConfig {
  authUrl: string
  coreUrl: string
  fetch: FetchLike
  /**
   * The bearer token to send, or null for none. Called again with `rejected`, the token the
   * server just answered 401 to although the client thought it valid (clock skew, a token
   * revoked early): a different token means "retry once with it".
   */
  getAccessToken: (rejected?: string) => Promise<string | null>
}

/** Auth API paths and the hosted login page live on the auth host; the rest on the core host. */
export function isAuthHostPath(path: string): boolean {
  return path.includes('/api/auth/') || path.startsWith('/auth')
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

export function toSearchParams(query: Query | undefined): URLSearchParams {
  if (!query) return new URLSearchParams()
  if (query instanceof URLSearchParams) return new URLSearchParams(query)
  const params = new URLSearchParams()
  if (Array.isArray(query)) {
    for (const [key, value] of query as ReadonlyArray<readonly [string, string]>) {
      params.append(key, value)
    }
    return params
  }
  for (const [key, value] of Object.entries(query as Record<string, QueryValue | null>)) {
    if (value === undefined || value === null) continue
    const values = Array.isArray(value) ? value : [value]
    for (const item of values) params.append(key, String(item))
  }
  return params
}

/** Bodies the platform takes as they are (multipart, raw bytes, text) rather than as JSON. */
function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  )
}

async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function createHttpClient(config: HttpClientConfig): HttpClient {
  const authUrl = withoutTrailingSlash(config.authUrl)
  const coreUrl = withoutTrailingSlash(config.coreUrl)

  function urlFor(path: string, query: Query | undefined): string {
    const base = /^https?:\/\//.test(path) ? '' : isAuthHostPath(path) ? authUrl : coreUrl
    const search = toSearchParams(query).toString()
    return `${base}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const convert = options.convertKeys !== false
    let body: BodyInit | undefined
    if (options.body !== undefined) {
      body = isRawBody(options.body)
        ? options.body
        : JSON.stringify(convert ? keysToSnake(options.body) : options.body)
    }

    const send = async (token: string | null): Promise<Response> => {
      const headers: Record<string, string> = {}
      if (!(options.body instanceof FormData)) headers['Content-Type'] = 'application/json'
      if (token) headers.Authorization = `Bearer ${token}`
      Object.assign(headers, options.headers)
      try {
        return await config.fetch(urlFor(path, options.query), {
          method: options.method ?? 'GET',
          headers,
          body,
          signal: options.signal,
          keepalive: options.keepalive,
        })
      } catch (cause) {
        const reason = cause instanceof Error ? cause.message : String(cause)
        throw new NetworkError(`Network request failed: ${reason}`, { cause })
      }
    }

    const token = options.auth !== false ? await config.getAccessToken() : null
    let response = await send(token)
    // Refused although we thought it valid: renew and retry once. A failed renewal surfaces as
    // its own error (a refused refresh is the auth error); a second 401 as the auth error.
    if (response.status === 401 && token) {
      const renewed = await config.getAccessToken(token)
      if (renewed && renewed !== token) {
        // Read, not cancelled: a cancelled body never settles under MSW's interceptor.
        await response.arrayBuffer().catch(() => {})
        response = await send(renewed)
      }
    }

    if (!response.ok) throw errorFromResponse(response.status, await readErrorBody(response))

    const text = response.status === 204 ? '' : await response.text()
    let data: unknown = null
    if (text && options.responseType === 'text') {
      data = text
    } else if (text) {
      try {
        data = JSON.parse(text)
      } catch (cause) {
        throw new PlatformError('Failed to parse response', {
          code: 'PARSE_ERROR',
          status: response.status,
          details: text,
          cause,
        })
      }
      if (convert) data = keysToCamel(data)
    }
    return { data: data as T, status: response.status, headers: response.headers }
  }

  return { request }
}
