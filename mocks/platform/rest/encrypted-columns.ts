import type { ApiKeyCipher } from '../crypto/api-key-cipher'

/** Columns stored encrypted at rest; they read back as the plaintext their owner wrote. */
const ENCRYPTED: Record<string, readonly string[]> = { user_api_keys: ['api_key_encrypted'] }

export function createColumnCrypto(cipher: ApiKeyCipher) {
  return {
    /** Whether `table` has encrypted columns (most do not: their rows pass through as they are). */
    hasEncrypted: (table: string) => Object.hasOwn(ENCRYPTED, table),
    sealRow(table: string, row: Record<string, unknown>): Record<string, unknown> {
      const columns = ENCRYPTED[table]
      if (!columns) return row
      const sealed = { ...row }
      for (const column of columns) {
        const value = sealed[column]
        if (typeof value === 'string') sealed[column] = cipher.encrypt(value)
      }
      return sealed
    },
    openRow(table: string, row: Record<string, unknown>): Record<string, unknown> {
      const columns = ENCRYPTED[table]
      if (!columns) return row
      const opened = { ...row }
      for (const column of columns) {
        const value = opened[column]
        if (typeof value !== 'string') continue
        try {
          opened[column] = cipher.decrypt(value)
        } catch {
          // Sealed under another server key: hand back the sealed text, which the app's
          // base64 decoding refuses, so the key is skipped rather than the request failing.
        }
      }
      return opened
    },
  }
}

export type ColumnCrypto = ReturnType<typeof createColumnCrypto>
