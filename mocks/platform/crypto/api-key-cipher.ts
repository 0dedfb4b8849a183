import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import { deriveKey } from './derive-key'
import { bindingBytes, type SealBinding } from './seal-binding'

/**
 * Sealed by the database (platform_seal) or by the platform's reseal: AES-256-CBC, then
 * HMAC-SHA256 over the seal's binding, iv and ciphertext (docs/security.md, "Seals bound to
 * their row").
 */
const SEALED = /^aescbc-hmac:v3:([0-9a-f]{32}):([0-9a-f]{64}):((?:[0-9a-f]{32})+)$/
/** Sealed by the database before seals were bound to their row: any row's reader opened them. */
const UNBOUND = /^aescbc-hmac:v2:([0-9a-f]{32}):([0-9a-f]{64}):((?:[0-9a-f]{32})+)$/
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
 * Opens a sealed column's value (an app's API keys, say) for the one row it was sealed for.
 * Sealing happens in the database, so every write path (table API, /sql, /batch) is covered;
 * only the platform can open.
 */
export function createApiKeyCipher(secret: string) {
  const key = sealingKey(secret)
  const legacyKey = deriveKey(secret, 'api-key-encryption')
  return {
    /** The sealing key, for the platform's serving session (serving-session.ts). */
    key,
    /** Throws unless the value is a seal made under this key for exactly this binding. */
    open(stored: string, binding: SealBinding): string {
      const sealed = SEALED.exec(stored)
      if (!sealed) throw new Error('not a sealed value')
      return openCbc(key, bindingBytes(binding), sealed[1]!, sealed[2]!, sealed[3]!)
    },
    /** What platform_seal() makes of `plain` for this binding. */
    seal(plain: string, binding: SealBinding): string {
      const iv = randomBytes(16)
      const cipher = createCipheriv('aes-256-cbc', key.subarray(0, 32), iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      const mac = createHmac('sha256', key.subarray(32))
        .update(Buffer.concat([bindingBytes(binding), iv, data]))
        .digest()
      return `aescbc-hmac:v3:${iv.toString('hex')}:${mac.toString('hex')}:${data.toString('hex')}`
    },
    /**
     * An older, unbound seal (v2, or v1 of before the database sealed) made into a seal bound to
     * the row it is stored in; null when it does not open under this server's key.
     */
    reseal(stored: string, binding: SealBinding): string | null {
      try {
        const unbound = UNBOUND.exec(stored)
        if (unbound) {
          const plain = openCbc(key, Buffer.alloc(0), unbound[1]!, unbound[2]!, unbound[3]!)
          return this.seal(plain, binding)
        }
        if (stored.startsWith(LEGACY_PREFIX))
          return this.seal(openLegacy(legacyKey, stored), binding)
      } catch {
        // Sealed under another server's key, or tampered with: it never opened here either.
      }
      return null
    },
  }
}

/** The prefixes of the seals `reseal` turns into bound ones, as a SQL `like` would match them. */
export const UNBOUND_SEAL_PATTERNS = ['aescbc-hmac:v2:%', `${LEGACY_PREFIX}%`] as const

function openCbc(
  key: Uint8Array,
  binding: Buffer,
  ivHex: string,
  macHex: string,
  dataHex: string,
): string {
  const iv = Buffer.from(ivHex, 'hex')
  const data = Buffer.from(dataHex, 'hex')
  const expected = createHmac('sha256', key.subarray(32))
    .update(Buffer.concat([binding, iv, data]))
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
