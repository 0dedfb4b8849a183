import type { ChatModel } from '../domain/chat-model'
import { parseServerModelId, serverIdOf } from '../domain/server-models'
import { CHAT_MESSAGES } from '../machines/turn-state'
import type { PlatformClient } from '../platform/index'
import { OPENAI_COMPATIBLE } from '../providers/base-urls'
import type { ChatRequest } from '../providers/provider-call'
import { keyOf, type ModelServerRow, modelsOf } from './model-servers'

/**
 * A turn's look-ups on the user's OpenAI-compatible servers (docs/product/servers.md): the
 * model a server model id names, the server's key, and the request to send it. Loaded with
 * the first turn for a server, not with the page (docs/performance.md, "Split").
 */
export function serverTurnEffects(platform: PlatformClient) {
  const servers = platform.db.table<ModelServerRow>('modelServers')
  const serverRow = async (serverId: string) => {
    // Row-level security: another user's server is simply not there.
    const [row] = await servers.list({ where: { id: serverId }, limit: 1 })
    return row ?? null
  }

  /**
   * The model a `server:<serverId>:<model>` id names, while the user has that server; null
   * otherwise (the chat then says 'Model not found'). The server is not asked: if the model
   * is gone, its own error says so when the chat calls it.
   */
  async function findServerModel(modelId: string): Promise<ChatModel | null> {
    const parsed = parseServerModelId(modelId)
    if (!parsed) return null
    const row = await serverRow(parsed.serverId)
    return row ? (modelsOf(row, [parsed.model])[0] ?? null) : null
  }

  /**
   * The key for a `server:<id>` provider: the decoded key, '' when the server takes none,
   * null when the user has no such server (or its key cannot be decoded).
   */
  async function serverKey(_userId: string, provider: string): Promise<string | null> {
    const serverId = serverIdOf(provider)
    if (!serverId) return null
    const row = await serverRow(serverId)
    return row ? keyOf(row) : null
  }

  /**
   * The request sendChat takes for a chat turn: a server's model becomes an
   * `openai-compatible` request to the server's base URL with the bare model name (and the
   * server's name for its errors); a hosted provider's request is returned as it is.
   * Rejects with 'Model not found' when the server is gone.
   */
  async function resolveServerRequest(request: ChatRequest): Promise<ChatRequest> {
    const serverId = serverIdOf(request.provider)
    if (!serverId) return request
    const parsed = parseServerModelId(request.model)
    const row = parsed?.serverId === serverId ? await serverRow(serverId) : null
    if (!parsed || !row) throw new Error(CHAT_MESSAGES.modelNotFound)
    return {
      provider: OPENAI_COMPATIBLE,
      baseUrl: row.baseUrl,
      label: row.name,
      apiKey: request.apiKey,
      model: parsed.model,
      messages: request.messages,
    }
  }

  return { findServerModel, serverKey, resolveServerRequest }
}
