import type { SqlExecutor } from '../../../contract/app-schema'

/**
 * Which columns the database seals, per table, in its own words: every trigger that calls the
 * platform's `platform_seal(column)` names one (docs/security.md).
 */
export async function readSealedColumns(db: SqlExecutor): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table_name: string; args: Uint8Array }>(
    `select c.relname as table_name, t.tgargs as args
     from pg_catalog.pg_trigger t
     join pg_catalog.pg_class c on c.oid = t.tgrelid
     join pg_catalog.pg_proc p on p.oid = t.tgfoid
     where c.relnamespace = current_schema()::regnamespace
       and p.pronamespace = current_schema()::regnamespace and p.proname = 'platform_seal'`,
  )
  const sealed = new Map<string, string[]>()
  for (const row of rows) {
    // tgargs: each argument followed by a NUL byte.
    const [column] = Buffer.from(row.args).toString('utf8').split('\0')
    if (!column) continue
    sealed.set(row.table_name, [...(sealed.get(row.table_name) ?? []), column])
  }
  return sealed
}

/** Each table's primary key columns, in key order. */
export async function readPrimaryKeys(db: SqlExecutor): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table_name: string; columns: string[] }>(
    `select c.relname as table_name,
       array(select a.attname from unnest(i.indkey) with ordinality k(attnum, n)
             join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
             order by k.n)::text[] as columns
     from pg_catalog.pg_index i
     join pg_catalog.pg_class c on c.oid = i.indrelid
     where c.relnamespace = current_schema()::regnamespace and i.indisprimary`,
  )
  return new Map(rows.map((row) => [row.table_name, row.columns]))
}
