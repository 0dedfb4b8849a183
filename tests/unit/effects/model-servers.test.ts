import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { COMPATIBLE_FAKE_BASE_URL as BASE } from '../../../mocks/msw/provider-handlers'
import { encodeApiKey } from '../../../src/domain/api-key-encoding'
import { modelServerEffects } from '../../../src/effects/model-servers'
import { serverTurnEffects } from '../../../src/effects/server-turns'
import type { Notice } from '../../../src/machines/notice'
import type { PlatformClient } from '../../../src/platform/index'
import { mswServer } from '../../support/msw-server'
import { useProviderFakes } from '../providers/fakes-under-msw'

const fakes = useProviderFakes()
afterEach(() => vi.restoreAllMocks())
const DOWN = 'http://down.test'

const row = (id: string, name: string, baseUrl: string, key: string | null = null) => ({
  id,
  userId: 'u1',
  name,
  baseUrl,
  apiKeyEncrypted: key === null ? null : encodeApiKey(key),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

/** The effects over a table that holds `rows` (or fails to list), as the SDK would hand them. */
function effectsOver(rows: ReturnType<typeof row>[] | Error) {
  const notices: Notice[] = []
  const list = vi.fn(async (options?: { where?: { id?: string } }) => {
    if (rows instanceof Error) throw rows
    const id = options?.where?.id
    return id === undefined ? rows : rows.filter((r) => r.id === id)
  })
  const platform = { db: { table: () => ({ list }) } } as unknown as PlatformClient
  const effects = modelServerEffects({
    platform,
    currentUserId: () => 'u1',
    notify: (notice) => notices.push(notice),
  })
  return { ...effects, ...serverTurnEffects(platform), notices, list }
}

describe("the chat's server lookups", () => {
  test('a server that fails drops only its own models, with a toast naming it', async () => {
    mswServer.use(http.get(`${DOWN}/v1/models`, () => HttpResponse.error()))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const effects = effectsOver([row('a', 'Broken', DOWN), row('b', 'Ollama', BASE, 'sk-1')])
    const models = await effects.listServerModels('u1')
    expect(models.map((m) => m.id)).toEqual(['server:b:llama3.2:3b', 'server:b:qwen2.5:7b'])
    expect(effects.notices).toEqual([{ kind: 'error', message: 'Could not reach Broken' }])
    expect(fakes().requests[0]?.headers.authorization).toBe('Bearer sk-1')
  })

  test('a failed read of the servers gives no server models, never a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const effects = effectsOver(new Error('table down'))
    expect(await effects.listServerModels('u1')).toEqual([])
    expect(effects.notices).toEqual([])
  })

  test('hosted ids and providers are not looked up; hosted requests pass unchanged', async () => {
    const effects = effectsOver([row('a', 'Ollama', BASE)])
    expect(await effects.findServerModel('gpt-5')).toBeNull()
    expect(await effects.serverKey('u1', 'openai')).toBeNull()
    const hosted = { provider: 'openai', apiKey: 'sk', model: 'gpt-5', messages: [] }
    expect(await effects.resolveServerRequest(hosted)).toBe(hosted)
    expect(effects.list).not.toHaveBeenCalled()
  })

  test('every server counts for the first model choice, key or not; a failed read gives none', async () => {
    const effects = effectsOver([row('a', 'Keyless', BASE), row('b', 'Keyed', BASE, 'k')])
    expect(await effects.serverProviders('u1')).toEqual(['server:a', 'server:b'])
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await effectsOver(new Error('down')).serverProviders('u1')).toEqual([])
  })

  test("a server's key: '' without one, null when it cannot be decoded", async () => {
    const effects = effectsOver([
      row('a', 'Keyless', BASE),
      { ...row('b', 'Garbled', BASE), apiKeyEncrypted: '%%% not base64' },
    ])
    expect(await effects.serverKey('u1', 'server:a')).toBe('')
    expect(await effects.serverKey('u1', 'server:b')).toBeNull()
    expect(await effects.serverKey('u1', 'server:gone')).toBeNull()
  })

  test('a request for a model of another server than its provider is refused', async () => {
    const effects = effectsOver([row('a', 'Ollama', BASE), row('b', 'Other', BASE)])
    await expect(
      effects.resolveServerRequest({
        provider: 'server:a',
        model: 'server:b:llama3.2:3b',
        apiKey: '',
        messages: [],
      }),
    ).rejects.toThrow('Model not found')
  })
})
