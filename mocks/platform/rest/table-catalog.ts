import { PLATFORM_TABLES } from '../store/platform-tables'
import { readPrimaryKeys, readSealedColumns } from '../store/sealed-columns'
import type { SqlStore } from '../store/sql-store'
import { RestError } from './rest-error'

/** What the table API knows of one exposed table. */
export interface ExposedTable {
  columns: Set<string>
  /** Columns the database seals at rest, which the API opens for their reader. */
  sealed: readonly string[]
  /** The primary key's columns: an upsert's conflict target when the caller names none. */
  primaryKey: readonly string[]
}

/**
 * The tables the REST API exposes, read once from the database itself (its schema cache), as
 * PostgREST does: every table and view of the schema but the platform's own, so the app's
 * migrations alone decide, and its grants and row-level security decide who sees what.
 */
export function createTableCatalog(store: SqlStore) {
  let cache: Promise<Map<string, ExposedTable>> | undefined
  const load = async () => {
    // pg_catalog, not information_schema: the latter hides columns the serving role has no
    // privilege on, and that role reaches the app's tables only as anon or authenticated.
    const { rows } = await store.query<{ table_name: string; column_name: string }>(
      `select c.relname as table_name, a.attname as column_name
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_class c on c.oid = a.attrelid
       where c.relnamespace = current_schema()::regnamespace
         and c.relkind in ('r', 'p', 'v', 'm') and not (c.relname = any($1::text[]))
         and a.attnum > 0 and not a.attisdropped`,
      [[...PLATFORM_TABLES]],
    )
    const sealed = await readSealedColumns(store)
    const keys = await readPrimaryKeys(store)
    const tables = new Map<string, ExposedTable>()
    for (const row of rows) {
      let table = tables.get(row.table_name)
      if (!table) {
        table = {
          columns: new Set(),
          sealed: sealed.get(row.table_name) ?? [],
          primaryKey: keys.get(row.table_name) ?? ['id'],
        }
        tables.set(row.table_name, table)
      }
      table.columns.add(row.column_name)
    }
    return tables
  }
  return {
    async table(name: string): Promise<ExposedTable> {
      cache ??= load()
      const table = (await cache).get(name)
      if (!table) {
        throw new RestError(
          404,
          'PGRST205',
          `Could not find the table 'public.${name}' in the schema cache`,
          null,
          null,
        )
      }
      return table
    },
  }
}

export type TableCatalog = ReturnType<typeof createTableCatalog>
