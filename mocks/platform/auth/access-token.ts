import { randomUUID } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'

export const ACCESS_TOKEN_TTL_SECONDS = 900
const ISSUER = 'prompt-chat-local-platform'

export interface AccessClaims {
  sub: string
  email: string
  role: 'authenticated'
}

/** How many verified tokens `verify` remembers (the least recently used go first). */
export const VERIFIED_TOKEN_CACHE_SIZE = 1000

/**
 * Short-lived HS256 JWTs, signed and checked against the platform's injected clock. Verified
 * tokens are remembered (by their exact text, never past their `exp`) so a client's repeated
 * requests skip the HMAC and claim checks; refusals are never remembered. Access tokens are
 * stateless until they expire (docs/security.md), so remembering one changes no answer
 * (docs/performance.md).
 */
export function createAccessTokens(
  key: Uint8Array,
  now: () => Date,
  cacheSize = VERIFIED_TOKEN_CACHE_SIZE,
) {
  const verified = new Map<string, { claims: AccessClaims; exp: number }>()
  const nowSeconds = () => Math.floor(now().getTime() / 1000)
  return {
    /** How many verified tokens are remembered (bounded by `cacheSize`). */
    rememberedCount: () => verified.size,
    /** Whether `token` is remembered now (tests of the bound). */
    remembers: (token: string) => verified.has(token),
    async issue(user: { id: string; email: string }): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000)
      // The jti makes two tokens minted in the same second differ.
      return new SignJWT({ email: user.email, role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setAudience('authenticated')
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key)
    },
    /** The claims, or why the token is refused ('expired' or 'invalid'). */
    async verify(
      token: string,
    ): Promise<{ claims: AccessClaims } | { error: 'expired' | 'invalid' }> {
      const known = verified.get(token)
      if (known) {
        verified.delete(token)
        // jose's rule: expired once now >= exp. Past it, verify afresh (and refuse).
        if (nowSeconds() < known.exp) {
          // Re-inserted as the most recently used: the bound forgets the least recent first.
          verified.set(token, known)
          return { claims: known.claims }
        }
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: 'authenticated',
          currentDate: now(),
        })
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
          return { error: 'invalid' }
        }
        const claims: AccessClaims = {
          sub: payload.sub,
          email: payload.email,
          role: 'authenticated',
        }
        if (typeof payload.exp === 'number' && cacheSize > 0) {
          if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!)
          verified.set(token, { claims, exp: payload.exp })
        }
        return { claims }
      } catch (error) {
        return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
      }
    },
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>
