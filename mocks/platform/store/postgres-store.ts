import pg from 'pg'
import type { SqlExecutor } from '../../../contract/app-schema'
import type { OwnedStore } from './pglite-store'
import { assertServingRole, quoteIdent, SERVING_ROLE_CHECK } from './serving-session'

export interface PostgresStoreOptions {
  /** The owner's address: migrations and seed run through it. */
  ownerUrl: string
  /** The address the platform serves through; its role must not be a superuser. */
  servingUrl: string
  /** Puts every table in its own schema (created on demand): parallel test runs stay apart. */
  schema?: string
}

/**
 * A PostgreSQL server through two pools: the owner's, for maintenance, and the serving role's,
 * for everything the platform does on a request (docs/security.md).
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<OwnedStore> {
  const { schema } = options
  if (schema) {
    const setup = new pg.Client({ connectionString: options.ownerUrl })
    await setup.connect()
    try {
      await setup.query(`create schema if not exists ${quoteIdent(schema)}`)
    } finally {
      await setup.end()
    }
  }
  const openPool = (connectionString: string, max: number, setup: string[] = []) =>
    new pg.Pool({
      connectionString,
      max,
      // Pinned whatever the server's configuration: the table API's literals (sqlLiteral) only
      // double quotes, which is all a standard-conforming string needs.
      options: [
        '-c standard_conforming_strings=on',
        ...(schema ? [`-c search_path=${quoteIdent(schema)}`] : []),
      ].join(' '),
      // Awaited before the connection is handed out; a failure fails that checkout, loudly.
      ...(setup.length
        ? { onConnect: (client: pg.ClientBase) => client.query(setup.join(';\n')) as never }
        : {}),
    })
  const ownerPool = openPool(options.ownerUrl, 10)
  let pool = ownerPool
  const run =
    (target: pg.Pool | pg.PoolClient): SqlExecutor['query'] =>
    async (sql, params) => {
      // Always the extended protocol: one statement per call, as PGlite's query() does too, so
      // a caller's SQL can never smuggle in a second statement.
      const config = { text: sql, values: params ?? [], queryMode: 'extended' }
      const result = await target.query(config as pg.QueryConfig)
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length }
    }
  const transaction = async <T>(
    target: pg.Pool,
    work: (tx: SqlExecutor) => Promise<T>,
    preamble?: string,
  ): Promise<T> => {
    const client = await target.connect()
    try {
      // The simple protocol: BEGIN and our own preamble in one round trip.
      await client.query(preamble ? `begin; ${preamble}` : 'begin')
      const result = await work({ query: run(client) })
      await client.query('commit')
      return result
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  }
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool)(sql, params),
    transaction: (work, options = {}) => transaction(pool, work, options.preamble),
    // No values: the simple protocol, one Query message, run by the server as one implicit
    // transaction (an error rolls it all back; SET LOCAL ends with it).
    async script(statements) {
      const result = (await pool.query(statements.join(';\n'))) as pg.QueryResult | pg.QueryResult[]
      const results = Array.isArray(result) ? result : [result]
      if (results.length !== statements.length) throw new Error('script: result count mismatch')
      return results.map((r) => ({ rows: r.rows, rowCount: r.rowCount ?? r.rows.length }))
    },
    exec: async (script) => {
      await pool.query(script)
    },
    asOwner: (work) => transaction(ownerPool, work),
    async whatIf(statements) {
      const client = await ownerPool.connect()
      try {
        // The simple protocol: BEGIN and every statement in one round trip.
        const result = (await client.query(`begin;\n${statements.join(';\n')}`)) as
          | pg.QueryResult
          | pg.QueryResult[]
        const results = (Array.isArray(result) ? result : [result]).slice(1)
        if (results.length !== statements.length) throw new Error('whatIf: result count mismatch')
        return results.map((r) => ({ rows: r.rows, rowCount: r.rowCount ?? r.rows.length }))
      } finally {
        await client.query('rollback').catch(() => {})
        client.release()
      }
    },
    async serve(setup) {
      // Every new connection of the pool gets the session setup before anything else.
      const serving = openPool(options.servingUrl, 10, setup)
      try {
        assertServingRole((await serving.query(SERVING_ROLE_CHECK)).rows[0])
      } catch (error) {
        await serving.end()
        throw error
      }
      pool = serving
    },
    async close() {
      await Promise.all([ownerPool.end(), pool === ownerPool ? undefined : pool.end()])
    },
  }
}
