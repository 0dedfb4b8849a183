import type { SqlExecutor } from '../../mocks/platform/index'

/**
 * The current schema as pg_catalog describes it, one sorted line per table, column,
 * constraint, index, policy, trigger and function (with their grants), so two databases
 * compare as two lists. The schema's own name is replaced by `S`.
 */
export async function schemaSnapshot(db: SqlExecutor): Promise<string[]> {
  const { rows } = await db.query<{ line: string }>(SNAPSHOT_SQL)
  const schema = (await db.query<{ name: string }>('select current_schema() as name')).rows[0]!
  const qualified = new RegExp(`(?:"${schema.name}"|\\b${schema.name})\\.`, 'g')
  // A function's pinned `search_path` (`set search_path from current`) names the schema too,
  // quoted or not, within its config: `{"search_path=\"name\""}` becomes `{"search_path=S"}`.
  const inSearchPath = new RegExp(`\\\\?"${schema.name}\\\\?"|\\b${schema.name}\\b`, 'g')
  return rows
    .map((row) =>
      row.line
        .replace(qualified, 'S.')
        .replace(/search_path=[^}]*/g, (setting) => setting.replace(inSearchPath, 'S')),
    )
    .sort()
}

const SNAPSHOT_SQL = `
  with ns as (select current_schema()::regnamespace as oid),
  rel as (
    select c.* from pg_catalog.pg_class c, ns
    where c.relnamespace = ns.oid and c.relkind in ('r', 'p', 'v', 'm', 'S')
  )
  select format('table %s kind=%s rls=%s force=%s acl=%s', c.relname, c.relkind,
    c.relrowsecurity, c.relforcerowsecurity,
    array(select x::text from unnest(c.relacl) x order by 1)) as line
  from rel c
  union all
  select format('column %s.%s #%s %s notnull=%s default=%s identity=%s generated=%s acl=%s',
    c.relname, a.attname, a.attnum, format_type(a.atttypid, a.atttypmod), a.attnotnull,
    pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated,
    array(select x::text from unnest(a.attacl) x order by 1))
  from rel c
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where c.relkind <> 'S'
  union all
  -- Not-null is on the column's line (PostgreSQL 18, PGlite's, also lists it as a constraint).
  select format('constraint %s.%s %s', c.relname, k.conname, pg_get_constraintdef(k.oid))
  from rel c join pg_catalog.pg_constraint k on k.conrelid = c.oid and k.contype <> 'n'
  union all
  select format('index %s', pg_get_indexdef(i.indexrelid))
  from rel c join pg_catalog.pg_index i on i.indrelid = c.oid
  union all
  select format('policy %s.%s cmd=%s permissive=%s to=%s using=%s check=%s', c.relname,
    p.polname, p.polcmd, p.polpermissive,
    array(select r.rolname from pg_catalog.pg_roles r where r.oid = any(p.polroles) order by 1),
    pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
  from rel c join pg_catalog.pg_policy p on p.polrelid = c.oid
  union all
  select format('trigger %s', pg_get_triggerdef(t.oid))
  from rel c join pg_catalog.pg_trigger t on t.tgrelid = c.oid and not t.tgisinternal
  union all
  select format('function %s(%s) definer=%s config=%s body=%s acl=%s', p.proname,
    pg_get_function_identity_arguments(p.oid), p.prosecdef, p.proconfig, md5(p.prosrc),
    array(select x::text from unnest(p.proacl) x order by 1))
  from pg_catalog.pg_proc p, ns where p.pronamespace = ns.oid
`
