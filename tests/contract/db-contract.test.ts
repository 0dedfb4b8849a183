import { expect, test } from 'vitest'
import { describeOnEveryBackend } from '../support/contract-backends'

// The SDK's query builder, SQL and batch calls against the mock platform over real HTTP.
describeOnEveryBackend('database queries, SQL and batch', ({ signedIn }) => {
  test('every column operator, several orders, limit, offset and an exact count', async () => {
    const { client, userId } = await signedIn('operators@example.com')
    const notes = client.db.table<{ title: string; type: string; createdAt: string }>('prompts')
    await notes.createMany(
      ['a', 'b', 'c', 'd'].map((title, i) => ({
        userId,
        title,
        content: `${title}-content`,
        type: i % 2 ? 'system' : 'user',
        isPublic: '0',
        isActive: '0',
        createdAt: `2026-05-0${i + 1}T00:00:00.000Z`,
      })),
    )
    const titles = async (where: Record<string, unknown>) =>
      (await notes.list({ where: { userId, ...where }, orderBy: { title: 'asc' } })).map(
        (r) => r.title,
      )

    expect(await titles({ title: { eq: 'a' } })).toEqual(['a'])
    expect(await titles({ title: { neq: 'a' } })).toEqual(['b', 'c', 'd'])
    expect(await titles({ createdAt: { gt: '2026-05-02T00:00:00.000Z' } })).toEqual(['c', 'd'])
    expect(await titles({ createdAt: { gte: '2026-05-02T00:00:00.000Z' } })).toEqual([
      'b',
      'c',
      'd',
    ])
    expect(await titles({ createdAt: { lt: '2026-05-02T00:00:00.000Z' } })).toEqual(['a'])
    expect(await titles({ createdAt: { lte: '2026-05-02T00:00:00.000Z' } })).toEqual(['a', 'b'])
    expect(await titles({ content: { like: 'c-%' } })).toEqual(['c'])
    expect(await titles({ content: { ilike: 'D-%' } })).toEqual(['d'])
    expect(await titles({ title: { is: null } })).toEqual([])
    expect(await titles({ title: { in: ['a', 'c'] } })).toEqual(['a', 'c'])
    expect(await titles({ title: { not_in: ['a', 'c'] } })).toEqual(['b', 'd'])
    expect(await titles({ title: { not: 'b' } })).toEqual(['a', 'c', 'd'])

    const ordered = await notes.list({
      where: { userId },
      orderBy: [{ type: 'asc' }, { title: 'desc' }],
      limit: 2,
      offset: 1,
    })
    expect(ordered.map((r) => r.title)).toEqual(['b', 'c']) // d b c a, from the second
    expect(await notes.count({ where: { userId, type: 'user' } })).toBe(2)
  })

  test('keyset pages walk every row exactly once, even while rows are added', async () => {
    const { client, userId } = await signedIn('pages@example.com')
    const messages = client.db.table<Record<string, unknown> & { id: string; content: string }>(
      'chatMessages',
    )
    const at = (i: number) => `2026-06-01T00:00:${String(i % 3).padStart(2, '0')}.000Z`
    await messages.createMany(
      Array.from({ length: 7 }, (_, i) => ({
        userId,
        modelId: 'gpt-5',
        role: 'user',
        content: `m${i}`,
        createdAt: at(i), // ties on purpose: the id breaks them
      })),
    )
    const seen: string[] = []
    let cursor: string | undefined
    for (let pageNo = 0; pageNo < 10; pageNo++) {
      const page = await messages.page({
        where: { userId },
        orderBy: { createdAt: 'desc' },
        limit: 3,
        cursor,
      })
      seen.push(...page.rows.map((r) => r.content))
      if (pageNo === 0) {
        // A row older than everything: it belongs at the end and must still be reached once.
        await messages.create({
          userId,
          modelId: 'gpt-5',
          role: 'user',
          content: 'late',
          createdAt: '2026-01-01T00:00:00.000Z',
        })
      }
      if (!page.nextCursor) break
      cursor = page.nextCursor
    }
    expect(seen).toHaveLength(8)
    expect(new Set(seen).size).toBe(8)
    expect(seen.at(-1)).toBe('late')
    await expect(
      messages.page({
        where: { userId },
        orderBy: { createdAt: 'desc' },
        limit: 3,
        cursor: 'not-a-cursor',
      }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' })
  })

  test('upsert merges on a conflict column and update of a missing row says so', async () => {
    const { client, userId } = await signedIn('upsert@example.com')
    const keys = client.db.table<Record<string, unknown> & { id: string; apiKeyEncrypted: string }>(
      'userApiKeys',
    )
    const first = await keys.upsert(
      { userId, provider: 'openai', apiKeyEncrypted: 'b25l' },
      { onConflict: 'userId,provider' },
    )
    const second = await keys.upsert(
      { userId, provider: 'openai', apiKeyEncrypted: 'dHdv' },
      { onConflict: 'userId,provider' },
    )
    expect(second.id).toBe(first.id)
    expect(second.apiKeyEncrypted).toBe('dHdv')
    await expect(keys.update('no-such-id', { apiKeyEncrypted: 'eA==' })).rejects.toThrow(
      'Record with id not found',
    )
  })

  test('sql and batch run under the caller role: no row of another user is reachable', async () => {
    const alice = await signedIn('sql-a@example.com')
    const bob = await signedIn('sql-b@example.com')
    await alice.client.db
      .table('quickPrompts')
      .create({ userId: alice.userId, promptId: 'p-alice' })

    expect(await bob.client.db.sql('select prompt_id from quick_prompts')).toEqual([])
    expect(
      await alice.client.db.sql('select prompt_id from quick_prompts where user_id = $1', [
        alice.userId,
      ]),
    ).toEqual([{ promptId: 'p-alice' }])
    const [deleted] = await bob.client.db.batch([
      {
        query: 'delete from quick_prompts where user_id = $1 returning id',
        params: [alice.userId],
      },
    ])
    expect(deleted!.rows).toEqual([])
    await expect(
      bob.client.db.batch([
        {
          query: 'insert into quick_prompts (user_id, prompt_id) values ($1, $2)',
          params: [bob.userId, 'ok'],
        },
        {
          query: 'insert into quick_prompts (user_id, prompt_id) values ($1, $2)',
          params: [alice.userId, 'forged'],
        },
      ]),
    ).rejects.toMatchObject({ status: 403 })
    expect(await bob.client.db.sql('select prompt_id from quick_prompts')).toEqual([])
    await expect(bob.client.db.batch(['delete from quick_prompts'], 'read')).rejects.toMatchObject({
      status: 405,
    })
  })
})
