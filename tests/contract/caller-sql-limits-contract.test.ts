import { request as httpRequest } from 'node:http'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { MAX_BODY_BYTES } from '../../mocks/platform/rest/json-body'
import { describeOnEveryBackend } from '../support/contract-backends'

// Issue 24, defect 5: a caller's parameters never cause a 500, and an oversized body is refused
// with a 413 before it is buffered. docs/security.md, "Caller SQL limits".

describeOnEveryBackend('caller SQL limits', (backend) => {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${backend.server().url}/api/db/prompt-chat/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })

  test('a parameter count that does not match the query is a 400, anonymous or signed in', async () => {
    const token = (await backend.signUp(`params-${Math.random()}@example.com`)).access_token
    for (const who of [undefined, token]) {
      const extra = await post('sql', { query: 'select 1', params: ['x'] }, who)
      expect(extra.status).toBe(400)
      expect(await extra.json()).toMatchObject({ message: expect.stringMatching(/params/) })
      const missing = await post('sql', { query: 'select $1::text as x', params: [] }, who)
      expect(missing.status).toBe(400)
      const batch = await post(
        'batch',
        { statements: [{ query: 'select 1', params: [1, 2] }] },
        who,
      )
      expect(batch.status).toBe(400)
    }
  })

  test('no parameter shape gives a 5xx on /sql, /batch or a REST filter', async () => {
    const token = (await backend.signUp(`fuzz-${Math.random()}@example.com`)).access_token
    const param = fc.oneof(
      fc.string(),
      fc.constant('a\u0000b'),
      fc.integer(),
      fc.double(),
      fc.constant(1e308),
      fc.constant(2 ** 80),
      fc.boolean(),
      fc.constant(null),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
    )
    const query = fc.constantFrom(
      'select 1',
      'select $1 as x',
      'select $1::text as x',
      'select $1::int + $2::int as x',
      'select $1::jsonb as x',
      'select * from prompts where id = $1',
    )
    const params = fc.oneof(fc.array(param, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }))
    const statement = fc.oneof(fc.record({ query, params }), query, fc.jsonValue({ maxDepth: 2 }))
    await fc.assert(
      fc.asyncProperty(
        query,
        params,
        fc.oneof(fc.array(statement, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 })),
        fc.string({ maxLength: 20 }),
        fc.boolean(),
        async (q, p, statements, filter, signedIn) => {
          const who = signedIn ? token : undefined
          const sql = await post('sql', { query: q, params: p }, who)
          expect(sql.status, `/sql ${JSON.stringify({ q, p })}`).toBeLessThan(500)
          const batch = await post('batch', { statements }, who)
          expect(batch.status, `/batch ${JSON.stringify(statements)}`).toBeLessThan(500)
          const rest = await fetch(
            `${backend.server().url}/api/db/prompt-chat/prompts?id=eq.${encodeURIComponent(filter)}&created_at=gt.${encodeURIComponent(filter)}`,
            { headers: who ? { Authorization: `Bearer ${who}` } : {} },
          )
          expect(rest.status, `REST filter ${JSON.stringify(filter)}`).toBeLessThan(500)
        },
      ),
      { numRuns: 60 },
    )
  })

  test('a body over the limit is a 413 with a JSON error, declared or chunked, before buffering', async () => {
    const declared = await fetch(`${backend.server().url}/api/db/prompt-chat/sql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"query":"select 1","params":["${'x'.repeat(MAX_BODY_BYTES)}"]}`,
    })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ code: 'PGRST413' })

    // 200 MB sent chunked (no Content-Length): refused at the limit, and the server, which runs
    // in this process, does not grow by anything near the body's size.
    const before = process.memoryUsage().rss
    const chunk = Buffer.alloc(1024 * 1024, 'x')
    const url = new URL(`${backend.server().url}/api/db/prompt-chat/sql`)
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: 'POST', headers: { 'Content-Type': 'application/json' } },
        (res) => {
          let body = ''
          res.on('data', (d) => (body += d))
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body })
            req.destroy()
          })
        },
      )
      req.on('error', () => {})
      req.write('{"query":"select 1","params":["')
      let sent = 0
      const pump = () => {
        while (sent < 200 && !req.destroyed) {
          sent += 1
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        if (!req.destroyed) req.end('"]}')
      }
      pump()
      setTimeout(() => reject(new Error('no answer in 20 s')), 20_000)
    })
    expect(status.status).toBe(413)
    expect(JSON.parse(status.body)).toMatchObject({ code: 'PGRST413' })
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024)
  })

  test('other JSON endpoints refuse an oversized body with a 413', async () => {
    const response = await fetch(`${backend.server().url}/api/analytics/prompt-chat/log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"x":"${'x'.repeat(5 * 1024 * 1024)}"}`,
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } })
  })
})

describeOnEveryBackend('a long caller statement is bounded', (backend) => {
  test('on PostgreSQL it times out with a 503 while /api/health answers', async (context) => {
    if (context.task.suite?.name.endsWith('on PGlite')) return
    const token = (await backend.signUp(`slow-${Math.random()}@example.com`)).access_token
    process.env.SQL_STATEMENT_TIMEOUT_MS = '300'
    try {
      const started = Date.now()
      const slow = fetch(`${backend.server().url}/api/db/prompt-chat/sql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: 'select count(*) from generate_series(1, 200000000)' }),
      })
      const health = await fetch(`${backend.server().url}/api/health`)
      expect(health.status).toBe(200)
      expect(Date.now() - started).toBeLessThan(300)
      // Another user's ordinary read is answered meanwhile too.
      const other = (await backend.signUp(`other-${Math.random()}@example.com`)).access_token
      const read = await fetch(
        `${backend.server().url}/api/db/prompt-chat/rest/v1/prompts?limit=5`,
        {
          headers: { Authorization: `Bearer ${other}` },
        },
      )
      expect(read.status).toBe(200)
      const answer = await slow
      expect(answer.status).toBe(503)
      expect(await answer.json()).toMatchObject({ code: '57014' })
      expect(Date.now() - started).toBeLessThan(3000)
    } finally {
      delete process.env.SQL_STATEMENT_TIMEOUT_MS
    }
  })
})

describeOnEveryBackend('an expensive caller statement', (backend) => {
  test('is refused by its planned cost with a 400, /sql and /batch', async (context) => {
    if (!context.task.suite?.name.endsWith('on PGlite')) return
    const token = (await backend.signUp(`cost-${Math.random()}@example.com`)).access_token
    const send = (path: string, body: unknown) =>
      fetch(`${backend.server().url}/api/db/prompt-chat/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
    const query =
      'select array_agg(g) from generate_series(1, $1::int) g, generate_series(1, 1000) h'
    const started = Date.now()
    const single = await send('sql', { query, params: [50_000_000] })
    expect(single.status).toBe(400)
    expect(await single.json()).toMatchObject({ message: expect.stringMatching(/planned cost/) })
    const batch = await send('batch', { statements: ['select 1', { query, params: [50_000_000] }] })
    expect(batch.status).toBe(400)
    expect(Date.now() - started).toBeLessThan(3000)
    expect((await fetch(`${backend.server().url}/api/health`)).status).toBe(200)
    // An ordinary query stays far below the ceiling.
    expect(
      (await send('sql', { query: 'select * from prompts order by created_at desc limit 50' }))
        .status,
    ).toBe(200)
  })
})

describeOnEveryBackend('a caller statement that is cheap to plan but long to run', (backend) => {
  const send = (body: unknown, token?: string) =>
    fetch(`${backend.server().url}/api/db/prompt-chat/sql`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })

  test('cannot sleep: the request roles may not run pg_sleep and its kin', async () => {
    const token = (await backend.signUp(`sleep-${Math.random()}@example.com`)).access_token
    for (const who of [undefined, token]) {
      for (const query of [
        'select pg_sleep(30)',
        "select pg_sleep_for('30 seconds')",
        "select pg_sleep_until(now() + interval '30 seconds')",
      ]) {
        const started = Date.now()
        const answer = await send({ query }, who)
        // As PostgREST answers a missing privilege: 401 for anon, 403 once signed in.
        expect(answer.status, query).toBe(who ? 403 : 401)
        expect(await answer.json(), query).toMatchObject({ code: '42501' })
        expect(Date.now() - started, query).toBeLessThan(3000)
      }
    }
  })

  test('cannot recurse: WITH RECURSIVE is refused before it runs, a plain WITH is not', async () => {
    const token = (await backend.signUp(`recurse-${Math.random()}@example.com`)).access_token
    const started = Date.now()
    const answer = await send(
      {
        query:
          'with recursive t(n) as (select 1 union all select n + 1 from t where n < 1e9) select count(*) from t',
      },
      token,
    )
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({
      code: '0A000',
      message: 'Recursive queries (WITH RECURSIVE) are not allowed here',
    })
    expect(Date.now() - started).toBeLessThan(3000)
    // The words in a string are just text.
    const text = await send({ query: `select '"recursive":true' as x` }, token)
    expect(text.status).toBe(200)
    const plain = await send({ query: 'with t as (select 2 as n) select n from t' }, token)
    expect(await plain.json()).toMatchObject({ rows: [{ n: 2 }] })
  })
})
