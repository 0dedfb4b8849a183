import { fromPromise } from 'xstate'
import { decodeApiKey, encodeApiKey } from '../domain/api-key-encoding'
import type { ProviderName } from '../domain/chat-types'
import { apiKeyId } from '../domain/message-ids'
import { apiKeysMachine, KEY_PROVIDERS, type SavedKeys } from '../machines/api-keys.machine'
import { keyTestMachine } from '../machines/key-test.machine'
import type { Notice } from '../machines/notice'
import type { PlatformClient } from '../platform/index'
import { DEFAULT_BASE_URLS } from '../providers/base-urls'
import type { ProviderBaseUrls } from '../providers/provider-call'
import { apiKeyRows } from './api-key-rows'
import { provideServersManager } from './model-servers-manager'
import { logError, showToast } from './notify'

export interface KeyManagementOptions {
  platform: PlatformClient
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  providerBaseUrls: Partial<ProviderBaseUrls>
  /** Key tests and the user's servers go through this fetch (tests); the global one by default. */
  fetch?: typeof fetch
  notify?: (notice: Notice) => void
  now?: () => number
}

/** What 'Manage API Keys' starts: the keys, each with its Test, and the servers section. */
export type KeyManagementActors = {
  'manage keys': ReturnType<typeof apiKeysMachine.provide>
  'manage servers': ReturnType<typeof provideServersManager>
}

/**
 * Key and server management on the SDK and the providers: its own chunk, loaded when
 * 'Manage API Keys' first opens (docs/performance.md, "Split").
 */
export function provideKeyManagement(options: KeyManagementOptions): KeyManagementActors {
  const { platform, currentUserId } = options
  const now = options.now ?? Date.now
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const keys = apiKeyRows(platform)

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

  return { 'manage keys': keyManager, 'manage servers': provideServersManager(options) }
}
