import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { migrate } from './migrations'
import { openPgliteStore } from './pglite-store'
import { openPostgresStore } from './postgres-store'
import { seed } from './seed'
import type { SqlStore } from './sql-store'

export interface StoreOptions {
  /** PostgreSQL connection string; without it the store is embedded PGlite. */
  databaseUrl?: string
  /** PGlite's home (`<dataDir>/db`); without it PGlite lives in memory (tests). */
  dataDir?: string
  /** PostgreSQL only: the schema to live in. */
  schema?: string
}

/** Opens the configured database, brings its schema up to date and seeds it. */
export async function openStore(options: StoreOptions): Promise<SqlStore> {
  const pgliteDir = options.dataDir ? path.join(options.dataDir, 'db') : undefined
  if (!options.databaseUrl && pgliteDir) await mkdir(pgliteDir, { recursive: true })
  const store = options.databaseUrl
    ? await openPostgresStore(options.databaseUrl, options.schema)
    : await openPgliteStore(pgliteDir)
  try {
    await migrate(store)
    await seed(store)
  } catch (error) {
    await store.close()
    throw error
  }
  return store
}
