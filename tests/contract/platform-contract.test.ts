import { expect, test } from 'vitest'
import { describeOnEveryBackend } from '../support/contract-backends'

// The SDK's auth and db calls against the mock platform over real HTTP, on PGlite and PostgreSQL.

// Every table a user owns outright, with a row that user B may legitimately write.
const ownedTables = {
  userApiKeys: (userId: string) => ({
    userId,
    provider: 'openai',
    apiKeyEncrypted: 'c2stdGVzdA==',
  }),
  chatMessages: (userId: string) => ({
    userId,
    modelId: 'gpt-4o-mini',
    role: 'user',
    content: 'private thoughts',
    systemPromptId: null,
    createdAt: new Date().toISOString(),
  }),
  prompts: (userId: string) => ({
    userId,
    title: 'Private prompt',
    content: 'only mine',
    type: 'user',
    isPublic: '0',
    isActive: '0',
  }),
  userPromptDeletions: (userId: string) => ({ userId, promptId: 'prompt_x' }),
  quickPrompts: (userId: string) => ({ userId, promptId: 'prompt_y' }),
  modelServers: (userId: string) => ({
    userId,
    name: 'Ollama',
    baseUrl: 'http://localhost:11434',
    apiKeyEncrypted: 'c2stbG9jYWw=',
  }),
} as const

describeOnEveryBackend('auth and database', ({ server, clientFor, signUp }) => {
  test('sign-up gives tokens that the SDK turns into the signed-in user', async () => {
    const tokens = await signUp('grace@example.com', 'Grace Hopper')
    const client = clientFor(tokens)
    const me = await client.auth.me()
    expect(me).toMatchObject({ email: 'grace@example.com', displayName: 'Grace Hopper' })
    const updated = await client.auth.update({ displayName: 'Rear Admiral Hopper' })
    expect(updated.displayName).toBe('Rear Admiral Hopper')
    expect((await client.auth.me()).displayName).toBe('Rear Admiral Hopper')
  })

  test('refresh tokens rotate; a replay within the grace period gets the same successor', async () => {
    const tokens = await signUp('rotate@example.com')
    const client = clientFor(tokens)
    const rotated = await client.auth.refresh()
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token)
    expect(rotated.access_token).toEqual(expect.any(String))

    // A second tab that missed the rotation gets the same successor, not a revocation.
    const late = await clientFor(tokens).auth.refresh()
    expect(late.refresh_token).toBe(rotated.refresh_token)
    expect((await client.auth.refresh()).refresh_token).not.toBe(rotated.refresh_token)
  })

  test("user A cannot read, update or delete user B's rows in any owned table", async () => {
    const a = clientFor(await signUp('a@example.com'))
    const b = clientFor(await signUp('b@example.com'))
    const aId = (await a.auth.me()).id
    const bId = (await b.auth.me()).id

    for (const [table, row] of Object.entries(ownedTables)) {
      const created = (await b.db.table(table).create(row(bId))) as { id: string }
      expect(created.id, table).toMatch(/^[0-9a-f]{32}$/)
      const id = created.id

      expect(await a.db.table(table).list({ where: { id } }), `${table}: read`).toEqual([])
      await expect(
        a.db.table(table).update(id, { createdAt: new Date().toISOString() }),
        `${table}: update`,
      ).rejects.toThrow('Record with id not found')
      await a.db.table(table).delete(id)
      expect(await b.db.table(table).list({ where: { id } }), `${table}: delete`).toHaveLength(1)

      await expect(
        a.db.table(table).create(row(bId)),
        `${table}: insert as B`,
      ).rejects.toMatchObject({ status: 403 })
      expect(await a.db.table(table).create(row(aId)), `${table}: insert as A`).toMatchObject({
        userId: aId,
      })
    }
  })

  test('public prompts are readable by others but only the owner may change them', async () => {
    const owner = clientFor(await signUp('owner@example.com'))
    const other = clientFor(await signUp('other@example.com'))
    const ownerId = (await owner.auth.me()).id
    const prompt = (await owner.db.table('prompts').create({
      userId: ownerId,
      title: 'Shared wisdom',
      content: 'Be kind.',
      type: 'user',
      isPublic: '1',
      isActive: '0',
    })) as { id: string }

    const seen = await other.db.table('prompts').list({ where: { id: prompt.id } })
    expect(seen).toMatchObject([{ title: 'Shared wisdom', isPublic: '1' }])
    await expect(other.db.table('prompts').update(prompt.id, { title: 'Defaced' })).rejects.toThrow(
      'Record with id not found',
    )
    await other.db.table('prompts').delete(prompt.id)
    expect(await owner.db.table('prompts').list({ where: { id: prompt.id } })).toMatchObject([
      { title: 'Shared wisdom' },
    ])
  })

  test('the seeded models and community prompts are there on day one', async () => {
    const client = clientFor(await signUp('newcomer@example.com'))
    const models = (await client.db.table('aiModels').list()) as Array<{ provider: string }>
    expect(new Set(models.map((m) => m.provider))).toEqual(
      new Set(['openai', 'anthropic', 'google']),
    )
    const publicPrompts = await client.db.table('prompts').list({ where: { isPublic: '1' } })
    expect(publicPrompts.length).toBeGreaterThan(0)
  })

  test('a malformed filter is a 400 with a PostgREST-shaped JSON body', async () => {
    const client = clientFor(await signUp('malformed@example.com'))
    const res = await fetch(`${server().url}/api/db/prompt-chat/rest/v1/prompts?title=bogus.x`, {
      headers: { Authorization: `Bearer ${client.auth.getTokens()!.access_token}` },
    })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'PGRST100', message: expect.any(String) })
    expect(body).toHaveProperty('details')
    expect(body).toHaveProperty('hint')

    await expect(
      client.http.request('/api/db/prompt-chat/rest/v1/prompts', { query: { title: 'bogus.x' } }),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' })
  })
})
