import { expect, test } from 'vitest'
import { describeOnEveryBackend } from '../support/contract-backends'

// Issue: a caller's SQL (/sql, /batch) must never leave its role, change session state that
// outlives the call, reach the platform's own tables, or store an API key unsealed.
// docs/security.md describes the roles these tests hold the platform to.

const UTILITY_STATEMENTS = [
  'reset role',
  'set role postgres',
  'set role platform_authenticator',
  'set local role postgres',
  'set session authorization postgres',
  'reset session authorization',
  'set search_path = pg_temp, public',
  'reset all',
  `set request.jwt.claims = '{"sub":"someone-else"}'`,
  `set local statement_timeout = 0`,
  `do $$ begin perform 1; end $$`,
  'copy prompts to stdout',
  `copy prompts from '/etc/passwd'`,
  'listen anything',
  `notify anything, 'x'`,
  'unlisten *',
  'prepare p as select 1',
  'execute p',
  'deallocate all',
  'declare c cursor for select 1',
  'begin',
  'commit',
  'rollback',
  'savepoint s',
  'create table pwned (x int)',
  'create temp table pwned (x int)',
  'drop table prompts',
  'alter table prompts disable row level security',
  'grant select on auth_users to authenticated',
  'truncate prompts',
  'vacuum',
  'analyze prompts',
  'explain analyze delete from prompts',
  'show search_path',
  'discard all',
  'lock table prompts',
  'call anything()',
  `load 'plpgsql'`,
  'checkpoint',
  'select * into pwned from prompts',
  'create extension if not exists dblink',
  `alter system set log_statement = 'none'`,
  `comment on table prompts is 'x'`,
  'reindex table prompts',
  'refresh materialized view anything',
  `/* /* */ select */ reset role`,
  `/* /* nested */ still comment */ set role postgres`,
  `-- select\nreset role`,
]

describeOnEveryBackend('a caller’s SQL stays in its role', (backend) => {
  const post = (token: string, path: 'sql' | 'batch', body: unknown) =>
    fetch(`${backend.server().url}/api/db/prompt-chat/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
  const tokenOf = async (email: string) => (await backend.signUp(email)).access_token
  const whoAmI = `select current_user as role, session_user as session,
    (select rolsuper from pg_roles where rolname = current_user) as current_super,
    (select rolsuper from pg_roles where rolname = session_user) as session_super,
    current_setting('search_path') as search_path`

  test.each(UTILITY_STATEMENTS)('refuses %s through /sql and /batch', async (query) => {
    const token = await tokenOf(`utility-${Math.random()}@example.com`)
    const before = (await (await post(token, 'sql', { query: whoAmI })).json()).rows[0]
    const single = await post(token, 'sql', { query })
    expect(single.status).toBe(403)
    expect(await single.json()).toMatchObject({ code: '42501' })
    const batch = await post(token, 'batch', { statements: ['select 1', query] })
    expect(batch.status).toBe(403)
    // Nothing of it held: the same role, session user and search_path as before.
    const after = (await (await post(token, 'sql', { query: whoAmI })).json()).rows[0]
    expect(after).toEqual(before)
  })

  test('the caller runs as authenticated, on a session whose user is no superuser', async () => {
    const token = await tokenOf('whoami@example.com')
    const res = await post(token, 'sql', { query: whoAmI })
    expect(res.status).toBe(200)
    expect((await res.json()).rows[0]).toMatchObject({
      role: 'authenticated',
      session: 'platform_authenticator',
      current_super: false,
      session_super: false,
    })
  })

  test.each([
    'select * from auth_users',
    'select password_hash from auth_users',
    'with x as (select * from auth_users) select * from x',
    'select * from auth_refresh_tokens',
    'select * from auth_codes',
    'select * from pg_temp.platform_column_key',
    `select set_config('role', 'postgres', false)`,
    `select set_config('request.jwt.claims', '{"sub":"x"}', false)`,
    'select pg_advisory_lock(1)',
    `select lo_from_bytea(0, 'x')`,
    // Servers share realtime through these: a forged notice would reach every subscriber.
    `select pg_notify('platform_realtime_x', '{}')`,
    'select * from realtime_presence',
    // What one server generated and another serves: the platform's, never a caller's.
    'select * from ai_generated_files',
    'select job from data_fetch_jobs',
    `insert into data_screenshots (name) values ('shot')`,
  ])('denies %s by privilege', async (query) => {
    const token = await tokenOf(`denied-${Math.random()}@example.com`)
    for (const res of [
      await post(token, 'sql', { query }),
      await post(token, 'batch', { statements: [query] }),
    ]) {
      expect(res.status).toBe(403)
      const body = await res.json()
      expect(body.code).toBe('42501')
      expect(JSON.stringify(body)).not.toMatch(/scrypt|\$[0-9a-z]+\$|password_hash"\s*:/)
    }
  })

  test('a key written through REST, /sql or /batch is sealed at rest and reads back as written', async () => {
    const { tokens, userId } = await backend.signedIn('sealed@example.com')
    const token = tokens.access_token
    const base = `${backend.server().url}/api/db/prompt-chat/rest/v1/user_api_keys`
    const rest = await fetch(base, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ user_id: userId, provider: 'openai', api_key_encrypted: 'cmVzdA==' }),
    })
    expect(rest.status).toBe(201)
    const insert = `insert into user_api_keys (user_id, provider, api_key_encrypted) values ($1, $2, $3)`
    expect(
      (await post(token, 'sql', { query: insert, params: [userId, 'anthropic', 'c3Fs'] })).status,
    ).toBe(200)
    const batch = await post(token, 'batch', {
      statements: [{ query: insert, params: [userId, 'google', 'YmF0Y2g='] }],
    })
    expect(batch.status).toBe(200)

    const atRest = await backend
      .server()
      .store.asOwner((tx) =>
        tx.query<{ provider: string; api_key_encrypted: string }>(
          'select provider, api_key_encrypted from user_api_keys where user_id = $1 order by provider',
          [userId],
        ),
      )
    expect(atRest.rows.map((row) => row.provider)).toEqual(['anthropic', 'google', 'openai'])
    for (const row of atRest.rows) {
      expect(row.api_key_encrypted).toMatch(/^aescbc-hmac:v3:[0-9a-f]{32}:[0-9a-f]{64}:[0-9a-f]+$/)
      expect(row.api_key_encrypted).not.toMatch(/cmVzdA|c3Fs|YmF0Y2g/)
    }
    // Its owner reads each back as written, through the table API.
    const read = await fetch(`${base}?order=provider.asc`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(
      (await read.json()).map((row: { api_key_encrypted: string }) => row.api_key_encrypted),
    ).toEqual(['c3Fs', 'YmF0Y2g=', 'cmVzdA=='])
  })

  test('a sealed value cannot be changed back to plain text by updating it', async () => {
    const { tokens, userId } = await backend.signedIn('reseal@example.com')
    const token = tokens.access_token
    await post(token, 'sql', {
      query: `insert into user_api_keys (user_id, provider, api_key_encrypted) values ($1, 'openai', 'b2xk')`,
      params: [userId],
    })
    const update = await post(token, 'sql', {
      query: `update user_api_keys set api_key_encrypted = 'bmV3' where user_id = $1 returning api_key_encrypted`,
      params: [userId],
    })
    expect(update.status).toBe(200)
    expect((await update.json()).rows[0].api_key_encrypted).toMatch(/^aescbc-hmac:v3:/)
  })
})
