import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ACCESS_TOKEN_TTL_SECONDS } from '../../mocks/platform/auth/access-token'
import {
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '../../mocks/platform/auth/auth-service'
import { createPlatformClient } from '../../src/platform/index'
import type { TokenSet } from '../../src/platform/types'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// Refresh-token rotation under concurrency, with the platform's clock in the test's hands.
let clock = new Date('2026-11-23T10:00:00Z')
let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform({ now: () => clock })
})
afterAll(() => platform.close())

const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000)
}
const send = (path: string, init?: RequestInit) =>
  platform.platform.fetch(new Request(`${TEST_ORIGIN}${path}`, init))
const refresh = (refreshToken: string | undefined) =>
  send('/api/auth/refresh', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
const me = (accessToken: string) =>
  send('/api/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } })

/** An SDK client of its own (its own storage, so no refresh is shared) on the platform clock. */
function sdkClient(tokens: TokenSet) {
  const storage = new Map<string, string>()
  const client = createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    fetch: (input, init) => platform.platform.fetch(new Request(input, init)),
    now: () => clock.getTime(),
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
  })
  client.auth.setTokens(tokens)
  return client
}

/** Signs up and lets the access token expire; the refresh token is still good. */
async function expiredSession(email: string): Promise<TokenSet> {
  const tokens = { ...(await platform.signUp(email)), issued_at: clock.getTime() / 1000 }
  advance(ACCESS_TOKEN_TTL_SECONDS + 1)
  expect((await me(tokens.access_token)).status).toBe(401)
  return tokens
}

describe('twenty refreshes with one token at once', () => {
  test('all succeed with the same successor, and the user stays signed in', async () => {
    const tokens = await expiredSession('race@example.com')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refresh(tokens.refresh_token)),
    )
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200))
    const bodies = await Promise.all(answers.map((res) => res.json()))
    const successors = new Set(bodies.map((body) => body.refresh_token))
    expect(successors.size).toBe(1)
    expect(successors.has(tokens.refresh_token)).toBe(false)
    for (const body of bodies) {
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS })
      expect(body.refresh_expires_in).toBeGreaterThan(REFRESH_TOKEN_TTL_SECONDS - 5)
      expect((await me(body.access_token)).status).toBe(200)
    }
    // The family is alive: the shared successor rotates as usual.
    const next = await refresh(bodies[0].refresh_token)
    expect(next.status).toBe(200)
    expect((await next.json()).refresh_token).not.toBe(bodies[0].refresh_token)
  })

  test('twenty SDK clients that do not share a refresh all stay signed in', async () => {
    const tokens = await expiredSession('tabs@example.com')
    const clients = Array.from({ length: 20 }, () => sdkClient(tokens))
    const users = await Promise.all(clients.map((client) => client.auth.me()))
    expect(users.map((user) => user.email)).toEqual(Array(20).fill('tabs@example.com'))
    const held = new Set(clients.map((client) => client.auth.getTokens()?.refresh_token))
    expect(held.size).toBe(1)
    // A while later each of them can still refresh (the first rotates, the rest get its answer).
    advance(ACCESS_TOKEN_TTL_SECONDS + 1)
    const again = await Promise.all(clients.map((client) => client.auth.me()))
    expect(again).toHaveLength(20)
  })

  test('an SDK client whose clock lags the server refreshes and retries once', async () => {
    const tokens = await expiredSession('skew@example.com')
    // The client believes its token was issued just now: only the server knows it expired.
    const client = sdkClient({ ...tokens, issued_at: clock.getTime() / 1000 })
    expect((await client.auth.me()).email).toBe('skew@example.com')
    expect(client.auth.getTokens()?.refresh_token).not.toBe(tokens.refresh_token)
  })
})

describe('the reuse grace period', () => {
  test(`a rotated token still answers its successor ${REFRESH_REUSE_GRACE_SECONDS} s later`, async () => {
    const tokens = await platform.signUp('grace@example.com')
    const first = await (await refresh(tokens.refresh_token)).json()
    advance(REFRESH_REUSE_GRACE_SECONDS)
    const retry = await refresh(tokens.refresh_token)
    expect(retry.status).toBe(200)
    const body = await retry.json()
    expect(body.refresh_token).toBe(first.refresh_token)
    expect(body.refresh_expires_in).toBe(REFRESH_TOKEN_TTL_SECONDS - REFRESH_REUSE_GRACE_SECONDS)
    expect((await me(body.access_token)).status).toBe(200)
  })

  test('after the grace period a reused token revokes the family; its access tokens run out', async () => {
    const tokens = await platform.signUp('reuse@example.com')
    const rotated = await (await refresh(tokens.refresh_token)).json()
    advance(REFRESH_REUSE_GRACE_SECONDS + 1)

    const reuse = await refresh(tokens.refresh_token)
    expect(reuse.status).toBe(401)
    expect(await reuse.json()).toEqual({
      error: {
        code: 'refresh_token_reused',
        message: 'Refresh token was already used; the session has been revoked',
      },
    })
    const successor = await refresh(rotated.refresh_token)
    expect(successor.status).toBe(401)
    expect((await successor.json()).error.code).toBe('invalid_refresh_token')
    // Asking again is no longer reuse of a live family: just refused.
    expect((await (await refresh(tokens.refresh_token)).json()).error.code).toBe(
      'invalid_refresh_token',
    )

    // Access tokens are stateless: one issued before the revocation lives out its 900 s.
    expect((await me(rotated.access_token)).status).toBe(200)
    advance(ACCESS_TOKEN_TTL_SECONDS)
    expect((await me(rotated.access_token)).status).toBe(401)
  })

  test('after sign-out the grace period gives nothing', async () => {
    const tokens = await platform.signUp('signed-out@example.com')
    const rotated = await (await refresh(tokens.refresh_token)).json()
    await send('/api/auth/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: rotated.refresh_token }),
    })
    const retry = await refresh(tokens.refresh_token)
    expect(retry.status).toBe(401)
    expect((await retry.json()).error.code).toBe('invalid_refresh_token')
  })

  test('no refresh token is kept in plain text, and the database refuses an unsealed one', async () => {
    const tokens = await platform.signUp('at-rest@example.com')
    const rotated = await (await refresh(tokens.refresh_token)).json()
    const { rows } = await platform.store.query<Record<string, unknown>>(
      `select r.* from auth_refresh_tokens r join auth_users u on u.id = r.user_id
       where u.email = 'at-rest@example.com' order by r.created_at`,
    )
    expect(rows).toHaveLength(2)
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain(tokens.refresh_token)
    expect(stored).not.toContain(rotated.refresh_token)
    expect(rows[0]!.successor_sealed).toMatch(/^sealed:v1:/)
    expect(rows[0]!.successor_hash).toBe(rows[1]!.token_hash)

    // Once the successor rotates in turn, the first link's sealed successor is dropped.
    advance(REFRESH_REUSE_GRACE_SECONDS + 1)
    await refresh(rotated.refresh_token)
    const { rows: after } = await platform.store.query<{ successor_sealed: string | null }>(
      'select successor_sealed from auth_refresh_tokens where token_hash = $1',
      [rows[0]!.token_hash],
    )
    expect(after).toEqual([{ successor_sealed: null }])

    await expect(
      platform.store.query(
        'update auth_refresh_tokens set successor_sealed = $1 where token_hash = $2',
        [rotated.refresh_token, rows[0]!.token_hash],
      ),
    ).rejects.toMatchObject({ code: '23514' })
  })
})
