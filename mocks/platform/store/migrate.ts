import type { AppSchema, Migration, SqlExecutor } from '../../../contract/app-schema'
import { openLedger } from './migration-ledger'
import { platformMigrations } from './platform-migrations'
import { splitStatements } from './split-statements'
import type { SqlStore } from './sql-store'

export interface MigrationRun {
  scope: 'platform' | 'app'
  version: number
}

/**
 * Brings the schema up to date: the platform's migrations, then the app's. Each runs once
 * (recorded in schema_migrations) inside one transaction holding the database's migration lock,
 * so starting twice, or two servers at once (of one app or of several), is safe. Resolves to the migrations that ran.
 *
 * An app migration that shipped inside the platform's migration N before the split
 * (`legacyVersion`) is only recorded, not run, when the ledger's legacy rows hold N.
 */
export async function migrate(store: SqlStore, app?: AppSchema): Promise<MigrationRun[]> {
  const appMigrations = [...(app?.migrations ?? [])].sort((a, b) => a.version - b.version)
  const versions = appMigrations.map((migration) => migration.version)
  if (new Set(versions).size !== versions.length) {
    throw new Error(`The app's migrations repeat a version: ${versions.join(', ')}`)
  }
  return store.asOwner(async (tx) => {
    // One migrator at a time per database, even across processes, and not only per schema:
    // migrations also change what every schema shares (roles, grants on the database and on
    // pg_catalog's functions), and two transactions granting on one of those at once fail.
    await tx.query(`select pg_advisory_xact_lock(hashtext('platform.migrations'))`)
    const ledger = await openLedger(tx)
    const ran: MigrationRun[] = []
    for (const migration of platformMigrations) {
      if (ledger.has('platform', migration.version) || ledger.has('legacy', migration.version))
        continue
      await runMigration(tx, migration)
      await ledger.record('platform', migration)
      ran.push({ scope: 'platform', version: migration.version })
    }
    for (const migration of appMigrations) {
      if (ledger.has('app', migration.version)) continue
      const legacy = migration.legacyVersion
      if (legacy === undefined || !ledger.has('legacy', legacy)) {
        await runMigration(tx, migration)
        ran.push({ scope: 'app', version: migration.version })
      }
      await ledger.record('app', migration)
    }
    return ran
  })
}

async function runMigration(tx: SqlExecutor, migration: Migration) {
  for (const statement of splitStatements(migration.sql)) await tx.query(statement)
}
