import { expect, test } from 'vitest'
import { createProviderFakes } from '../../mocks/providers/create-provider-fakes'
import { encodeApiKey } from '../../src/domain/api-key-encoding'
import { modelServerEffects } from '../../src/effects/model-servers'
import { serverTurnEffects } from '../../src/effects/server-turns'
import type { Notice } from '../../src/machines/notice'
import type { PlatformClient } from '../../src/platform/index'
import { describeOnEveryBackend } from '../support/contract-backends'

// The user's OpenAI-compatible servers (docs/product/servers.md) on PGlite and PostgreSQL:
// row-level security keeps each user's servers, and their keys, to that user.

const BASE = 'http://compatible.test'
const fakes = createProviderFakes({ sleep: async () => {} })
const serverFetch: typeof fetch = (input, init) => fakes.compatible(new Request(input, init))

interface ServerRow {
  id: string
  userId: string
  name: string
  baseUrl: string
  apiKeyEncrypted: string | null
}

function effectsFor(client: PlatformClient, userId: string) {
  const notices: Notice[] = []
  const effects = modelServerEffects({
    platform: client,
    currentUserId: () => userId,
    fetch: serverFetch,
    notify: (notice) => notices.push(notice),
  })
  return { ...effects, ...serverTurnEffects(client), notices }
}

describeOnEveryBackend('OpenAI-compatible servers', ({ server, signedIn }) => {
  test("user B can neither see nor use user A's server", async () => {
    const a = await signedIn('servers-a@example.com')
    const b = await signedIn('servers-b@example.com')
    const aServers = a.client.db.table<ServerRow>('modelServers')
    const bServers = b.client.db.table<ServerRow>('modelServers')
    const created = await aServers.create({
      userId: a.userId,
      name: 'Ollama',
      baseUrl: BASE,
      apiKeyEncrypted: encodeApiKey('sk-alice'),
    })
    const { id } = created
    const modelId = `server:${id}:llama3.2:3b`

    // The table: not listed, not readable by id, not changeable, not deletable, not forgeable.
    expect(await bServers.list()).toEqual([])
    expect(await bServers.list({ where: { id } })).toEqual([])
    await expect(bServers.update(id, { baseUrl: 'http://evil.test' })).rejects.toThrow(
      'Record with id not found',
    )
    await bServers.delete(id)
    await expect(
      bServers.create({ userId: a.userId, name: 'Mine now', baseUrl: BASE }),
    ).rejects.toMatchObject({ status: 403 })
    expect(await b.client.db.sql('select id from model_servers')).toEqual([])
    expect(await aServers.list({ where: { id } })).toEqual([
      expect.objectContaining({ baseUrl: BASE, apiKeyEncrypted: encodeApiKey('sk-alice') }),
    ])

    // The chat's lookups: B gets no model, no key and no request out of A's server.
    const bob = effectsFor(b.client, b.userId)
    expect(await bob.listServerModels(b.userId)).toEqual([])
    expect(await bob.findServerModel(modelId)).toBeNull()
    expect(await bob.serverKey(b.userId, `server:${id}`)).toBeNull()
    await expect(
      bob.resolveServerRequest({
        provider: `server:${id}`,
        model: modelId,
        apiKey: '',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    ).rejects.toThrow('Model not found')

    // A gets all of it.
    const alice = effectsFor(a.client, a.userId)
    expect(await alice.listServerModels(a.userId)).toEqual([
      // The fake server's list says llama takes text alone (docs/product/attachments.md).
      {
        id: modelId,
        name: 'llama3.2:3b',
        description: 'Ollama',
        provider: `server:${id}`,
        readsImages: false,
      },
      {
        id: `server:${id}:qwen2.5:7b`,
        name: 'qwen2.5:7b',
        description: 'Ollama',
        provider: `server:${id}`,
      },
    ])
    expect(await alice.findServerModel(modelId)).toMatchObject({ name: 'llama3.2:3b' })
    expect(await alice.serverKey(a.userId, `server:${id}`)).toBe('sk-alice')
    expect(
      await alice.resolveServerRequest({
        provider: `server:${id}`,
        model: modelId,
        apiKey: 'sk-alice',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    ).toEqual({
      provider: 'openai-compatible',
      baseUrl: BASE,
      label: 'Ollama',
      apiKey: 'sk-alice',
      model: 'llama3.2:3b',
      messages: [{ role: 'user', content: 'Hi' }],
    })
  })

  test('the key is sealed at rest like an API key; a server without one keeps null', async () => {
    const { client, userId } = await signedIn('servers-sealed@example.com')
    const servers = client.db.table<ServerRow>('modelServers')
    await servers.create({
      userId,
      name: 'OpenRouter',
      baseUrl: 'https://openrouter.ai/api',
      apiKeyEncrypted: encodeApiKey('sk-or-secret'),
    })
    await servers.create({ userId, name: 'Local', baseUrl: BASE, apiKeyEncrypted: null })
    const atRest = await server().store.asOwner((tx) =>
      tx.query<{ name: string; api_key_encrypted: string | null }>(
        'select name, api_key_encrypted from model_servers where user_id = $1 order by name',
        [userId],
      ),
    )
    expect(atRest.rows[0]).toEqual({ name: 'Local', api_key_encrypted: null })
    expect(atRest.rows[1]?.api_key_encrypted).toMatch(/^aescbc-hmac:v3:[0-9a-f]{32}:/)
    expect(atRest.rows[1]?.api_key_encrypted).not.toContain(encodeApiKey('sk-or-secret'))

    const effects = effectsFor(client, userId)
    const rows = await servers.list({ orderBy: { name: 'asc' } })
    expect(await effects.serverKey(userId, `server:${rows[0]?.id}`)).toBe('')
    expect(await effects.serverKey(userId, `server:${rows[1]?.id}`)).toBe('sk-or-secret')
  })

  test('the database refuses a repeated name, a long name and a URL that is not http(s)', async () => {
    const { client, userId } = await signedIn('servers-rules@example.com')
    const other = await signedIn('servers-rules-2@example.com')
    const servers = client.db.table<ServerRow>('modelServers')
    await servers.create({ userId, name: 'Ollama', baseUrl: BASE })
    await expect(servers.create({ userId, name: 'Ollama', baseUrl: BASE })).rejects.toThrow()
    // Names are per user: another user may use the same one.
    await other.client.db
      .table<ServerRow>('modelServers')
      .create({ userId: other.userId, name: 'Ollama', baseUrl: BASE })
    await expect(servers.create({ userId, name: 'x'.repeat(51), baseUrl: BASE })).rejects.toThrow()
    await expect(servers.create({ userId, name: '', baseUrl: BASE })).rejects.toThrow()
    await expect(
      servers.create({ userId, name: 'Files', baseUrl: 'file:///etc/passwd' }),
    ).rejects.toThrow()
    expect((await servers.list()).map((row) => row.name)).toEqual(['Ollama'])
  })
})
