import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AppSchema, openStore } from '../../mocks/platform/index'
import { PLATFORM_TABLES } from '../../mocks/platform/store/platform-tables'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// The platform runs any app's schema: it exposes the tables the app's migrations create and
// opens the columns they seal, with no app name in its code (docs/architecture.md).
const notesApp: AppSchema = {
  migrations: [
    {
      version: 1,
      name: 'notes, each readable by its owner, with a sealed secret',
      sql: `
        create table notes (
          id text primary key default md5(random()::text),
          user_id text not null,
          body text not null,
          secret text
        );
        alter table notes enable row level security;
        create policy notes_own on notes for all to authenticated
          using (user_id = auth_uid()) with check (user_id = auth_uid());
        grant select, insert, update, delete on notes to authenticated;
        create trigger notes_seal before insert or update of secret on notes
          for each row execute function platform_seal('secret');
        create table notices (id text primary key, text text not null);
        alter table notices enable row level security;
        create policy notices_read on notices for select to anon using (true);
        grant select on notices to anon;
      `,
    },
  ],
  seed: async (db) => {
    await db.query(`insert into notices values ('hello', 'Welcome') on conflict do nothing`)
  },
}

let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform({ app: notesApp })
})
afterAll(() => platform.close())

const rest = (path: string, init: RequestInit = {}) =>
  platform.platform.fetch(new Request(`${TEST_ORIGIN}/api/db/prompt-chat/rest/v1/${path}`, init))

test('the platform alone creates exactly the tables it counts as its own', async () => {
  const store = await openStore({})
  try {
    const { rows } = await store.query<{ name: string }>(
      `select relname as name from pg_catalog.pg_class
       where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p', 'v', 'm')`,
    )
    expect(rows.map((row) => row.name).sort()).toEqual([...PLATFORM_TABLES].sort())
  } finally {
    await store.close()
  }
})

test("the app's tables are exposed, the platform's and other apps' are not", async () => {
  expect(await (await rest('notices')).json()).toEqual([{ id: 'hello', text: 'Welcome' }])
  for (const table of ['prompts', 'auth_users', 'schema_migrations', 'storage_objects']) {
    const res = await rest(table)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'PGRST205' })
  }
})

test('a column the app seals is sealed at rest and opened for its owner', async () => {
  const tokens = await platform.signUp('notes@example.com')
  const headers = {
    Authorization: `Bearer ${tokens.access_token}`,
    'Content-Type': 'application/json',
    Prefer: 'return=representation',
  }
  const me = await platform.platform.fetch(new Request(`${TEST_ORIGIN}/api/auth/me`, { headers }))
  const userId = ((await me.json()) as { user: { id: string } }).user.id
  const created = await rest('notes', {
    method: 'POST',
    headers,
    body: JSON.stringify({ user_id: userId, body: 'plain', secret: 'hunter2' }),
  })
  expect(await created.json()).toMatchObject([{ body: 'plain', secret: 'hunter2' }])
  const stored = await platform.store.asOwner((tx) =>
    tx.query<{ body: string; secret: string }>('select body, secret from notes'),
  )
  expect(stored.rows[0]!.body).toBe('plain')
  expect(stored.rows[0]!.secret).toMatch(/^aescbc-hmac:v3:/)
  expect(await (await rest('notes?select=secret', { headers })).json()).toEqual([
    { secret: 'hunter2' },
  ])
})
