import { Hono } from 'hono'
import { apiError, isPlainObject, readJson } from '../http/json-error'
import type { AccessTokens } from './access-token'
import { isOpaqueToken, parseMePatch } from './auth-input'
import type { AccountRow, AuthService } from './auth-service'
import { readBearer } from './bearer'

/**
 * The user in both spellings: our SDK converts snake_case, the hosted SDK returns the body as
 * sent and reads camelCase (docs/wire-contract.md#what-still-differs-with-the-hosted-sdk).
 */
const userJson = (user: AccountRow) => {
  const createdAt = new Date(user.created_at).toISOString()
  return {
    user: {
      id: user.id,
      email: user.email,
      display_name: user.display_name,
      created_at: createdAt,
      displayName: user.display_name,
      createdAt,
    },
  }
}

/** The auth host's JSON API (docs/product/calls.md#auth-provider, docs/wire-contract.md#auth-endpoints-and-redirect): code exchange, refresh, me, logout. */
export function authApi(auth: AuthService, accessTokens: AccessTokens) {
  const api = new Hono()

  const stringField = async (request: Request, field: string) => {
    const body = await readJson(request)
    const value = isPlainObject(body) ? body[field] : undefined
    return typeof value === 'string' && value ? value : null
  }

  api.post('/token', async (c) => {
    const code = await stringField(c.req.raw, 'code')
    if (!code) return apiError(400, 'invalid_request', 'A sign-in code is required')
    // Not a code we could have issued (NUL, wrong length…): refused without a lookup.
    const tokens = isOpaqueToken(code) ? await auth.exchangeCode(code) : null
    if (!tokens) return apiError(400, 'invalid_grant', 'The sign-in code is invalid or has expired')
    return c.json(tokens)
  })

  api.post('/refresh', async (c) => {
    const refreshToken = await stringField(c.req.raw, 'refresh_token')
    if (!refreshToken) return apiError(400, 'invalid_request', 'refresh_token is required')
    const result = isOpaqueToken(refreshToken)
      ? await auth.refresh(refreshToken)
      : ({ error: 'invalid_refresh_token' } as const)
    if ('error' in result) {
      const message =
        result.error === 'refresh_token_reused'
          ? 'Refresh token was already used; the session has been revoked'
          : 'Invalid or expired refresh token'
      return apiError(401, result.error, message)
    }
    return c.json(result)
  })

  api.post('/logout', async (c) => {
    const refreshToken = await stringField(c.req.raw, 'refresh_token')
    if (refreshToken && isOpaqueToken(refreshToken)) await auth.revokeByToken(refreshToken)
    return c.body(null, 204)
  })

  // A tagged result rather than `instanceof Response`: @hono/node-server swaps the global
  // Response class, so instanceof checks across it are unreliable.
  const signedInUser = async (
    request: Request,
  ): Promise<{ user: AccountRow } | { refusal: Response }> => {
    const bearer = await readBearer(request, accessTokens)
    if (bearer.kind === 'anonymous') {
      return { refusal: apiError(401, 'missing_token', 'No access token provided') }
    }
    if (bearer.kind === 'refused') {
      return { refusal: apiError(401, 'invalid_token', `Access token is ${bearer.reason}`) }
    }
    const user = await auth.findUser(bearer.claims.sub)
    if (!user) {
      return { refusal: apiError(401, 'invalid_token', 'The user of this token no longer exists') }
    }
    return { user }
  }

  api.get('/me', async (c) => {
    const result = await signedInUser(c.req.raw)
    return 'refusal' in result ? result.refusal : c.json(userJson(result.user))
  })

  api.patch('/me', async (c) => {
    const result = await signedInUser(c.req.raw)
    if ('refusal' in result) return result.refusal
    const { user } = result
    const body = await readJson(c.req.raw)
    if (!isPlainObject(body)) return apiError(400, 'invalid_request', 'Body must be a JSON object')
    const patch = parseMePatch(body)
    if ('error' in patch) return apiError(400, 'invalid_request', patch.error)
    if (patch.displayName === undefined) return c.json(userJson(user))
    const updated = await auth.updateDisplayName(user.id, patch.displayName)
    return updated ? c.json(userJson(updated)) : apiError(401, 'invalid_token', 'Unknown user')
  })

  return api
}
