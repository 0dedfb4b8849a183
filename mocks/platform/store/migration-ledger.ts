import type { Migration, SqlExecutor } from '../../../contract/app-schema'

/**
 * Whose migration a ledger row records: the platform's, the app's, or `legacy` for rows
 * written before the app's schema moved out of the platform, when one ledger of bare versions
 * held both (docs/architecture.md, "The app's schema").
 */
export type LedgerScope = 'platform' | 'app' | 'legacy'

const TABLE = `format('%I.schema_migrations', current_schema())`

/**
 * schema_migrations, keyed by scope and version. A ledger of before the split gets its scope
 * column once, every row it holds becoming `legacy`: what ran then stays recorded as such.
 */
export async function openLedger(tx: SqlExecutor) {
  const { rows } = await tx.query<{ present: boolean; scoped: boolean }>(
    `select to_regclass(${TABLE}) is not null as present,
       exists (select 1 from pg_catalog.pg_attribute where attrelid = to_regclass(${TABLE})
         and attname = 'scope' and not attisdropped) as scoped`,
  )
  const { present, scoped } = rows[0]!
  if (!present) {
    await tx.query(`create table schema_migrations (
      version integer not null,
      name text not null,
      applied_at timestamptz not null default now(),
      scope text not null,
      constraint schema_migrations_pkey primary key (scope, version)
    )`)
  } else if (!scoped) {
    await tx.query(`alter table schema_migrations add column scope text not null default 'legacy'`)
    await tx.query('alter table schema_migrations alter column scope drop default')
    await tx.query('alter table schema_migrations drop constraint schema_migrations_pkey')
    await tx.query(
      'alter table schema_migrations add constraint schema_migrations_pkey primary key (scope, version)',
    )
  }
  await tx.query('alter table schema_migrations enable row level security')
  const recorded = await tx.query<{ scope: string; version: number }>(
    'select scope, version from schema_migrations',
  )
  const applied = new Set(recorded.rows.map((row) => `${row.scope}:${Number(row.version)}`))
  return {
    has: (scope: LedgerScope, version: number) => applied.has(`${scope}:${version}`),
    async record(scope: Exclude<LedgerScope, 'legacy'>, migration: Migration) {
      await tx.query('insert into schema_migrations (scope, version, name) values ($1, $2, $3)', [
        scope,
        migration.version,
        migration.name,
      ])
      applied.add(`${scope}:${migration.version}`)
    },
  }
}
