import type { ApiKeyCipher } from '../crypto/api-key-cipher'

/**
 * Opens sealed columns again for their reader, so they read back as the plaintext written.
 * The database seals them on every write; which columns those are, it says itself through its
 * `platform_seal` triggers (docs/security.md).
 */
export function createColumnCrypto(cipher: ApiKeyCipher) {
  return {
    openRow(row: Record<string, unknown>, sealed: readonly string[]): Record<string, unknown> {
      const opened = { ...row }
      for (const column of sealed) {
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
