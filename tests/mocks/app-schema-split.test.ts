import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { SqlExecutor } from '../../contract/app-schema'
import { appSchema } from '../../db/index'
import { createApiKeyCipher, sealingKey } from '../../mocks/platform/crypto/api-key-cipher'
import { sealBindingOf } from '../../mocks/platform/crypto/seal-binding'
import { openStore } from '../../mocks/platform/index'
import { migrate } from '../../mocks/platform/store/migrate'
import { openPgliteStore } from '../../mocks/platform/store/pglite-store'
import { platformMigrations } from '../../mocks/platform/store/platform-migrations'
import { openPostgresStore } from '../../mocks/platform/store/postgres-store'
import { resealUnboundSeals } from '../../mocks/platform/store/reseal-unbound-seals'
import { splitStatements } from '../../mocks/platform/store/split-statements'
import type { SqlStore } from '../../mocks/platform/store/sql-store'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'
import { schemaSnapshot } from '../support/schema-snapshot'
import { migratePreSplit, preSplitMigrations } from './fixtures/pre-split-migrations'

// Databases made before the app's schema moved to db/ (docs/architecture.md, "The app's
// schema") open with the new code: recognised, nothing runs twice, same schema as a fresh one.
const SECRET = 'split-test-secret-that-is-at-least-32-chars'
const cipher = createApiKeyCipher(SECRET)
const postgres = await postgresAvailability()
const backends = [
  { label: 'PGlite', enabled: true, databaseUrl: undefined },
  { label: 'PostgreSQL', enabled: postgres.available, databaseUrl: TEST_DATABASE_URL },
]

/** Writes a key as the owner, with the sealing key in a temporary table as the platform has it. */
async function writeKey(db: SqlExecutor, userId: string, provider: string, key: string) {
  const hex = Buffer.from(sealingKey(SECRET)).toString('hex')
  await db.query('create temporary table platform_column_key (key bytea not null) on commit drop')
  await db.query(`insert into pg_temp.platform_column_key values ('\\x${hex}')`)
  await db.query(
    'insert into user_api_keys (user_id, provider, api_key_encrypted) values ($1, $2, $3)',
    [userId, provider, key],
  )
}

/** A user's keys as stored, each opened for its own row. */
const keysOf = async (store: SqlStore, userId: string) =>
  store.asOwner(async (tx) => {
    const { rows } = await tx.query<{ row: Record<string, string> }>(
      'select to_jsonb(k) as row from user_api_keys k where user_id = $1 order by provider',
      [userId],
    )
    return rows.map(({ row }) => [
      row.provider,
      cipher.open(
        row.api_key_encrypted!,
        sealBindingOf('user_api_keys', 'api_key_encrypted', ['user_id', 'id'], row),
      ),
    ])
  })

const ledgerOf = (store: SqlStore) =>
  store.asOwner(async (tx) => {
    const { rows } = await tx.query<{ scope: string; version: number }>(
      'select scope, version from schema_migrations order by scope, version',
    )
    const ledger: Record<string, number[]> = {}
    for (const row of rows) ledger[row.scope] = [...(ledger[row.scope] ?? []), Number(row.version)]
    return ledger
  })

const snapshot = (store: SqlStore) => store.asOwner((tx) => schemaSnapshot(tx))

/** The app's schema as it was when it moved to db/: its migrations up to version 3. */
const atSplit = { ...appSchema, migrations: appSchema.migrations.filter((m) => m.version <= 3) }
/** The app's migrations written since, which an upgraded database runs like a fresh one. */
const sinceSplit = appSchema.migrations
  .filter((m) => m.legacyVersion === undefined)
  .map((m) => ({ scope: 'app', version: m.version }))
/** The platform's migrations an upgraded database runs: 5, and the areas' written since. */
const platformSinceSplit = platformMigrations
  .filter((m) => !preSplitMigrations.some((old) => old.version === m.version))
  .map((m) => m.version)
/** The areas' migrations written since the split (5 is the core's, the generic seal). */
const areasSinceSplit = platformMigrations.filter(
  (m) => m.version >= 100 && platformSinceSplit.includes(m.version),
)

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`the app's schema split, on ${backend.label}`, () => {
    const stores: SqlStore[] = []
    const dirs: string[] = []
    const schemas: string[] = []
    /** A raw store as its owner: PGlite in `dir`, or PostgreSQL in a schema of its own. */
    const open = async (dir?: string) => {
      const schema = `split_${process.pid}_${Date.now()}_${schemas.length}`
      schemas.push(schema)
      const store = backend.databaseUrl
        ? await openPostgresStore({
            ownerUrl: backend.databaseUrl,
            servingUrl: backend.databaseUrl,
            schema,
          })
        : await openPgliteStore(dir)
      stores.push(store)
      return store
    }
    afterAll(async () => {
      for (const store of stores) await store.close().catch(() => {})
      for (const dir of dirs) await rm(dir, { recursive: true, force: true })
      if (backend.databaseUrl) for (const schema of schemas) await dropSchema(schema)
    })

    // Each test migrates two or three whole databases: on PGlite about 9 s on a quiet machine,
    // 45 s on a loaded one.
    const MIGRATING_DATABASES_MS = 90_000

    test(
      'a fresh database has the schema of before, but for the ledger and the generic seal',
      async () => {
        const before = await open()
        await migratePreSplit(before)
        // What the areas added since is no part of the split: the old database gets it too.
        await before.asOwner(async (tx) => {
          for (const migration of areasSinceSplit) {
            for (const statement of splitStatements(migration.sql)) await tx.query(statement)
          }
        })
        const fresh = await open()
        await migrate(fresh, atSplit)
        const old = await snapshot(before)
        const now = await snapshot(fresh)
        const onlyBefore = old.filter((line) => !now.includes(line))
        const onlyNow = now.filter((line) => !old.includes(line))
        expect(onlyBefore.map(brief)).toEqual([
          'constraint schema_migrations.schema_migrations_pkey PRIMARY KEY (version)',
          'function seal_api_key()',
          'index CREATE UNIQUE INDEX schema_migrations_pkey ON S.schema_migrations USING btree (version)',
          `trigger CREATE TRIGGER user_api_keys_seal BEFORE INSERT OR UPDATE OF api_key_encrypted ON S.user_api_keys FOR EACH ROW EXECUTE FUNCTION seal_api_key()`,
        ])
        expect(onlyNow.map(brief)).toEqual([
          'column schema_migrations.scope #4 text notnull=t default= identity= generated= acl={}',
          'constraint schema_migrations.schema_migrations_pkey PRIMARY KEY (scope, version)',
          'function platform_seal()',
          'index CREATE UNIQUE INDEX schema_migrations_pkey ON S.schema_migrations USING btree (scope, version)',
          `trigger CREATE TRIGGER user_api_keys_seal BEFORE INSERT OR UPDATE OF api_key_encrypted ON S.user_api_keys FOR EACH ROW EXECUTE FUNCTION platform_seal('api_key_encrypted')`,
        ])
      },
      MIGRATING_DATABASES_MS,
    )

    test(
      'an existing database is recognised: nothing runs twice, and it ends up as a fresh one',
      async () => {
        const dir = backend.databaseUrl ? undefined : await mkdtemp(path.join(tmpdir(), 'split-'))
        if (dir) dirs.push(dir)
        const existing = await open(dir && path.join(dir, 'db'))
        await migratePreSplit(existing)
        await existing.asOwner(async (tx) => {
          await appSchema.seed!(tx)
          await writeKey(tx, 'user_old', 'openai', 'c2stb2xk')
          await tx.query(
            `insert into prompts (user_id, title, content, type, is_active) values
             ('user_old', 'Mine', 'Be brief', 'system', '1')`,
          )
        })
        const rowsBefore = await countRows(existing)

        expect(await migrate(existing, appSchema)).toEqual([
          ...platformSinceSplit.map((version) => ({ scope: 'platform', version })),
          ...sinceSplit,
        ])
        expect(await ledgerOf(existing)).toEqual({
          app: appSchema.migrations.map((m) => m.version),
          legacy: [1, 2, 3, 4, 10, 100, 200, 300, 301, 400, 500, 600],
          platform: platformSinceSplit,
        })
        expect(await migrate(existing, appSchema)).toEqual([])
        expect(await countRows(existing)).toEqual(rowsBefore)

        const fresh = await open()
        await migrate(fresh, appSchema)
        expect(await snapshot(existing)).toEqual(await snapshot(fresh))

        // The key sealed by the old trigger is sealed again for its row, and opens there; the
        // new trigger seals for the row too.
        expect(await resealUnboundSeals(existing, cipher)).toBe(1)
        expect(await resealUnboundSeals(existing, cipher)).toBe(0)
        await existing.asOwner((tx) => writeKey(tx, 'user_old', 'google', 'Z29vZ2xl'))
        expect(await keysOf(existing, 'user_old')).toEqual([
          ['google', 'Z29vZ2xl'],
          ['openai', 'c2stb2xk'],
        ])

        if (!dir) return
        // The `.data` of an earlier version, opened the way `npm start` does.
        await existing.close()
        const reopened = await openStore({
          dataDir: dir,
          app: appSchema,
          cipher,
        })
        stores.push(reopened)
        expect(await migrate(reopened, appSchema)).toEqual([])
        expect(await keysOf(reopened, 'user_old')).toHaveLength(2)
      },
      MIGRATING_DATABASES_MS,
    )
  })
}

/** A snapshot line without what both sides share by construction (bodies, grants). */
function brief(line: string): string {
  return line.startsWith('function ') ? line.replace(/ definer=.*$/, '') : line
}

async function countRows(store: SqlStore) {
  return store.asOwner(async (tx) => {
    const { rows } = await tx.query<Record<string, string>>(
      `select (select count(*) from ai_models) as models, (select count(*) from prompts) as prompts,
         (select count(*) from auth_users) as users, (select count(*) from user_api_keys) as keys`,
    )
    return rows[0]
  })
}
