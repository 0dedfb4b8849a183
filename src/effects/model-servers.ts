import { decodeApiKey } from '../domain/api-key-encoding'
import type { ChatModel } from '../domain/chat-model'
import { serverModelId, serverProvider } from '../domain/server-models'
import type { Notice } from '../machines/notice'
import type { PlatformClient } from '../platform/index'
import { logError, showToast } from './notify'

/** A row of `modelServers` (docs/product/data.md): the key base64-encoded, sealed at rest, or null. */
export interface ModelServerRow {
  id: string
  userId: string
  name: string
  baseUrl: string
  apiKeyEncrypted: string | null
  createdAt: string
  updatedAt: string
}

export interface ModelServerEffectsOptions {
  platform: PlatformClient
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  /** Calls to the servers go through this fetch (tests); the global one by default. */
  fetch?: typeof fetch
  notify?: (notice: Notice) => void
  now?: () => number
  /** How long a server gets to list its models (5 s by default). */
  timeoutMs?: number
}

/** A server's models as the chat lists them (docs/product/servers.md#in-the-model-picker). */
export function modelsOf(
  row: ModelServerRow,
  models: string[],
  textOnly: readonly string[] = [],
): ChatModel[] {
  return models.map((model) => ({
    id: serverModelId(row.id, model),
    name: model,
    description: row.name,
    provider: serverProvider(row.id),
    // docs/product/attachments.md#models-that-cannot-see: as the server's list says.
    ...(textOnly.includes(model) ? { readsImages: false } : {}),
  }))
}

/** The stored key: '' when the server has none; null when what is stored cannot be decoded. */
export const keyOf = (row: ModelServerRow): string | null =>
  row.apiKeyEncrypted === null || row.apiKeyEncrypted === ''
    ? ''
    : decodeApiKey(row.apiKeyEncrypted)

/**
 * Asks a server for its model list with these options' fetch and time limit. The listing code
 * loads with the first server asked, so a user without servers never fetches it
 * (docs/performance.md, "Split").
 */
export const modelLister =
  (options: Pick<ModelServerEffectsOptions, 'fetch' | 'timeoutMs'>) =>
  async (row: Pick<ModelServerRow, 'baseUrl'>, apiKey: string) => {
    const { listCompatibleModels } = await import('../providers/list-models')
    return listCompatibleModels({
      baseUrl: row.baseUrl,
      apiKey,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    })
  }

/**
 * The user's OpenAI-compatible servers (docs/product/servers.md) on the SDK and the
 * providers: their models, for the picker. A turn's lookups (a model, its key, the request to
 * send) are server-turns.ts, loaded with the first turn for a server; the keys dialog's
 * section is model-servers-manager.ts, loaded with the dialog.
 */
export function modelServerEffects(options: ModelServerEffectsOptions) {
  const { platform } = options
  const notify = options.notify ?? showToast
  const servers = platform.db.table<ModelServerRow>('modelServers')

  const listModels = modelLister(options)

  /**
   * Every model of every server of the user, server by server in the order they were added.
   * Never rejects: a server that cannot list its models is logged, named in a toast, and
   * left out; a failed read of the servers themselves is logged and gives none.
   */
  async function listServerModels(userId: string): Promise<ChatModel[]> {
    let rows: ModelServerRow[]
    try {
      rows = await servers.list({ where: { userId }, orderBy: { createdAt: 'asc' } })
    } catch (error) {
      logError(undefined, { error })
      return []
    }
    const lists = await Promise.all(
      rows.map(async (row) => {
        const result = await listModels(row, keyOf(row) ?? '')
        if (result.ok) return modelsOf(row, result.models, result.textOnly)
        const { modelListProblem } = await import('../domain/model-server-messages')
        const message = modelListProblem(row.name, result)
        logError(undefined, { error: new Error(`${message} (${row.baseUrl})`) })
        notify({ kind: 'error', message })
        return []
      }),
    )
    return lists.flat()
  }

  /**
   * The providers (`server:<id>`) of the user's servers, for the first model choice: a server
   * is usable whether or not it has a key. Never rejects (none on a failed read).
   */
  async function serverProviders(userId: string): Promise<string[]> {
    try {
      const rows = await servers.list({ where: { userId }, orderBy: { createdAt: 'asc' } })
      return rows.map((row) => serverProvider(row.id))
    } catch (error) {
      logError(undefined, { error })
      return []
    }
  }

  return { listServerModels, serverProviders }
}
