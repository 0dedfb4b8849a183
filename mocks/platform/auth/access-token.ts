import { randomUUID } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'

export const ACCESS_TOKEN_TTL_SECONDS = 900
const ISSUER = 'prompt-chat-local-platform'

export interface AccessClaims {
  sub: string
  email: string
  role: 'authenticated'
}

/** Short-lived HS256 JWTs, signed and checked against the platform's injected clock. */
export function createAccessTokens(key: Uint8Array, now: () => Date) {
  return {
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
        return { claims: { sub: payload.sub, email: payload.email, role: 'authenticated' } }
      } catch (error) {
        return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
      }
    },
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>
