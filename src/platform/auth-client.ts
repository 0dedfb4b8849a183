import { AuthError, PlatformError } from './errors'
import type { HttpClient } from './http-client'
import { createTokenStore, isAccessTokenExpired } from './token-store'
import type { KeyValueStorage, TokenSet, User } from './types'

/** docs/product/limits.md defaults for token lifetimes the URL leaves out. */
const DEFAULT_EXPIRES_IN = 900
const DEFAULT_REFRESH_EXPIRES_IN = 2_592_000

/** docs/product/screens.md#auth-redirects: parameters an auth redirect leaves in the address, removed once read. */
export const AUTH_REDIRECT_PARAMS = [
  'access_token',
  'refresh_token',
  'token_type',
  'project_id',
  'expires_in',
  'refresh_expires_in',
  'state',
  'code',
  'error',
  'error_description',
] as const

/** docs/product/screens.md#auth-redirects: a login's return address never carries an older return address. */
const LOGIN_RETURN_PARAMS = ['redirect_url', 'redirect']

export interface RedirectResult {
  tokens?: TokenSet
  code?: string
  error?: string
  cleanedHref: string
  changed: boolean
}

export type TokensListener = (tokens: TokenSet | null) => void

export interface AuthClientConfig {
  authUrl: string
  projectId: string
  storage: KeyValueStorage
  http: HttpClient
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number
}

export interface AuthClient {
  loginUrl(currentHref: string): string
  readRedirect(href: string): RedirectResult
  exchangeCode(code: string): Promise<TokenSet>
  refresh(): Promise<TokenSet>
  /**
   * The stored access token, refreshed first when it is (nearly) expired, or when it is
   * `rejected`: a token the server refused is stale whatever our clock says.
   */
  getValidAccessToken(rejected?: string): Promise<string>
  me(): Promise<User>
  update(partial: Partial<Omit<User, 'id'>>): Promise<User>
  logout(): Promise<void>
  getTokens(): TokenSet | null
  setTokens(tokens: Omit<TokenSet, 'issued_at'> & { issued_at?: number }): void
  clearTokens(): void
  onTokensChange(listener: TokensListener): () => void
}

/**
 * Removes the named query parameters from an address, leaving every other parameter byte for
 * byte (no re-encoding) and the hash as it was.
 */
export function removeQueryParams(
  href: string,
  names: readonly string[],
): { href: string; removed: boolean } {
  const hashAt = href.indexOf('#')
  const hash = hashAt === -1 ? '' : href.slice(hashAt)
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  if (queryAt === -1) return { href, removed: false }
  const base = beforeHash.slice(0, queryAt)
  const parts = beforeHash.slice(queryAt + 1).split('&')
  const kept = parts.filter((part) => {
    const rawKey = part.split('=')[0] ?? ''
    let key = rawKey
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '))
    } catch {
      // a malformed escape is not one of ours: keep it
    }
    return !names.includes(key)
  })
  if (kept.length === parts.length) return { href, removed: false }
  const query = kept.filter((part) => part !== '').join('&')
  return { href: `${base}${query ? `?${query}` : ''}${hash}`, removed: true }
}

function searchParamsOf(href: string): URLSearchParams {
  const beforeHash = href.split('#')[0] ?? ''
  const queryAt = beforeHash.indexOf('?')
  return new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1))
}

interface TokenResponse {
  access_token?: unknown
  refresh_token?: unknown
  expires_in?: unknown
  refresh_expires_in?: unknown
}

export function createAuthClient(config: AuthClientConfig): AuthClient {
  const { http, projectId } = config
  const authUrl = config.authUrl.replace(/\/+$/, '')
  const now = config.now ?? Date.now
  const store = createTokenStore(config.storage)
  const listeners = new Set<TokensListener>()
  let refreshInFlight: Promise<TokenSet> | null = null

  const nowSeconds = () => Math.floor(now() / 1000)

  function notify(tokens: TokenSet | null) {
    for (const listener of [...listeners]) listener(tokens)
  }

  function setTokens(tokens: Omit<TokenSet, 'issued_at'> & { issued_at?: number }) {
    const complete: TokenSet = { ...tokens, issued_at: tokens.issued_at ?? nowSeconds() }
    store.write(complete)
    notify(complete)
  }

  function clearTokens() {
    store.clear()
    notify(null)
  }

  /** The auth host answers the five token fields; the client stamps when it got them. */
  function tokenSetFrom(body: unknown, previousRefreshToken?: string): TokenSet {
    const response = (body ?? {}) as TokenResponse
    if (typeof response.access_token !== 'string') {
      throw new AuthError('Invalid token response', { details: body })
    }
    return {
      access_token: response.access_token,
      refresh_token:
        typeof response.refresh_token === 'string' ? response.refresh_token : previousRefreshToken,
      token_type: 'Bearer',
      expires_in: Number(response.expires_in) || DEFAULT_EXPIRES_IN,
      refresh_expires_in: Number(response.refresh_expires_in) || DEFAULT_REFRESH_EXPIRES_IN,
      issued_at: nowSeconds(),
    }
  }

  async function refreshOnce(): Promise<TokenSet> {
    const current = store.read()
    if (!current) throw new AuthError('Not authenticated')
    if (!current.refresh_token) throw new AuthError('No access token available')
    try {
      const { data } = await http.request('/api/auth/refresh', {
        method: 'POST',
        body: { refresh_token: current.refresh_token },
        auth: false,
        convertKeys: false,
      })
      const tokens = tokenSetFrom(data, current.refresh_token)
      setTokens(tokens)
      return tokens
    } catch (error) {
      // A refused refresh token is dead for good (rotated, reused or revoked): forget it.
      if (error instanceof AuthError) clearTokens()
      throw error
    }
  }

  function refresh(): Promise<TokenSet> {
    // Single flight: every caller during one refresh shares its request and its answer.
    refreshInFlight ??= refreshOnce().finally(() => {
      refreshInFlight = null
    })
    return refreshInFlight
  }

  /** Wraps anything but an auth failure in the spec's message for that call. */
  function wrapUserError(error: unknown, message: string): PlatformError {
    if (error instanceof AuthError) return error
    const cause = error instanceof PlatformError ? error : undefined
    return new PlatformError(message, {
      code: cause?.code ?? 'PLATFORM_ERROR',
      status: cause?.status ?? 0,
      details: cause?.details,
      cause: error,
    })
  }

  function userFrom(body: unknown, message: string): User {
    const user = (body as { user?: Partial<User> } | null)?.user
    if (!user || typeof user.id !== 'string') {
      throw new PlatformError(message, { code: 'INVALID_RESPONSE', details: body })
    }
    return { id: user.id, email: user.email ?? '', displayName: user.displayName ?? null }
  }

  return {
    loginUrl(currentHref) {
      const returnTo = removeQueryParams(currentHref, LOGIN_RETURN_PARAMS).href
      return `${authUrl}/auth?redirect_url=${encodeURIComponent(returnTo)}&project_id=${encodeURIComponent(projectId)}`
    },

    readRedirect(href) {
      const params = searchParamsOf(href)
      const result: RedirectResult = { cleanedHref: href, changed: false }
      const accessToken = params.get('access_token')
      if (accessToken) {
        result.tokens = {
          access_token: accessToken,
          refresh_token: params.get('refresh_token') ?? undefined,
          token_type: 'Bearer',
          expires_in: Number(params.get('expires_in')) || DEFAULT_EXPIRES_IN,
          refresh_expires_in:
            Number(params.get('refresh_expires_in')) || DEFAULT_REFRESH_EXPIRES_IN,
          issued_at: nowSeconds(),
        }
      }
      const code = params.get('code')
      if (code) result.code = code
      const error = params.get('error_description') || params.get('error')
      if (error) result.error = error
      const cleaned = removeQueryParams(href, AUTH_REDIRECT_PARAMS)
      result.cleanedHref = cleaned.href
      result.changed = cleaned.removed
      return result
    },

    async exchangeCode(code) {
      const { data } = await http.request('/api/auth/token', {
        method: 'POST',
        body: { code },
        auth: false,
        convertKeys: false,
      })
      const tokens = tokenSetFrom(data)
      setTokens(tokens)
      return tokens
    },

    refresh,

    async getValidAccessToken(rejected) {
      const tokens = store.read()
      if (!tokens) throw new AuthError('No access token available')
      // Once another call has replaced the rejected token, its replacement is the answer.
      const refused = rejected !== undefined && tokens.access_token === rejected
      if (!refused && !isAccessTokenExpired(tokens, now())) return tokens.access_token
      return (await refresh()).access_token
    },

    async me() {
      if (!store.read()) throw new AuthError('Not authenticated')
      try {
        const { data } = await http.request('/api/auth/me')
        return userFrom(data, 'Failed to fetch user')
      } catch (error) {
        throw wrapUserError(error, 'Failed to fetch user')
      }
    },

    async update(partial) {
      if (!store.read()) throw new AuthError('Not authenticated')
      try {
        const { data } = await http.request('/api/auth/me', { method: 'PATCH', body: partial })
        return userFrom(data, 'Failed to update user')
      } catch (error) {
        throw wrapUserError(error, 'Failed to update user')
      }
    },

    async logout() {
      const tokens = store.read()
      clearTokens()
      if (!tokens?.refresh_token) return
      try {
        await http.request('/api/auth/logout', {
          method: 'POST',
          body: { refresh_token: tokens.refresh_token },
          auth: false,
          convertKeys: false,
        })
      } catch {
        // Best effort: the user is signed out here whether or not the host heard about it.
      }
    },

    getTokens: () => store.read(),
    setTokens,
    clearTokens,

    onTokensChange(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
