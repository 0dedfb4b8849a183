import pg from 'pg'
import type { SqlExecutor, SqlStore } from './sql-store'

/**
 * A PostgreSQL server through a connection pool. `schema` puts every table in its own schema
 * (created on demand), which keeps parallel test runs apart on one database.
 */
export async function openPostgresStore(databaseUrl: string, schema?: string): Promise<SqlStore> {
  if (schema) {
    const setup = new pg.Client({ connectionString: databaseUrl })
    await setup.connect()
    try {
      await setup.query(`create schema if not exists ${quoteIdentifier(schema)}`)
    } finally {
      await setup.end()
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Pinned whatever the server's configuration: the table API's literals (sqlLiteral) only
    // double quotes, which is all a standard-conforming string needs.
    options: [
      '-c standard_conforming_strings=on',
      ...(schema ? [`-c search_path=${quoteIdentifier(schema)}`] : []),
    ].join(' '),
  })
  const run =
    (target: pg.Pool | pg.PoolClient): SqlExecutor['query'] =>
    async (sql, params) => {
      // Always the extended protocol: one statement per call, as PGlite's query() does too, so
      // a caller's SQL can never smuggle in a second statement.
      const config = { text: sql, values: params ?? [], queryMode: 'extended' }
      const result = await target.query(config as pg.QueryConfig)
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length }
    }
  return {
    kind: 'postgres',
    query: run(pool),
    async transaction(work, options = {}) {
      const client = await pool.connect()
      try {
        // The simple protocol: BEGIN and our own preamble in one round trip.
        await client.query(options.preamble ? `begin; ${options.preamble}` : 'begin')
        const result = await work({ query: run(client) })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
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
    close: () => pool.end(),
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
