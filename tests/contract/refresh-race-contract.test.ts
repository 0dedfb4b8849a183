import { expect, test } from 'vitest'
import type { TokenSet } from '../../src/platform/types'
import { describeOnEveryBackend } from '../support/contract-backends'

// Refresh under concurrency over real HTTP, on PGlite and on PostgreSQL (where the requests
// really race on separate connections): one rotation, every racer gets its successor.

describeOnEveryBackend('refresh under concurrency', ({ server, clientFor, signUp }) => {
  const post = (path: string, body: unknown) =>
    fetch(`${server().url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  const me = (accessToken: string) =>
    fetch(`${server().url}/api/auth/me`, { headers: { Authorization: `Bearer ${accessToken}` } })

  test('twenty concurrent refreshes with one token all succeed with the same successor', async () => {
    const tokens = await signUp('race@example.com')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/auth/refresh', { refresh_token: tokens.refresh_token }),
      ),
    )
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200))
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as TokenSet[]
    const successors = new Set(bodies.map((body) => body.refresh_token))
    expect(successors.size).toBe(1)
    expect(successors.has(tokens.refresh_token)).toBe(false)
    for (const body of bodies) expect((await me(body.access_token)).status).toBe(200)

    // Still one live family: the successor rotates, and sign-out still ends it.
    const next = await post('/api/auth/refresh', { refresh_token: bodies[0]!.refresh_token })
    expect(next.status).toBe(200)
    const { refresh_token: latest } = (await next.json()) as TokenSet
    expect((await post('/api/auth/logout', { refresh_token: latest })).status).toBe(204)
    expect((await post('/api/auth/refresh', { refresh_token: latest })).status).toBe(401)
  })

  test('twenty SDK clients with an expired access token, sharing no refresh, stay signed in', async () => {
    const tokens = await signUp('tabs@example.com', 'Many Tabs')
    // An hour old by the clients' clocks: each refreshes before its call.
    const stale = { ...tokens, issued_at: tokens.issued_at - 3600 }
    const clients = Array.from({ length: 20 }, () => clientFor(stale))
    const users = await Promise.all(clients.map((client) => client.auth.me()))
    expect(users.map((user) => user.displayName)).toEqual(Array(20).fill('Many Tabs'))
    const held = new Set(clients.map((client) => client.auth.getTokens()?.refresh_token))
    expect(held.size).toBe(1)
    expect(held.has(tokens.refresh_token)).toBe(false)
    expect((await clients[7]!.auth.refresh()).refresh_token).not.toBe([...held][0])
  })
})
