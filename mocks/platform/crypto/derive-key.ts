import { hkdfSync } from 'node:crypto'

export type KeyPurpose = 'jwt-signing' | 'api-key-encryption' | 'api-key-sealing' | 'api-key-mac'

/**
 * One server secret, one independent key per purpose (HKDF): leaking a signed token never
 * helps decrypt a stored API key, and the other way round.
 */
export function deriveKey(secret: string, purpose: KeyPurpose): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'prompt-chat', purpose, 32))
}
