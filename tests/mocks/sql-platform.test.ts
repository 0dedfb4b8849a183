import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// /sql and /batch run the caller's own SQL: under their role, one data statement at a time.
let platform: TestPlatform
let alice: { token: string; id: string }
let bob: { token: string; id: string }

const post = (who: { token: string } | null, path: string, body: unknown) =>
  platform.platform.fetch(
    new Request(`${TEST_ORIGIN}/api/db/prompt-chat/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(who ? { Authorization: `Bearer ${who.token}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )

async function user(email: string) {
  const tokens = await platform.signUp(email)
  const res = await post({ token: tokens.access_token }, 'sql', {
    query: 'select auth_uid() as id',
  })
  const { rows } = (await res.json()) as { rows: Array<{ id: string }> }
  return { token: tokens.access_token, id: rows[0]!.id }
}

beforeAll(async () => {
  platform = await createTestPlatform()
  alice = await user('sql-alice@example.com')
  bob = await user('sql-bob@example.com')
  await post(alice, 'sql', {
    query: `insert into prompts (user_id, title, content, type) values ($1, 'Secret', 'x', 'user')`,
    params: [alice.id],
  })
})
afterAll(() => platform.close())

describe('/sql', () => {
  test('parameters bind, and row-level security still decides what a caller sees', async () => {
    const mine = await post(alice, 'sql', {
      query: 'select title from prompts where user_id = $1',
      params: [alice.id],
    })
    expect(await mine.json()).toEqual({ rows: [{ title: 'Secret' }] })
    const theirs = await post(bob, 'sql', {
      query: 'select title from prompts where user_id = $1',
      params: [alice.id],
    })
    expect(await theirs.json()).toEqual({ rows: [] })
    const stolen = await post(bob, 'sql', {
      query: `update prompts set title = 'Defaced' where user_id = $1 returning id`,
      params: [alice.id],
    })
    expect(await stolen.json()).toEqual({ rows: [] })
  })

  test.each([
    ['set role', 'set role postgres', 403],
    ['reset role', 'reset role', 403],
    ['a second statement', 'select 1; reset role', 400],
    ['set_config on the role', `select set_config('role', 'postgres', true)`, 403],
    ['reading the auth tables', 'select * from auth_users', 403],
    ['DDL', 'drop table prompts', 403],
    ['COPY', `copy prompts to '/tmp/x'`, 403],
  ])('refuses %s (%s) with %i', async (_, query, status) => {
    const res = await post(bob, 'sql', { query })
    expect(res.status).toBe(status)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message'])
  })

  test('a value that does not fit its parameter is the database’s 400, not a driver crash', async () => {
    const res = await post(bob, 'sql', { query: 'select $1::timestamptz as at', params: [1e308] })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: '22007' })
    const ok = await post(bob, 'sql', {
      query: 'select $1::int + 1 as n, $2::bool as b',
      params: [41, true],
    })
    expect(await ok.json()).toEqual({ rows: [{ n: 42, b: true }] })
  })

  test('a body nested deeper than 256 levels is refused before anything walks it', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
    for (const [path, body] of [
      ['sql', `{"query": "select $1::jsonb", "params": [${deep}]}`],
      ['batch', `{"statements": [{"query": "select $1::jsonb", "params": [${deep}]}]}`],
    ] as const) {
      const res = await post(bob, path, body)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        code: 'PGRST102',
        message: 'The request body must not be nested more than 256 levels deep',
      })
    }
  })

  test('bad input is a 4xx with a PostgREST-shaped body', async () => {
    expect((await post(bob, 'sql', '{oops')).status).toBe(400)
    expect((await post(bob, 'sql', { query: '' })).status).toBe(400)
    expect((await post(bob, 'sql', { query: 'select 1', params: 'x' })).status).toBe(400)
    const syntax = await post(bob, 'sql', { query: 'select from where' })
    expect(syntax.status).toBe(400)
    expect(await syntax.json()).toMatchObject({ code: '42601' })
    expect((await post(null, 'sql', { query: 'select * from prompts' })).status).toBe(401)
  })
})

describe('/batch', () => {
  test('runs every statement in one transaction and returns each result', async () => {
    const res = await post(alice, 'batch', {
      statements: [
        {
          query: `insert into quick_prompts (user_id, prompt_id) values ($1, 'p-batch') returning prompt_id`,
          params: [alice.id],
        },
        { query: `select count(*)::int as n from quick_prompts where prompt_id = 'p-batch'` },
      ],
    })
    expect(await res.json()).toEqual({
      results: [{ rows: [{ prompt_id: 'p-batch' }] }, { rows: [{ n: 1 }] }],
    })
  })

  test('is all or nothing: a failing statement rolls back the ones before it', async () => {
    const res = await post(alice, 'batch', {
      statements: [
        {
          query: `insert into quick_prompts (user_id, prompt_id) values ($1, 'p-rolled-back')`,
          params: [alice.id],
        },
        {
          query: `insert into quick_prompts (user_id, prompt_id) values ($1, 'p-other-user')`,
          params: [bob.id],
        },
      ],
    })
    expect(res.status).toBe(403)
    expect((await res.json()).message).toMatch(/^statement 1: /)
    const check = await post(alice, 'sql', {
      query: `select * from quick_prompts where prompt_id = 'p-rolled-back'`,
    })
    expect(await check.json()).toEqual({ rows: [] })
  })

  test('mode read refuses writes and keeps nothing', async () => {
    const res = await post(alice, 'batch', {
      mode: 'read',
      statements: [`delete from prompts where title = 'Secret'`],
    })
    expect(res.status).toBe(405)
    expect(await res.json()).toMatchObject({ code: '25006' })
    const still = await post(alice, 'sql', {
      query: `select title from prompts where title = 'Secret'`,
    })
    expect(await still.json()).toEqual({ rows: [{ title: 'Secret' }] })
  })

  test('bad batches are 400s', async () => {
    expect((await post(alice, 'batch', { statements: [] })).status).toBe(400)
    expect((await post(alice, 'batch', { statements: [42] })).status).toBe(400)
    expect(
      (await post(alice, 'batch', { statements: ['select 1'], mode: 'sideways' })).status,
    ).toBe(400)
    const tooMany = Array.from({ length: 101 }, () => 'select 1')
    expect((await post(alice, 'batch', { statements: tooMany })).status).toBe(400)
  })
})
