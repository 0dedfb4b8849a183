import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { AppSchema } from '../../../contract/app-schema'
import type { ApiKeyCipher } from '../crypto/api-key-cipher'
import { migratedClusterImage } from './fresh-cluster-image'
import { migrate } from './migrate'
import { openPgliteStore } from './pglite-store'
import { platformMigrations } from './platform-migrations'
import { openPostgresStore } from './postgres-store'
import { resealUnboundSeals } from './reseal-unbound-seals'
import { servingSessionSetup } from './serving-session'
import { SERVING_ROLE, type SqlStore } from './sql-store'

export interface StoreOptions {
  /**
   * PostgreSQL: the address the platform serves through. Without `databaseOwnerUrl` it must be
   * the owner's (a superuser is fine for that), and the platform serves through the same
   * address as `platform_authenticator` instead. Without it the store is embedded PGlite.
   */
  databaseUrl?: string
  /** PostgreSQL: the owner's address, for migrations; then `databaseUrl` is served through. */
  databaseOwnerUrl?: string
  /** PGlite's home (`<dataDir>/db`); without it PGlite lives in memory (tests). */
  dataDir?: string
  /**
   * PGlite in memory even with a `dataDir` (which still holds the server's other files):
   * contract tests, whose servers need no database that outlives them (docs/quality.md, "Speed").
   */
  memoryDatabase?: boolean
  /** PostgreSQL only: the schema to live in. */
  schema?: string
  /** PostgreSQL: the password of `platform_authenticator`, when the server asks for one. */
  servingPassword?: string
  /**
   * How the database seals columns (`createApiKeyCipher(secret)`): its key goes to the serving
   * session only; without it no sealed column can be written.
   */
  cipher?: ApiKeyCipher
  /** The app's migrations and seed (this repository's are in db/); none: the platform alone. */
  app?: AppSchema
}

/**
 * Opens the configured database, brings the platform's schema and then the app's up to date,
 * seeds the app's data as the owner, binds older seals to their rows, then serves as `platform_authenticator`, which is no
 * superuser (docs/security.md).
 */
export async function openStore(options: StoreOptions): Promise<SqlStore> {
  const pgliteDir =
    options.dataDir && !options.memoryDatabase ? path.join(options.dataDir, 'db') : undefined
  if (!options.databaseUrl && pgliteDir) await mkdir(pgliteDir, { recursive: true })
  const store = options.databaseUrl
    ? await openPostgresStore({
        ownerUrl: options.databaseOwnerUrl ?? options.databaseUrl,
        servingUrl: options.databaseOwnerUrl
          ? options.databaseUrl
          : withUser(options.databaseUrl, SERVING_ROLE, options.servingPassword),
        schema: options.schema,
      })
    : pgliteDir
      ? await openPgliteStore(pgliteDir)
      : await openPgliteStore(undefined, await migratedImage(options.app))
  try {
    await migrate(store, options.app)
    const seed = options.app?.seed
    if (seed) await store.asOwner((tx) => seed(tx))
    const owner = await store.asOwner(async (tx) => {
      const { rows } = await tx.query<{ name: string }>('select current_user as name')
      return rows[0]!.name
    })
    if (options.cipher) await resealUnboundSeals(store, options.cipher)
    await store.serve(servingSessionSetup(options.cipher?.key, owner))
  } catch (error) {
    await store.close()
    throw error
  }
  return store
}

/**
 * In memory, a store starts from an image of a cluster the same migrations already ran on,
 * made by the first process that needs it (fresh-cluster-image.ts): migrating costs an
 * in-memory store about a second, and the tests open over a hundred (docs/quality.md,
 * "Speed"). The image is keyed by every migration's text, so a changed migration makes a new
 * one; migrate() still runs on every store (finding nothing left to run), and PostgreSQL and
 * PGlite on disk always migrate for real.
 */
function migratedImage(app: AppSchema | undefined): Promise<Blob> {
  const key = JSON.stringify([platformMigrations, app?.migrations ?? []])
  return migratedClusterImage(key, async () => {
    const store = await openPgliteStore()
    try {
      await migrate(store, app)
      return await store.dumpImage()
    } finally {
      await store.close()
    }
  })
}

/** The same server and database, as another role. */
function withUser(databaseUrl: string, user: string, password = ''): string {
  const url = new URL(databaseUrl)
  url.username = user
  url.password = password
  return url.toString()
}
