import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import { decodeApiKey, encodeApiKey } from '../domain/api-key-encoding'
import { apiKeyId } from '../domain/message-ids'
import { parseStyleConfig, STYLE_CONFIG_STORAGE_KEY } from '../domain/style-config'
import { apiKeysMachine, KEY_PROVIDERS, type SavedKeys } from '../machines/api-keys.machine'
import type { authMachine } from '../machines/auth.machine'
import {
  type ChatMessage,
  type ChatModel,
  chatMachine,
  type Notice,
} from '../machines/chat.machine'
import { modelPickerMachine } from '../machines/model-picker.machine'
import type { PlatformClient } from '../platform/index'
import type { ProviderBaseUrls, ProviderName } from '../providers/chat-types'
import { sendChat } from '../providers/send-chat'
import type { BrowserEnv } from './browser-env'
import { logError, showToast } from './notify'

/** Spec §4: the history shown at start. */
export const HISTORY_LIMIT = 100

interface ApiKeyRow {
  id: string
  userId: string
  provider: string
  apiKeyEncrypted: string
  createdAt?: string
  updatedAt?: string
}

interface ChatActorsOptions {
  platform: PlatformClient
  env: BrowserEnv
  auth: ActorRefFrom<typeof authMachine>
  providerBaseUrls: Partial<ProviderBaseUrls>
  /** Provider calls go through this fetch (tests); the global one by default. */
  fetch?: typeof fetch
  notify?: (notice: Notice) => void
  now?: () => number
}

/** The chat, model picker and key management actors, with their effects on the SDK. */
export function createChatActors(options: ChatActorsOptions) {
  const { platform, env, auth } = options
  const now = options.now ?? Date.now
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const models = platform.db.table<ChatModel>('aiModels')
  const messages = platform.db.table<ChatMessage>('chatMessages')
  const keys = platform.db.table<ApiKeyRow>('userApiKeys')
  const currentUserId = () => {
    const user = auth.getSnapshot().context.user
    if (!user) throw new Error('Not authenticated')
    return user.id
  }

  const storedKey = async (userId: string, provider: string) => {
    const rows = await keys.list({ where: { userId, provider }, limit: 1 })
    return rows[0] ?? null
  }

  const chat = createActor(
    chatMachine.provide({
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
    }),
    {
      input: {
        display: parseStyleConfig(env.storage.getItem(STYLE_CONFIG_STORAGE_KEY)),
        now,
      },
    },
  )

  const keyManager = apiKeysMachine.provide({
    actors: {
      'load keys': fromPromise(async () => {
        const rows = await keys.list({ where: { userId: currentUserId() } })
        const saved: SavedKeys = {}
        for (const row of rows) {
          const provider = row.provider.toLowerCase() as ProviderName
          const key = decodeApiKey(row.apiKeyEncrypted)
          // Spec §5: a stored key that cannot be decoded is skipped.
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

  const modelPicker = createActor(
    modelPickerMachine.provide({
      actors: { 'manage keys': keyManager },
      actions: {
        'choose model': (_, { modelId }: { modelId: string }) =>
          chat.send({ type: 'model.select', modelId }),
      },
    }),
  )

  // The chat follows the session: a signed-in user's history and models load, sign-out clears.
  let sessionUser: string | null = null
  auth.subscribe((snapshot) => {
    const userId = snapshot.hasTag('signedIn') ? (snapshot.context.user?.id ?? null) : null
    if (userId === sessionUser) return
    if (sessionUser) chat.send({ type: 'session.ended' })
    sessionUser = userId
    if (userId) chat.send({ type: 'session.started', userId })
  })

  return { chat, modelPicker }
}
