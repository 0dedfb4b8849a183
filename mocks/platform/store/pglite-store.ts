import { PGlite } from '@electric-sql/pglite'
import type { SqlExecutor, SqlStore } from './sql-store'

/** Embedded Postgres (WASM): in memory without a directory, durable with one. */
export async function openPgliteStore(dataDir?: string): Promise<SqlStore> {
  // Relaxed durability: results return before the files are flushed (the flush still happens);
  // a local platform trades the last instant of a crash for several times the throughput.
  const db = await PGlite.create({ dataDir, relaxedDurability: true })
  const run =
    (target: Pick<PGlite, 'query'>): SqlExecutor['query'] =>
    async (sql, params) => {
      const result = await target.query<never>(sql, params as unknown[])
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
    }
  return {
    kind: 'pglite',
    query: run(db),
    transaction: (work, options = {}) =>
      db.transaction(async (tx) => {
        if (options.preamble) await tx.exec(options.preamble)
        return work({ query: run(tx) })
      }),
    // exec() holds PGlite's transaction lock and sends one Query message: no other request's
    // statement can interleave, and an error rolls back the whole implicit transaction.
    script: async (statements) => {
      const results = await db.exec(statements.join(';\n'))
      if (results.length !== statements.length) throw new Error('script: result count mismatch')
      return results.map((result) => ({
        rows: result.rows as Record<string, unknown>[],
        rowCount: result.affectedRows ?? result.rows.length,
      }))
    },
    exec: async (script) => {
      await db.exec(script)
    },
    close: () => db.close(),
  }
}
