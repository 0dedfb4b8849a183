import { expect, test } from 'vitest'
import { describeOnEveryBackend } from '../support/contract-backends'

// The rest of the database contract over real HTTP: select, create/delete and ids, the forms
// the hosted SDK sends, PostgREST-shaped errors, and /sql and /batch under the caller's role.
describeOnEveryBackend('database wire details', ({ server, signedIn }) => {
  const rest = (path: string) => `${server().url}/api/db/prompt-chat/rest/v1/${path}`

  test('select narrows the columns; create gives a random 32-hex id; delete removes the row', async () => {
    const { client, userId } = await signedIn('crud@example.com')
    const quick = client.db.table<{ id: string; userId: string; promptId: string }>('quickPrompts')
    const created = await quick.create({ userId, promptId: 'prompt_1' })
    expect(created.id).toMatch(/^[0-9a-f]{32}$/)
    expect(created).toMatchObject({ userId, promptId: 'prompt_1' })
    const [second] = await quick.createMany([{ userId, promptId: 'prompt_2' }])
    expect(second?.id).toMatch(/^[0-9a-f]{32}$/)
    expect(second?.id).not.toBe(created.id)

    expect(
      await quick.list({ where: { userId }, select: ['promptId'], orderBy: { promptId: 'asc' } }),
    ).toEqual([{ promptId: 'prompt_1' }, { promptId: 'prompt_2' }])
    await quick.delete(created.id)
    expect((await quick.list({ where: { userId } })).map((row) => row.promptId)).toEqual([
      'prompt_2',
    ])
  })

  test('accepts what the hosted SDK sends: not.<value>, space-separated Prefer, encoded operands', async () => {
    const { client, userId, tokens } = await signedIn('hosted@example.com')
    await client.db.table('quickPrompts').createMany([
      { userId, promptId: 'a,b' },
      { userId, promptId: 'c d' },
    ])
    const headers = {
      Authorization: `Bearer ${tokens.access_token}`,
      'Content-Type': 'application/json',
    }
    const notAb = await fetch(rest(`quick_prompts?select=prompt_id&prompt_id=not.a%2Cb`), {
      headers,
    })
    expect(await notAb.json()).toEqual([{ prompt_id: 'c d' }])
    const encoded = await fetch(rest(`quick_prompts?select=prompt_id&prompt_id=eq.c%20d`), {
      headers,
    })
    expect(await encoded.json()).toEqual([{ prompt_id: 'c d' }])

    const upsert = (promptId: string, separator: string) =>
      fetch(rest('user_api_keys?on_conflict=user_id,provider'), {
        method: 'POST',
        headers: {
          ...headers,
          Prefer: `return=representation${separator}resolution=merge-duplicates`,
        },
        body: JSON.stringify({ user_id: userId, provider: 'google', api_key_encrypted: promptId }),
      })
    const first = await upsert('Zmlyc3Q=', ' ')
    expect(first.status).toBe(201)
    const [row] = (await first.json()) as Array<{ id: string }>
    const merged = await upsert('c2Vjb25k', ',')
    const [again] = (await merged.json()) as Array<{ id: string; api_key_encrypted: string }>
    expect(again).toMatchObject({ id: row?.id, api_key_encrypted: 'c2Vjb25k' })

    const counted = await fetch(rest(`quick_prompts?select=id&user_id=eq.${userId}&limit=1`), {
      headers: { ...headers, Prefer: 'count=exact' },
    })
    expect(counted.headers.get('content-range')).toBe('0-0/2')
    // PostgREST clients count with HEAD: the same header, no body.
    const head = await fetch(rest(`quick_prompts?user_id=eq.${userId}`), {
      method: 'HEAD',
      headers: { ...headers, Prefer: 'count=exact' },
    })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-range')).toBe('0-1/2')
    expect(await head.text()).toBe('')
    // Without return=representation a write answers no rows.
    const quiet = await fetch(rest('quick_prompts'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ user_id: userId, prompt_id: 'quiet' }),
    })
    expect(quiet.status).toBe(201)
    expect(await quiet.text()).toBe('')
  })

  test('unknown tables and columns, bad operators and malformed JSON get a PostgREST-shaped 4xx', async () => {
    const { tokens } = await signedIn('errors@example.com')
    const headers = {
      Authorization: `Bearer ${tokens.access_token}`,
      'Content-Type': 'application/json',
    }
    const cases: Array<[string, RequestInit]> = [
      ['no_such_table', { headers }],
      ['prompts?no_such_column=eq.1', { headers }],
      ['prompts?title=between.1', { headers }],
      ['prompts', { method: 'POST', headers, body: '{"title":' }],
    ]
    for (const [path, init] of cases) {
      const res = await fetch(rest(path), init)
      expect(res.status, path).toBeGreaterThanOrEqual(400)
      expect(res.status, path).toBeLessThan(500)
      const body = await res.json()
      expect(body, path).toMatchObject({ code: expect.any(String), message: expect.any(String) })
      expect(Object.keys(body).sort(), path).toEqual(['code', 'details', 'hint', 'message'])
    }
  })

  test("/sql and /batch cannot change another user's rows, and a failed batch changes nothing", async () => {
    const alice = await signedIn('rls-sql-a@example.com')
    const bob = await signedIn('rls-sql-b@example.com')
    const own = await alice.client.db
      .table<{ id: string; userId: string; modelId: string; role: string; content: string }>(
        'chatMessages',
      )
      .create({ userId: alice.userId, modelId: 'gpt-5', role: 'user', content: 'mine' })

    expect(
      await bob.client.db.sql('update chat_messages set content = $1 where id = $2 returning id', [
        'hijacked',
        own.id,
      ]),
    ).toEqual([])
    expect(
      await bob.client.db.sql('delete from chat_messages where id = $1 returning id', [own.id]),
    ).toEqual([])
    const [updated] = await bob.client.db.batch([
      { query: 'update chat_messages set content = $1 returning id', params: ['batch-hijack'] },
    ])
    expect(updated?.rows).toEqual([])
    expect(
      await alice.client.db.sql('select content from chat_messages where id = $1', [own.id]),
    ).toEqual([{ content: 'mine' }])

    // Atomic: the first statement's change is rolled back with the second's failure.
    await expect(
      alice.client.db.batch([
        {
          query: 'update chat_messages set content = $1 where id = $2',
          params: ['changed', own.id],
        },
        { query: 'select * from no_such_table', params: [] },
      ]),
    ).rejects.toSatisfy((error: { status: number }) => error.status >= 400 && error.status < 500)
    expect(
      await alice.client.db.sql('select content from chat_messages where id = $1', [own.id]),
    ).toEqual([{ content: 'mine' }])

    // Read mode runs reads and refuses writes, even a write hidden after a read.
    const [read] = await alice.client.db.batch(
      [{ query: 'select content from chat_messages where id = $1', params: [own.id] }],
      'read',
    )
    expect(read?.rows).toEqual([{ content: 'mine' }])
    await expect(
      alice.client.db.batch(
        [
          'select 1',
          { query: 'update chat_messages set content = $1 where id = $2', params: ['x', own.id] },
        ],
        'read',
      ),
    ).rejects.toMatchObject({ status: 405 })
    expect(
      await alice.client.db.sql('select content from chat_messages where id = $1', [own.id]),
    ).toEqual([{ content: 'mine' }])
  })
})
