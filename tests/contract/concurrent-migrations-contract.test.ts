import { afterAll, describe, expect, test } from 'vitest'
import { appSchema } from '../../db/index'
import { migrate } from '../../mocks/platform/store/migrate'
import { openPostgresStore } from '../../mocks/platform/store/postgres-store'
import type { SqlStore } from '../../mocks/platform/store/sql-store'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'

// Servers of different apps (schemas) may start at once on one PostgreSQL database. Their
// migrations change what the database shares (roles, grants on the database and on
// pg_catalog's functions), which two transactions at once cannot ("tuple concurrently
// updated"); so one migrator runs at a time per database (mocks/platform/store/migrate.ts).

const postgres = await postgresAvailability()

describe.skipIf(!postgres.available)('migrations started at once on one PostgreSQL', () => {
  const stores: SqlStore[] = []
  const schemas = Array.from({ length: 4 }, (_, i) => `at_once_${process.pid}_${Date.now()}_${i}`)
  afterAll(async () => {
    for (const store of stores) await store.close().catch(() => {})
    for (const schema of schemas) await dropSchema(schema)
  })

  test('four schemas migrate side by side, each to the full ledger', async () => {
    for (const schema of schemas) {
      stores.push(
        await openPostgresStore({
          ownerUrl: TEST_DATABASE_URL,
          servingUrl: TEST_DATABASE_URL,
          schema,
        }),
      )
    }
    const runs = await Promise.all(stores.map((store) => migrate(store, appSchema)))
    for (const ran of runs) {
      expect(ran.filter((run) => run.scope === 'app').map((run) => run.version)).toEqual(
        appSchema.migrations.map((migration) => migration.version),
      )
    }
  })
})
