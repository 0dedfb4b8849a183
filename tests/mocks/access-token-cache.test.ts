import { SignJWT } from 'jose'
import { describe, expect, test } from 'vitest'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  createAccessTokens,
} from '../../mocks/platform/auth/access-token'

// Verified access tokens are remembered by their exact text until they expire; that must never
// change what verify() answers.
const key = new TextEncoder().encode('a-test-signing-key-of-at-least-32-bytes!')
const start = new Date('2026-11-23T10:00:00Z')

function tokensAt(cacheSize?: number) {
  let clock = start
  const tokens = createAccessTokens(key, () => clock, cacheSize)
  return {
    tokens,
    advance: (seconds: number) => {
      clock = new Date(clock.getTime() + seconds * 1000)
    },
  }
}

describe('the verified-token cache', () => {
  test('an expired token is refused even after it was verified (and remembered)', async () => {
    const { tokens, advance } = tokensAt()
    const token = await tokens.issue({ id: 'user_a', email: 'a@example.com' })
    expect(await tokens.verify(token)).toEqual({
      claims: { sub: 'user_a', email: 'a@example.com', role: 'authenticated' },
    })
    expect(tokens.rememberedCount()).toBe(1)
    advance(ACCESS_TOKEN_TTL_SECONDS - 1)
    expect(await tokens.verify(token)).toHaveProperty('claims.sub', 'user_a')
    advance(1)
    expect(await tokens.verify(token)).toEqual({ error: 'expired' })
    expect(await tokens.verify(token)).toEqual({ error: 'expired' })
    expect(tokens.rememberedCount()).toBe(0)
  })

  test('another token is not confused with a remembered one', async () => {
    const { tokens } = tokensAt()
    const a = await tokens.issue({ id: 'user_a', email: 'a@example.com' })
    const b = await tokens.issue({ id: 'user_b', email: 'b@example.com' })
    expect(await tokens.verify(a)).toHaveProperty('claims.sub', 'user_a')
    expect(await tokens.verify(b)).toHaveProperty('claims.sub', 'user_b')
    expect(await tokens.verify(a)).toHaveProperty('claims.sub', 'user_a')
    // The same claims with a tampered signature, or signed with another key, are refused.
    const tampered = `${a.slice(0, -2)}${a.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await tokens.verify(tampered)).toEqual({ error: 'invalid' })
    const [, payload] = a.split('.')
    const forged = await new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-key-of-at-least-32-bytes-long!!'))
    expect(await tokens.verify(forged)).toEqual({ error: 'invalid' })
  })

  test('refusals are never remembered', async () => {
    const { tokens } = tokensAt()
    expect(await tokens.verify('not.a.token')).toEqual({ error: 'invalid' })
    expect(tokens.rememberedCount()).toBe(0)
  })

  test('forgets the least recently used token first, not the first verified', async () => {
    const { tokens } = tokensAt(2)
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map((id) => tokens.issue({ id: `user_${id}`, email: `${id}@example.com` })),
    )
    await tokens.verify(a!)
    await tokens.verify(b!)
    await tokens.verify(a!) // a is now the most recent; b goes when c comes
    await tokens.verify(c!)
    expect(tokens.rememberedCount()).toBe(2)
    expect([a, b, c].map((token) => tokens.remembers(token!))).toEqual([true, false, true])
  })

  test('holds at most its bound, forgetting the oldest first', async () => {
    const { tokens } = tokensAt(3)
    const issued = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((id) =>
        tokens.issue({ id: `user_${id}`, email: `${id}@example.com` }),
      ),
    )
    for (const token of issued) await tokens.verify(token)
    expect(tokens.rememberedCount()).toBe(3)
    // A forgotten token still verifies (afresh), and the bound still holds.
    expect(await tokens.verify(issued[0]!)).toHaveProperty('claims.sub', 'user_a')
    expect(tokens.rememberedCount()).toBe(3)
  })
})
