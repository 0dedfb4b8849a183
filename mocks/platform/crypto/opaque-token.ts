import { createHash, randomBytes } from 'node:crypto'

/** A random bearer secret (refresh token, one-time code) and the hash we store instead of it. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
