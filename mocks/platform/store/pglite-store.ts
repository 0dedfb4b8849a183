import { PGlite, protocol } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import type { SqlExecutor } from '../../../contract/app-schema'
import { freshClusterImage } from './fresh-cluster-image'
import { keepStatistics, TABLES_DUE, type TableDue } from './pglite-statistics'
import { assertServingRole, SERVING_ROLE_CHECK } from './serving-session'
import { SERVING_ROLE, type SqlStore } from './sql-store'

/** A store that still runs as its owner until `serve` hands it to the serving role. */
export interface OwnedStore extends SqlStore {
  /** From now on every call but `asOwner` runs as platform_authenticator, after `setup`. */
  serve(setup: string[]): Promise<void>
}

const ROLLED_BACK = new Error('rolled back')

/** An in-memory PGlite store, which can also be written out as an image to start others from. */
export interface PgliteStore extends OwnedStore {
  /** The cluster as a tar image, once every change's statistics are kept. */
  dumpImage(): Promise<Blob>
}

/**
 * Embedded Postgres (WASM): in memory without a directory, durable with one. In memory it
 * starts from `image` (fresh-cluster-image.ts) or else from a fresh cluster's image.
 */
export async function openPgliteStore(dataDir?: string, image?: Blob): Promise<PgliteStore> {
  // Relaxed durability: results return before the files are flushed (the flush still happens);
  // a local platform trades the last instant of a crash for several times the throughput.
  // In memory, it starts from a fresh cluster's image rather than running initdb again.
  const db = await PGlite.create({
    dataDir,
    loadDataDir: dataDir ? undefined : (image ?? (await freshClusterImage())),
    relaxedDurability: true,
    extensions: { pgcrypto },
  })
  // PGlite is one session of its bootstrap superuser; its `username` option is only SET ROLE,
  // which RESET ROLE undoes. SET SESSION AUTHORIZATION makes the serving role the session's
  // user, so RESET ROLE and SET ROLE lead back to it, never to the superuser.
  const owner = (await db.query<{ name: string }>('select session_user as name')).rows[0]!.name
  const asOwner = <T>(work: (tx: Pick<PGlite, 'query' | 'exec'>) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.exec(`set local session authorization ${owner}`)
      return work(tx)
    })
  // VACUUM runs outside any transaction, as the tables' owner. With both of PGlite's locks held
  // no other call can run, so the session is the owner for that one statement. Should it fail
  // to become the serving role again, the store closes rather than serve as the owner.
  let sessionUser = owner
  const vacuum = (tables: string[]) =>
    db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        const simple = (sql: string) => db.execProtocol(protocol.serialize.query(sql))
        await simple(`set session authorization ${owner}`)
        try {
          await simple(`vacuum ${tables.join(', ')}`)
        } finally {
          await simple(`set session authorization ${sessionUser}`).catch(async (error) => {
            await db.close()
            throw error
          })
        }
      }),
    )
  const statistics = keepStatistics(async () => {
    // The counts behind TABLES_DUE reach the view once the session is next idle: after this.
    await asOwner((tx) => tx.exec('select pg_stat_force_next_flush()'))
    const due = await asOwner(async (tx) => (await tx.query<TableDue>(TABLES_DUE)).rows)
    const names = (work: 'analyze' | 'vacuum') => due.filter((t) => t[work]).map((t) => t.name)
    if (names('vacuum').length > 0) await vacuum(names('vacuum'))
    if (names('analyze').length > 0)
      await asOwner((tx) => tx.exec(`analyze ${names('analyze').join(', ')}`))
  })
  const run =
    (target: Pick<PGlite, 'query'>): SqlExecutor['query'] =>
    async (sql, params) => {
      const result = await target.query<never>(sql, params as unknown[])
      if (result.affectedRows) statistics.changed(result.affectedRows)
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
      statistics.changed(results.reduce((sum, result) => sum + (result.affectedRows ?? 0), 0))
      return results.map((result) => ({
        rows: result.rows as Record<string, unknown>[],
        rowCount: result.affectedRows ?? result.rows.length,
      }))
    },
    exec: async (script) => {
      await db.exec(script)
    },
    // Transaction-local, so the owner's rights end with the transaction, and PGlite's lock
    // keeps every other call out meanwhile.
    asOwner: (work) => asOwner((tx) => work({ query: run(tx) })),
    whatIf: async (statements) => {
      let results: Awaited<ReturnType<PGlite['exec']>> = []
      await asOwner(async (tx) => {
        results = await tx.exec(statements.join(';\n'))
        throw ROLLED_BACK
      }).catch((error) => {
        if (error !== ROLLED_BACK) throw error
      })
      if (results.length !== statements.length) throw new Error('whatIf: result count mismatch')
      return results.map((result) => ({
        rows: result.rows as Record<string, unknown>[],
        rowCount: result.affectedRows ?? result.rows.length,
      }))
    },
    listen: async (channel, onPayload) => {
      const stop = await db.listen(channel, onPayload)
      return () => stop()
    },
    async serve(setup) {
      await db.exec(`set session authorization ${SERVING_ROLE}`)
      sessionUser = SERVING_ROLE
      for (const statement of setup) await db.exec(statement)
      assertServingRole((await db.query<Record<string, unknown>>(SERVING_ROLE_CHECK)).rows[0]!)
    },
    dumpImage: async () => {
      await statistics.settled()
      return db.dumpDataDir('none')
    },
    close: async () => {
      await statistics.settled()
      await db.close()
    },
  }
}
