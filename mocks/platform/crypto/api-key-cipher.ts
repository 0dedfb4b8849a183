import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const PREFIX = 'aesgcm:v1:'

/**
 * AES-256-GCM for `user_api_keys.api_key_encrypted`, so provider keys are encrypted at rest
 * (the app itself only base64-encodes them). Stored as `aesgcm:v1:<iv>:<tag>:<ciphertext>`.
 */
export function createApiKeyCipher(key: Uint8Array) {
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return `${PREFIX}${iv.toString('base64')}:${tag.toString('base64')}:${data.toString('base64')}`
    },
    /** Values written before encryption existed come back unchanged. */
    decrypt(stored: string): string {
      if (!stored.startsWith(PREFIX)) return stored
      const [iv, tag, data] = stored.slice(PREFIX.length).split(':')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64'))
      decipher.setAuthTag(Buffer.from(tag ?? '', 'base64'))
      return Buffer.concat([
        decipher.update(Buffer.from(data ?? '', 'base64')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}

export type ApiKeyCipher = ReturnType<typeof createApiKeyCipher>
