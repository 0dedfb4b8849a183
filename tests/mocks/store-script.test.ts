import { afterAll, describe, expect, test } from 'vitest'
import { appSchema } from '../../db/index'
import { scriptAsRequestRole } from '../../mocks/platform/rest/request-role'
import { openStore } from '../../mocks/platform/store/open-store'
import type { SqlStore } from '../../mocks/platform/store/sql-store'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'

// store.script(): our statements with the role switch, as one implicit transaction.
const postgres = await postgresAvailability()
const backends = [
  { label: 'PGlite', enabled: true, databaseUrl: undefined },
  { label: 'PostgreSQL', enabled: postgres.available, databaseUrl: TEST_DATABASE_URL },
]

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`store.script on ${backend.label}`, () => {
    const schema = `script_${process.pid}_${Date.now()}`
    let store: SqlStore
    const open = async () => {
      store ??= await openStore({
        databaseUrl: backend.databaseUrl,
        schema: backend.databaseUrl ? schema : undefined,
        app: appSchema,
      })
      return store
    }
    afterAll(async () => {
      await store?.close()
      if (backend.databaseUrl) await dropSchema(schema)
    })
    const alice = {
      role: 'authenticated' as const,
      claims: { sub: 'user_alice', email: 'a@example.com', role: 'authenticated' as const },
    }

    test('literals are read as standard-conforming strings (only quotes are doubled)', async () => {
      const db = await open()
      const { rows } = await db.query<{ standard_conforming_strings: string }>(
        'show standard_conforming_strings',
      )
      expect(rows[0]).toEqual({ standard_conforming_strings: 'on' })
    })

    test('runs as the caller, and the role and claims end with it', async () => {
      const db = await open()
      const [result] = await scriptAsRequestRole(db, alice, [
        `select current_user as "user", auth_uid() as uid`,
      ])
      expect(result!.rows).toEqual([{ user: 'authenticated', uid: 'user_alice' }])
      // Many times over, on every pooled connection: nothing outlives the script.
      for (let i = 0; i < 20; i++) {
        const { rows } = await db.query<{ user: string; claims: string | null }>(
          `select current_user as "user", nullif(current_setting('request.jwt.claims', true), '') as claims`,
        )
        expect(rows[0]!.user).not.toMatch(/^(authenticated|anon)$/)
        expect(rows[0]!.claims).toBeNull()
      }
    })

    test('a failing statement rolls back the ones before it', async () => {
      const db = await open()
      await expect(
        scriptAsRequestRole(db, alice, [
          `insert into quick_prompts (user_id, prompt_id) values ('user_alice', 'kept?')`,
          `insert into quick_prompts (user_id, prompt_id) values ('user_bob', 'refused')`,
        ]),
      ).rejects.toMatchObject({ code: '42501' })
      const { rows } = await db.asOwner((tx) =>
        tx.query(`select * from quick_prompts where prompt_id = 'kept?'`),
      )
      expect(rows).toEqual([])
      const [ok] = await scriptAsRequestRole(db, alice, [
        `insert into quick_prompts (user_id, prompt_id) values ('user_alice', 'next') returning prompt_id`,
      ])
      expect(ok!.rows).toEqual([{ prompt_id: 'next' }])
    })
  })
}
