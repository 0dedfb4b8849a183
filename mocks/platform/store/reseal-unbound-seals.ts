import type { SqlExecutor } from '../../../contract/app-schema'
import { type ApiKeyCipher, UNBOUND_SEAL_PATTERNS } from '../crypto/api-key-cipher'
import { sealBindingOf } from '../crypto/seal-binding'
import { readPrimaryKeys, readSealedColumns } from './sealed-columns'
import { quoteIdent } from './serving-session'
import type { SqlStore } from './sql-store'

/**
 * Seals made before they were bound to their row (v2, and v1 of before the database sealed)
 * opened in any row they were copied to. At start, each is opened where it lies and sealed
 * again for that row, in one transaction (docs/security.md, "Seals bound to their row").
 * A value that does not open under this server's key is left as it is: it never opened.
 * Returns how many values were resealed.
 */
export async function resealUnboundSeals(store: SqlStore, cipher: ApiKeyCipher): Promise<number> {
  return store.asOwner(async (tx) => {
    const sealedColumns = await readSealedColumns(tx)
    const primaryKeys = await readPrimaryKeys(tx)
    let resealed = 0
    for (const [table, columns] of sealedColumns) {
      const primaryKey = primaryKeys.get(table) ?? []
      for (const column of columns) {
        const { rows } = await tx.query<{ at: string; row: Record<string, unknown> }>(
          `select t.ctid::text as at, to_jsonb(t) as row from ${quoteIdent(table)} t
           where ${quoteIdent(column)} like any($1::text[])`,
          [[...UNBOUND_SEAL_PATTERNS]],
        )
        for (const { at, row } of rows) {
          const bound = cipher.reseal(
            String(row[column]),
            sealBindingOf(table, column, primaryKey, row),
          )
          if (bound === null) continue
          // The sealing trigger keeps a seal made for its very row; it needs the key to check.
          if (resealed === 0) await holdSealingKey(tx, cipher.key)
          await tx.query(
            `update ${quoteIdent(table)} set ${quoteIdent(column)} = $1 where ctid = $2::tid`,
            [bound, at],
          )
          resealed += 1
        }
      }
    }
    return resealed
  })
}

/** The sealing key for this transaction only, as the serving session holds it for good. */
async function holdSealingKey(tx: SqlExecutor, key: Uint8Array) {
  await tx.query('create temporary table platform_column_key (key bytea not null) on commit drop')
  await tx.query('insert into pg_temp.platform_column_key values ($1)', [Buffer.from(key)])
}
