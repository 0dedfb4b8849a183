/** The column that names a row's owner, by the platform's convention (docs/security.md). */
export const OWNER_COLUMN = 'user_id'
const FORMAT = 'aescbc-hmac:v3'

/**
 * What a seal is made for, and opens for only: its table, column, owner (the row's `user_id`,
 * empty when the table has none) and the row's primary key values, in key order
 * (docs/security.md, "Seals bound to their row").
 */
export interface SealBinding {
  table: string
  column: string
  owner: string
  key: readonly string[]
}

/** A row's binding for one of its sealed columns; values as PostgreSQL's JSON text has them. */
export function sealBindingOf(
  table: string,
  column: string,
  primaryKey: readonly string[],
  row: Record<string, unknown>,
): SealBinding {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
  return { table, column, owner: text(row[OWNER_COLUMN]), key: primaryKey.map((c) => text(row[c])) }
}

/** The columns a reader must select for a sealed column to open: the owner and the key. */
export function bindingColumns(primaryKey: readonly string[], columns: ReadonlySet<string>) {
  return [...new Set([...(columns.has(OWNER_COLUMN) ? [OWNER_COLUMN] : []), ...primaryKey])]
}

/**
 * The bytes the MAC covers before iv and ciphertext: each part length-prefixed (4 bytes, big
 * endian), so no two bindings share bytes. platform_seal() builds the same in SQL.
 */
export function bindingBytes(binding: SealBinding): Buffer {
  const parts = [FORMAT, binding.table, binding.column, binding.owner, ...binding.key]
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8')
      const length = Buffer.alloc(4)
      length.writeUInt32BE(bytes.length)
      return [length, bytes]
    }),
  )
}
