import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { decodeApiKey, encodeApiKey } from '../domain/api-key-encoding'
import type { ProviderName } from '../domain/chat-types'
import type { Conversation } from '../domain/conversation'
import { apiKeyId } from '../domain/message-ids'
import { isServerProvider, parseServerModelId } from '../domain/server-models'
import { apiKeysMachine, KEY_PROVIDERS, type SavedKeys } from '../machines/api-keys.machine'
import {
  type ChatMessage,
  type ChatModel,
  chatMachine,
  type StreamReplyInput,
} from '../machines/chat.machine'
import { keyTestMachine } from '../machines/key-test.machine'
import { modelPickerMachine } from '../machines/model-picker.machine'
import type { Notice } from '../machines/notice'
import type { KeyValueStorage, PlatformClient } from '../platform/index'
import { DEFAULT_BASE_URLS } from '../providers/base-urls'
import type { ProviderBaseUrls } from '../providers/provider-call'
import { ChatStreamError } from '../providers/stream-errors'
import { type EarlyHistory, readHistory } from './early-history'
import { modelServerEffects } from './model-servers'
import { logError, showToast } from './notify'

/**
 * Where the user's last model pick is kept: a per-browser UI preference, like the theme
 * (docs/product/data.md#local-storage-keys), so it needs no table, grant or policy.
 */
export const selectedModelKey = (userId: string) => `selectedModel:${userId}`

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
  /** The browser's local storage: the model each user last picked. */
  storage: KeyValueStorage
  /** Provider calls go through this fetch (tests); the global one by default. */
  fetch?: typeof fetch
  /** A linked history asked for at sign-in, which the first load takes. */
  earlyHistory?: EarlyHistory
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
  const conversations = platform.db.table<Conversation>('conversations')

  const keyRows = (userId: string) => keys.list({ where: { userId } })
  // The user's OpenAI-compatible servers (docs/product/servers.md).
  const servers = modelServerEffects(options)

  const storedKey = async (userId: string, provider: string) => {
    const rows = await keys.list({ where: { userId, provider }, limit: 1 })
    return rows[0] ?? null
  }

  const chat = chatMachine.provide({
    actors: {
      // docs/product/conversations.md: the history of one conversation.
      // A read asked for at sign-in is taken once; if it failed, the chat reads again.
      'load history': fromPromise(
        async ({ input }: { input: { userId: string; conversationId: string | null } }) => {
          const { userId, conversationId } = input
          if (conversationId === null) return []
          const read = () => readHistory(messages, userId, conversationId)
          const early = options.earlyHistory?.take(userId, conversationId)
          return early ? early.catch(read) : read()
        },
      ),
      'create conversation': fromPromise(
        async ({
          input,
        }: {
          input: { id: string; userId: string; title: string; createdAt: string }
        }) => {
          await conversations.create({ ...input, updatedAt: input.createdAt })
        },
      ),
      // A server's models follow the hosted ones; a server that fails only drops its own.
      'load models': fromPromise(async () => [
        ...(await models.list()),
        ...(await servers.listServerModels(currentUserId())),
      ]),
      'recall model': fromPromise(async ({ input }: { input: { userId: string } }) =>
        options.storage.getItem(selectedModelKey(input.userId)),
      ),
      // Only keys that decode count, as in the key dialog.
      'load key providers': fromPromise(async ({ input }: { input: { userId: string } }) => {
        const rows = await keyRows(input.userId)
        return rows
          .filter((row) => decodeApiKey(row.apiKeyEncrypted) !== null)
          .map((row) => row.provider)
          .concat(await servers.serverProviders(input.userId)) // usable, key or not
      }),
      'save message': fromPromise(async ({ input }: { input: ChatMessage }) => {
        // The database moves the conversation's activity time forward (db/migrations/conversations.ts).
        await messages.create(input)
      }),
      'find model': fromPromise(async ({ input }: { input: { modelId: string } }) => {
        if (parseServerModelId(input.modelId)) return servers.findServerModel(input.modelId)
        const [model] = await models.list({ where: { id: input.modelId }, limit: 1 })
        return model ?? null
      }),
      'find api key': fromPromise(
        async ({ input }: { input: { userId: string; provider: string } }) => {
          // A server's key may be '' (it takes none); a hosted provider's is a key or null.
          if (isServerProvider(input.provider)) {
            return servers.serverKey(input.userId, input.provider)
          }
          const row = await storedKey(input.userId, input.provider)
          return (row && decodeApiKey(row.apiKeyEncrypted)) || null
        },
      ),
      'stream reply': fromCallback<EventObject, StreamReplyInput>(({ input, sendBack }) => {
        const controller = new AbortController()
        // A model on the user's own server is sent to that server (docs/product/servers.md).
        servers
          .resolveServerRequest(input)
          .then(async (request) => {
            // The providers' adapters load on the first send, not with the first paint
            // (docs/performance.md, "Split").
            const { sendChat } = await import('../providers/send-chat')
            return sendChat(request, {
              baseUrls: options.providerBaseUrls,
              fetch: options.fetch,
              signal: controller.signal,
              onDelta: (text) => sendBack({ type: 'reply.delta', text }),
            })
          })
          .then(
            (result) => sendBack({ type: 'reply.done', result }),
            (error: unknown) => {
              // Stopped on purpose: the machine has moved on and keeps what it has.
              if (controller.signal.aborted) return
              const cut = error instanceof ChatStreamError ? error : null
              sendBack({
                type: 'reply.failed',
                error,
                partial: cut?.partial ?? '',
                usage: cut?.usage ?? null,
              })
            },
          )
        return () => controller.abort()
      }),
      'save reply': fromPromise(
        async ({ input }: { input: { message: ChatMessage; replaces: boolean } }) => {
          const { id, ...reply } = input.message
          if (input.replaces) await messages.update(id, reply)
          else await messages.create(input.message)
        },
      ),
    },
    actions: {
      notify,
      'log error': logError,
      'remember model': (_, { userId, modelId }: { userId: string; modelId: string }) => {
        // A browser that refuses storage (private mode, quota) only loses the preference.
        try {
          if (userId) options.storage.setItem(selectedModelKey(userId), modelId)
        } catch (error) {
          logError(undefined, { error })
        }
      },
    },
  })

  // docs/product/behaviour.md#test-a-key: the provider's model list, with the key in the row.
  const keyTest = keyTestMachine.provide({
    actors: {
      'check key': fromPromise(async ({ input }) => {
        const { checkProviderKey } = await import('../providers/check-provider-key')
        return checkProviderKey({
          ...input,
          baseUrl: options.providerBaseUrls[input.provider] || DEFAULT_BASE_URLS[input.provider],
          fetch: options.fetch,
        })
      }),
    },
  })

  const keyManager = apiKeysMachine.provide({
    actors: {
      'key test': keyTest,
      'load keys': fromPromise(async () => {
        const rows = await keyRows(currentUserId())
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
  const modelPicker = modelPickerMachine.provide({
    actors: { 'manage keys': keyManager, 'manage servers': servers.manager },
  })

  return { chat, modelPicker }
}
