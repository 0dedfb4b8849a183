import { createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto'
import { deriveKey } from './derive-key'

/** Sealed by the database (platform_seal): AES-256-CBC, then HMAC-SHA256 over iv‖ciphertext. */
const SEALED = /^aescbc-hmac:v2:([0-9a-f]{32}):([0-9a-f]{64}):((?:[0-9a-f]{32})+)$/
/** Sealed by earlier versions of the platform itself, before the database did it. */
const LEGACY_PREFIX = 'aesgcm:v1:'

/**
 * The key the database seals columns with: 32 bytes for AES, then 32 for the MAC. The
 * platform hands it to its own serving session only (docs/security.md).
 */
export function sealingKey(secret: string): Uint8Array {
  return Buffer.concat([deriveKey(secret, 'api-key-sealing'), deriveKey(secret, 'api-key-mac')])
}

/**
 * Opens a sealed column's value as stored at rest (an app's API keys, say). Sealing happens in
 * the database, so every write path (table API, /sql, /batch) is covered; only the platform
 * can open.
 */
export function createApiKeyCipher(secret: string) {
  const key = sealingKey(secret)
  const legacyKey = deriveKey(secret, 'api-key-encryption')
  return {
    /** Throws when the value is sealed under another key or was tampered with. */
    open(stored: string): string {
      const sealed = SEALED.exec(stored)
      if (sealed) return openSealed(key, sealed[1]!, sealed[2]!, sealed[3]!)
      if (stored.startsWith(LEGACY_PREFIX)) return openLegacy(legacyKey, stored)
      throw new Error('not a sealed value')
    },
  }
}

function openSealed(key: Uint8Array, ivHex: string, macHex: string, dataHex: string): string {
  const iv = Buffer.from(ivHex, 'hex')
  const data = Buffer.from(dataHex, 'hex')
  const expected = createHmac('sha256', key.subarray(32))
    .update(Buffer.concat([iv, data]))
    .digest()
  if (!timingSafeEqual(expected, Buffer.from(macHex, 'hex'))) throw new Error('bad seal')
  const decipher = createDecipheriv('aes-256-cbc', key.subarray(0, 32), iv)
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
}

function openLegacy(key: Uint8Array, stored: string): string {
  const [iv, tag, data] = stored.slice(LEGACY_PREFIX.length).split(':')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64'))
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64'))
  return Buffer.concat([
    decipher.update(Buffer.from(data ?? '', 'base64')),
    decipher.final(),
  ]).toString('utf8')
}

export type ApiKeyCipher = ReturnType<typeof createApiKeyCipher>
