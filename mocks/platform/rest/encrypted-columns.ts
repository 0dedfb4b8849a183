import type { ApiKeyCipher } from '../crypto/api-key-cipher'
import { sealBindingOf } from '../crypto/seal-binding'

/** Where a row's sealed columns were sealed: its table and that table's primary key. */
export interface SealedTable {
  table: string
  sealed: readonly string[]
  primaryKey: readonly string[]
}

/**
 * Opens sealed columns again for their reader, so they read back as the plaintext written.
 * The database seals them on every write; which columns those are, it says itself through its
 * `platform_seal` triggers. A seal opens only in the row it was made for (docs/security.md,
 * "Seals bound to their row"), so the row must carry its owner and key (`bindingColumns`).
 */
export function createColumnCrypto(cipher: ApiKeyCipher) {
  return {
    openRow(row: Record<string, unknown>, where: SealedTable): Record<string, unknown> {
      const opened = { ...row }
      for (const column of where.sealed) {
        const value = opened[column]
        if (typeof value !== 'string') continue
        try {
          opened[column] = cipher.open(
            value,
            sealBindingOf(where.table, column, where.primaryKey, row),
          )
        } catch {
          // Sealed for another row, owner or server key, or a seal written in as text: hand
          // back the sealed text, which the app's base64 decoding refuses, so the key is
          // skipped rather than the request failing.
        }
      }
      return opened
    },
  }
}

export type ColumnCrypto = ReturnType<typeof createColumnCrypto>
