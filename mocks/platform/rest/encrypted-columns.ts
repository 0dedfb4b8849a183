import type { ApiKeyCipher } from '../crypto/api-key-cipher'

/**
 * Columns sealed at rest. The database seals them on every write (migration 4); the table API
 * opens them again for their owner, so they read back as the plaintext the owner wrote.
 */
const SEALED: Record<string, readonly string[]> = { user_api_keys: ['api_key_encrypted'] }

export function createColumnCrypto(cipher: ApiKeyCipher) {
  return {
    /** Whether `table` has sealed columns (most do not: their rows pass through as they are). */
    hasEncrypted: (table: string) => Object.hasOwn(SEALED, table),
    openRow(table: string, row: Record<string, unknown>): Record<string, unknown> {
      const columns = SEALED[table]
      if (!columns) return row
      const opened = { ...row }
      for (const column of columns) {
        const value = opened[column]
        if (typeof value !== 'string') continue
        try {
          opened[column] = cipher.open(value)
        } catch {
          // Sealed under another server key (or twice, by a caller writing a sealed value
          // back): hand back the sealed text, which the app's base64 decoding refuses, so the
          // key is skipped rather than the request failing.
        }
      }
      return opened
    },
  }
}

export type ColumnCrypto = ReturnType<typeof createColumnCrypto>
