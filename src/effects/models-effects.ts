import { fromPromise } from 'xstate'
import { decodeApiKey, encodeApiKey } from '../domain/api-key-encoding'
import type { ChatModel } from '../domain/chat-model'
import type { ProviderName } from '../domain/chat-types'
import { apiKeyId } from '../domain/message-ids'
import { apiKeysMachine, KEY_PROVIDERS, type SavedKeys } from '../machines/api-keys.machine'
import { keyTestMachine } from '../machines/key-test.machine'
import { modelsMachine } from '../machines/models.machine'
import type { Notice } from '../machines/notice'
import type { KeyValueStorage, PlatformClient } from '../platform/index'
import { DEFAULT_BASE_URLS } from '../providers/base-urls'
import type { ProviderBaseUrls } from '../providers/provider-call'
import { apiKeyRows } from './api-key-rows'
import { modelServerEffects } from './model-servers'
import { logError, showToast } from './notify'

/**
 * Where the user's last model pick is kept: a per-browser UI preference, like the theme
 * (docs/product/data.md#local-storage-keys), so it needs no table, grant or policy.
 */
export const selectedModelKey = (userId: string) => `selectedModel:${userId}`

export interface ModelsEffectsOptions {
  platform: PlatformClient
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  providerBaseUrls: Partial<ProviderBaseUrls>
  /** The browser's local storage: the model each user last picked. */
  storage: KeyValueStorage
  /** Key tests and the user's servers go through this fetch (tests); the global one by default. */
  fetch?: typeof fetch
  notify?: (notice: Notice) => void
  now?: () => number
}

/** The models actor's effects: the list, the remembered pick, and key and server management. */
export function provideModels(options: ModelsEffectsOptions) {
  const { platform, currentUserId } = options
  const now = options.now ?? Date.now
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const models = platform.db.table<ChatModel>('aiModels')
  const keys = apiKeyRows(platform)
  // The user's OpenAI-compatible servers (docs/product/servers.md).
  const servers = modelServerEffects(options)

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
        const rows = await keys.ofUser(currentUserId())
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
          const existing = await keys.stored(userId, input.provider)
          const updatedAt = new Date(time).toISOString()
          if (existing) {
            await keys.table.update(existing.id, { apiKeyEncrypted, updatedAt })
            return
          }
          await keys.table.create({
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

  return modelsMachine.provide({
    actors: {
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
        const rows = await keys.ofUser(input.userId)
        return rows
          .filter((row) => decodeApiKey(row.apiKeyEncrypted) !== null)
          .map((row) => row.provider)
          .concat(await servers.serverProviders(input.userId)) // usable, key or not
      }),
      'manage keys': keyManager,
      'manage servers': servers.manager,
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
}
