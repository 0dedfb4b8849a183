import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// Whatever text a caller sends to /sql (comments, nesting, quoting, dollar-quoting,
// semicolons), a statement that is not a plain data statement never runs, and the session the
// platform serves from keeps its role and search_path (docs/security.md).

let platform: TestPlatform
let token: string

beforeAll(async () => {
  platform = await createTestPlatform()
  token = (await platform.signUp('property-sql@example.com')).access_token
})
afterAll(() => platform.close())

const sql = (query: string) =>
  platform.platform.fetch(
    new Request(`${TEST_ORIGIN}/api/db/prompt-chat/sql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    }),
  )

const session = async () =>
  (
    await platform.store.query<Record<string, unknown>>(
      `select current_user as role, session_user as session,
         current_setting('search_path') as search_path,
         to_regclass('pwned') is not null as pwned`,
    )
  ).rows[0]

// Each would leave a mark: another role or search_path, or a table named pwned.
const hostile = fc.constantFrom(
  'reset role',
  'set role postgres',
  'set local role postgres',
  'set session authorization postgres',
  'reset session authorization',
  'set search_path = pg_temp',
  `select set_config('search_path', 'pg_temp', false)`,
  'create table pwned (x int)',
  'select 1 into pwned',
  `do $$ begin create table pwned (x int); end $$`,
)
const data = fc.constantFrom(
  'select 1',
  'select title from prompts',
  'values (1)',
  'with x as (select 1) select * from x',
  `select 'reset role'`,
)
const noise = fc.constantFrom(
  ' ',
  '\n',
  ';',
  '(',
  ')',
  '/* c */',
  '/* /* */',
  '*/',
  '-- c\n',
  '--',
  "'",
  "';'",
  '$$',
  '$t$',
  '$$;$$',
  "E'\\''",
  '"',
  'select',
)
const text = fc
  .array(fc.oneof({ weight: 2, arbitrary: hostile }, data, noise), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(' '))

test('no caller text changes the serving session or runs a utility statement', async () => {
  const baseline = await session()
  expect(baseline).toMatchObject({ role: 'platform_authenticator', pwned: false })
  await fc.assert(
    fc.asyncProperty(text, async (query) => {
      const res = await sql(query)
      expect(res.status).toBeLessThan(500)
      expect(await session()).toEqual(baseline)
      const me = await sql('select current_user as role')
      expect((await me.json()).rows).toEqual([{ role: 'authenticated' }])
    }),
    { numRuns: 300, seed: 20261124 },
  )
})
