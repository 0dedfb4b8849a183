/**
 * What an app hands the platform: its schema as migrations and a seed. The platform runs them
 * (mocks/platform/store/migrate.ts); the app writes them (db/). Written once here, so neither
 * side imports the other (docs/architecture.md, "The app's schema").
 */

/** A query runner: the store itself, or one transaction of it. */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number }>
}

/** One schema change, applied once and recorded in schema_migrations. */
export interface Migration {
  version: number
  name: string
  sql: string
}

/** One of the app's migrations; its versions are the app's own, apart from the platform's. */
export interface AppMigration extends Migration {
  /**
   * Before the app's schema moved out of the platform, this change shipped inside the
   * platform's migration `legacyVersion`: a database whose ledger recorded that version
   * already has it (docs/architecture.md, "The app's schema").
   */
  legacyVersion?: number
}

/**
 * What an app brings to the platform: its migrations, run in order after the platform's own,
 * and an idempotent seed, run on every start. Both run as the database's owner.
 */
export interface AppSchema {
  migrations: readonly AppMigration[]
  seed?: (db: SqlExecutor) => Promise<void>
}
