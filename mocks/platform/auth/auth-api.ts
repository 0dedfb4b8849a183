import { Hono } from 'hono'
import { apiError, isPlainObject, readJson } from '../http/json-error'
import type { AccessTokens } from './access-token'
import { type AccountRow, type AuthService, MAX_DISPLAY_NAME_LENGTH } from './auth-service'
import { readBearer } from './bearer'

const userJson = (user: AccountRow) => ({
  user: {
    id: user.id,
    email: user.email,
    display_name: user.display_name,
    created_at: new Date(user.created_at).toISOString(),
  },
})

/** The auth host's JSON API (spec §7.1, DESIGN.md §4): code exchange, refresh, me, logout. */
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
    const tokens = await auth.exchangeCode(code)
    if (!tokens) return apiError(400, 'invalid_grant', 'The sign-in code is invalid or has expired')
    return c.json(tokens)
  })

  api.post('/refresh', async (c) => {
    const refreshToken = await stringField(c.req.raw, 'refresh_token')
    if (!refreshToken) return apiError(400, 'invalid_request', 'refresh_token is required')
    const result = await auth.refresh(refreshToken)
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
    if (refreshToken) await auth.revokeByToken(refreshToken)
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
    const displayName = body.display_name ?? body.displayName
    if (displayName === undefined) return c.json(userJson(user))
    if (displayName !== null && typeof displayName !== 'string') {
      return apiError(400, 'invalid_request', 'display_name must be a string')
    }
    const trimmed = displayName?.trim() || null
    if (trimmed && trimmed.length > MAX_DISPLAY_NAME_LENGTH) {
      return apiError(
        400,
        'invalid_request',
        `display_name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`,
      )
    }
    const updated = await auth.updateDisplayName(user.id, trimmed)
    return updated ? c.json(userJson(updated)) : apiError(401, 'invalid_token', 'Unknown user')
  })

  return api
}
