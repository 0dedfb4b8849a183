import { fromPromise } from 'xstate'
import { decodeApiKey, encodeApiKey } from '../domain/api-key-encoding'
import type { ProviderName } from '../domain/chat-types'
import { apiKeyId } from '../domain/message-ids'
import { apiKeysMachine, KEY_PROVIDERS, type SavedKeys } from '../machines/api-keys.machine'
import { type ChatMessage, type ChatModel, chatMachine } from '../machines/chat.machine'
import { modelPickerMachine } from '../machines/model-picker.machine'
import type { Notice } from '../machines/notice'
import type { PlatformClient } from '../platform/index'
import type { ProviderBaseUrls } from '../providers/chat-types'
import { sendChat } from '../providers/send-chat'
import { logError, showToast } from './notify'

/** The history shown at sign-in (docs/product/limits.md, "Chat"). */
const HISTORY_LIMIT = 100

interface ApiKeyRow {
  id: string
  userId: string
  provider: string
  apiKeyEncrypted: string
  createdAt?: string
  updatedAt?: string
}

export interface ChatEffectsOptions {
  platform: PlatformClient
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  providerBaseUrls: Partial<ProviderBaseUrls>
  /** Provider calls go through this fetch (tests); the global one by default. */
  fetch?: typeof fetch
  notify?: (notice: Notice) => void
  now?: () => number
}

/** The chat and the model picker (with key management), their effects on the SDK. */
export function provideChat(options: ChatEffectsOptions) {
  const { platform, currentUserId } = options
  const now = options.now ?? Date.now
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const models = platform.db.table<ChatModel>('aiModels')
  const messages = platform.db.table<ChatMessage>('chatMessages')
  const keys = platform.db.table<ApiKeyRow>('userApiKeys')

  const storedKey = async (userId: string, provider: string) => {
    const rows = await keys.list({ where: { userId, provider }, limit: 1 })
    return rows[0] ?? null
  }

  const chat = chatMachine.provide({
    actors: {
      'load history': fromPromise(({ input }: { input: { userId: string } }) =>
        messages.list({
          where: { userId: input.userId },
          orderBy: { createdAt: 'asc' },
          limit: HISTORY_LIMIT,
        }),
      ),
      'load models': fromPromise(() => models.list()),
      'save message': fromPromise(async ({ input }: { input: ChatMessage }) => {
        await messages.create(input)
      }),
      'find model': fromPromise(async ({ input }: { input: { modelId: string } }) => {
        const [model] = await models.list({ where: { id: input.modelId }, limit: 1 })
        return model ?? null
      }),
      'find api key': fromPromise(
        async ({ input }: { input: { userId: string; provider: string } }) => {
          const row = await storedKey(input.userId, input.provider)
          return row ? decodeApiKey(row.apiKeyEncrypted) : null
        },
      ),
      'call model': fromPromise(({ input, signal }) =>
        sendChat(input, { baseUrls: options.providerBaseUrls, fetch: options.fetch, signal }),
      ),
    },
    actions: { notify, 'log error': logError },
  })

  const keyManager = apiKeysMachine.provide({
    actors: {
      'load keys': fromPromise(async () => {
        const rows = await keys.list({ where: { userId: currentUserId() } })
        const saved: SavedKeys = {}
        for (const row of rows) {
          const provider = row.provider.toLowerCase() as ProviderName
          const key = decodeApiKey(row.apiKeyEncrypted)
          // A stored key that cannot be decoded is skipped.
          if (key !== null && KEY_PROVIDERS.includes(provider)) saved[provider] = key
        }
        return saved
      }),
      'save key': fromPromise(
        async ({ input }: { input: { provider: ProviderName; apiKey: string } }) => {
          const userId = currentUserId()
          const apiKeyEncrypted = encodeApiKey(input.apiKey)
          const time = now()
          const existing = await storedKey(userId, input.provider)
          const updatedAt = new Date(time).toISOString()
          if (existing) {
            await keys.update(existing.id, { apiKeyEncrypted, updatedAt })
            return
          }
          await keys.create({
            id: apiKeyId(userId, input.provider, time),
            userId,
            provider: input.provider,
            apiKeyEncrypted,
            createdAt: updatedAt,
            updatedAt,
          })
        },
      ),
    },
    actions: { notify, 'log error': logError },
  })

  // Picking a model is routed to the chat by the app machine; only key management is an effect.
  const modelPicker = modelPickerMachine.provide({ actors: { 'manage keys': keyManager } })

  return { chat, modelPicker }
}
