import { afterAll, describe, expect, test } from 'vitest'
import { appSchema } from '../../db/index'
import { migrate } from '../../mocks/platform/store/migrate'
import { openPgliteStore } from '../../mocks/platform/store/pglite-store'
import { openPostgresStore } from '../../mocks/platform/store/postgres-store'
import type { SqlStore } from '../../mocks/platform/store/sql-store'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'

// Migration 7 (db/migrations/owner-scoped-ids.ts, docs/security.md#ids-nobody-can-squat) on
// both databases: rows written at version 6 keep their ids and relations, and afterwards two
// users may hold the same id without either's write failing.

const postgres = await postgresAvailability()
const backends = [
  { label: 'PGlite', enabled: true, databaseUrl: undefined },
  { label: 'PostgreSQL', enabled: postgres.available, databaseUrl: TEST_DATABASE_URL },
]
const upTo = (version: number) => ({
  ...appSchema,
  migrations: appSchema.migrations.filter((m) => m.version <= version),
})

/** Every row of the owner-scoped tables, in a stable order, as plain values. */
const TABLES = [
  'conversations',
  'chat_messages',
  'user_api_keys',
  'prompt_ratings',
  'user_prompt_deletions',
  'quick_prompts',
  'model_servers',
]

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`owner-scoped ids migration, on ${backend.label}`, () => {
    const stores: SqlStore[] = []
    const schemas: string[] = []
    afterAll(async () => {
      for (const store of stores) await store.close().catch(() => {})
      if (backend.databaseUrl) for (const schema of schemas) await dropSchema(schema)
    })

    test('loses no row and no relation; afterwards ids repeat across users only', async () => {
      const schema = `owner_ids_${process.pid}_${Date.now()}`
      schemas.push(schema)
      const store = backend.databaseUrl
        ? await openPostgresStore({
            ownerUrl: backend.databaseUrl,
            servingUrl: backend.databaseUrl,
            schema,
          })
        : await openPgliteStore()
      stores.push(store)
      await migrate(store, upTo(6))
      await store.asOwner(async (tx) => {
        // Sealed key columns are written with a sealing key at hand, as the platform's session has.
        await tx.query(
          'create temporary table platform_column_key (key bytea not null) on commit drop',
        )
        await tx.query(`insert into pg_temp.platform_column_key values ('\\x${'ab'.repeat(64)}')`)
        for (const user of ['user_ann', 'user_ben']) {
          await tx.query(`insert into conversations (id, user_id, title) values ($1, $2, 'Trip')`, [
            `conv_1_${user}`,
            user,
          ])
          await tx.query(
            `insert into chat_messages (id, user_id, model_id, role, content, conversation_id)
             values ($1, $2, 'gpt-5', 'user', 'Hi', $3), ($4, $2, 'gpt-5', 'assistant', 'Yo', $3)`,
            [`msg_1_user_${user}`, user, `conv_1_${user}`, `msg_2_assistant_${user}`],
          )
          await tx.query(
            `insert into user_api_keys (id, user_id, provider, api_key_encrypted)
             values ($1, $2, 'openai', 'c2stMQ==')`,
            [`key_${user}_openai_1`, user],
          )
          await tx.query(
            `insert into prompt_ratings (id, user_id, prompt_id, rating) values ($1, $2, 'p1', '4')`,
            [`rating_${user}_p1_1`, user],
          )
          await tx.query(
            `insert into user_prompt_deletions (id, user_id, prompt_id) values ($1, $2, 'p1')`,
            [`hide_${user}_p1_1`, user],
          )
          await tx.query(
            `insert into quick_prompts (id, user_id, prompt_id) values ($1, $2, 'p1')`,
            [`quick_${user}_p1_1`, user],
          )
          await tx.query(
            `insert into model_servers (id, user_id, name, base_url) values ($1, $2, 'Home', 'http://h')`,
            [`server_${user}`, user],
          )
        }
      })
      const rows = () =>
        store.asOwner(async (tx) => {
          const all: Record<string, unknown[]> = {}
          for (const table of TABLES) {
            all[table] = (await tx.query(`select * from ${table} order by user_id, id`)).rows
          }
          return all
        })
      const before = await rows()

      // Up to the tree (migration 10), which adds columns of its own: nothing else changes.
      await migrate(store, upTo(9))
      expect(await rows()).toEqual(before)
      await migrate(store, appSchema)
      await store.asOwner(async (tx) => {
        // The same id for another user is no conflict now, in every table.
        await tx.query(
          `insert into conversations (id, user_id, title) values ('conv_1_user_ann', 'user_ben', 'Same id')`,
        )
        await tx.query(
          `insert into chat_messages (id, user_id, model_id, role, content, conversation_id)
           values ('msg_1_user_user_ann', 'user_ben', 'gpt-5', 'user', 'Same id', 'conv_1_user_ann')`,
        )
      })
      // A message cannot sit in another user's conversation.
      await expect(
        store.asOwner((tx) =>
          tx.query(
            `insert into chat_messages (id, user_id, model_id, role, content, conversation_id)
             values ('msg_x', 'user_ben', 'gpt-5', 'user', 'x', 'conv_1_user_cid')`,
          ),
        ),
      ).rejects.toThrow(/foreign key/)
      await store.asOwner(async (tx) => {
        // Deleting a conversation deletes its own messages only, not another user's same ids.
        await tx.query(
          `delete from conversations where user_id = 'user_ann' and id = 'conv_1_user_ann'`,
        )
        const { rows: left } = await tx.query<{ user_id: string; id: string }>(
          'select user_id, id from chat_messages order by user_id, id',
        )
        expect(left).toEqual([
          { user_id: 'user_ben', id: 'msg_1_user_user_ann' },
          { user_id: 'user_ben', id: 'msg_1_user_user_ben' },
          { user_id: 'user_ben', id: 'msg_2_assistant_user_ben' },
        ])
      })
      // Running it again changes nothing.
      expect(await migrate(store, appSchema)).toEqual([])
    })
  })
}
