import { hkdfSync } from 'node:crypto'

/**
 * One server secret, one independent key per purpose (HKDF): leaking a signed token never
 * helps decrypt a stored API key, and the other way round.
 */
export function deriveKey(
  secret: string,
  purpose: 'jwt-signing' | 'api-key-encryption',
): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'prompt-chat', purpose, 32))
}
