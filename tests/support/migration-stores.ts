import { afterAll, describe } from 'vitest'
import { appSchema } from '../../db/index'
import { openPgliteStore } from '../../mocks/platform/store/pglite-store'
import { openPostgresStore } from '../../mocks/platform/store/postgres-store'
import type { SqlStore } from '../../mocks/platform/store/sql-store'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from './postgres'

// For the tests of one app migration on both databases: a fresh, unmigrated store per test,
// each closed (and its PostgreSQL schema dropped) after the suite.

const postgres = await postgresAvailability()

/** The app's schema up to `version`: a database as it was before a migration. */
export const upTo = (version: number) => ({
  ...appSchema,
  migrations: appSchema.migrations.filter((m) => m.version <= version),
})

/**
 * Runs `suite` on PGlite and on PostgreSQL (when reachable), giving it `openStore`, which opens
 * an empty store in a schema of its own.
 */
export function describeMigrationOnBothStores(
  name: string,
  suite: (openStore: () => Promise<SqlStore>) => void,
) {
  const backends = [
    { label: 'PGlite', enabled: true, databaseUrl: undefined },
    { label: 'PostgreSQL', enabled: postgres.available, databaseUrl: TEST_DATABASE_URL },
  ]
  for (const backend of backends) {
    describe.skipIf(!backend.enabled)(`${name}, on ${backend.label}`, () => {
      const stores: SqlStore[] = []
      const schemas: string[] = []
      afterAll(async () => {
        for (const store of stores) await store.close().catch(() => {})
        if (backend.databaseUrl) for (const schema of schemas) await dropSchema(schema)
      })
      suite(async () => {
        const schema = `migration_${process.pid}_${Date.now()}_${stores.length}`
        schemas.push(schema)
        const store = backend.databaseUrl
          ? await openPostgresStore({
              ownerUrl: backend.databaseUrl,
              servingUrl: backend.databaseUrl,
              schema,
            })
          : await openPgliteStore()
        stores.push(store)
        return store
      })
    })
  }
}
