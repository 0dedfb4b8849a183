import type { SqlExecutor } from '../../../contract/app-schema'
import { readPrimaryKeys, readSealedColumns } from '../store/sealed-columns'

/** A table the change feed captures (one with the realtime_capture trigger). */
export interface WatchedTable {
  name: string
  primaryKey: string[]
  /** Every column, for checking a filter's column. */
  columns: string[]
  /** The columns a row can be written back with (generated ones are left out). */
  writable: string[]
  /** Sealed columns, never sent in a change (docs/security.md#api-keys-at-rest). */
  sealed: string[]
}

/** The watched tables of the store's schema, in the database's own words. */
export async function readWatchedTables(db: SqlExecutor): Promise<Map<string, WatchedTable>> {
  const { rows } = await db.query<{ name: string; columns: string[]; writable: string[] }>(
    `select c.relname as name,
       array(select a.attname::text from pg_catalog.pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
             order by a.attnum) as columns,
       array(select a.attname::text from pg_catalog.pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               and a.attgenerated = '' order by a.attnum) as writable
     from pg_catalog.pg_trigger t
     join pg_catalog.pg_class c on c.oid = t.tgrelid
     where t.tgname = 'realtime_capture' and c.relnamespace = current_schema()::regnamespace`,
  )
  const keys = await readPrimaryKeys(db)
  const sealed = await readSealedColumns(db)
  return new Map(
    rows.map((row) => [
      row.name,
      {
        name: row.name,
        primaryKey: keys.get(row.name) ?? [],
        columns: row.columns,
        writable: row.writable,
        sealed: sealed.get(row.name) ?? [],
      },
    ]),
  )
}
