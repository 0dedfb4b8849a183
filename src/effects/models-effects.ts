import { fromPromise } from 'xstate'
import { decodeApiKey } from '../domain/api-key-encoding'
import type { ChatModel } from '../domain/chat-model'
import { modelsMachine } from '../machines/models.machine'
import type { Notice } from '../machines/notice'
import type { KeyValueStorage } from '../platform/index'
import { apiKeyRows } from './api-key-rows'
import { deferredActors } from './deferred-logic'
import type { KeyManagementActors, KeyManagementOptions } from './key-management-effects'
import type { modelServerEffects } from './model-servers'
import { logError, showToast } from './notify'

/**
 * Where the user's last model pick is kept: a per-browser UI preference, like the theme
 * (docs/product/data.md#local-storage-keys), so it needs no table, grant or policy.
 */
export const selectedModelKey = (userId: string) => `selectedModel:${userId}`

export interface ModelsEffectsOptions extends KeyManagementOptions {
  /** The browser's local storage: the model each user last picked. */
  storage: KeyValueStorage
}

/** The models actor's effects: the list, the remembered pick, and key and server management. */
export function provideModels(options: ModelsEffectsOptions) {
  const { platform, currentUserId } = options
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const models = platform.db.table<ChatModel>('aiModels')
  const keys = apiKeyRows(platform)
  // The user's OpenAI-compatible servers (docs/product/servers.md): their code loads beside
  // the first read of the models, not with the page (docs/performance.md, "Split").
  let serverEffects: Promise<ReturnType<typeof modelServerEffects>> | undefined
  const servers = () => {
    serverEffects ??= import('./model-servers').then((m) => m.modelServerEffects(options))
    return serverEffects
  }

  // Key and server management load with the dialog (docs/performance.md, "Split"): the
  // machine starts them only after its `load key management` step has filled these.
  const keyManagement = deferredActors<KeyManagementActors>(['manage keys', 'manage servers'])

  return modelsMachine.provide({
    actors: {
      // A server's models follow the hosted ones; a server that fails only drops its own.
      'load models': fromPromise(async () => {
        const serverModels = servers()
        return [
          ...(await models.list()),
          ...(await (await serverModels).listServerModels(currentUserId())),
        ]
      }),
      'recall model': fromPromise(async ({ input }: { input: { userId: string } }) =>
        options.storage.getItem(selectedModelKey(input.userId)),
      ),
      // Only keys that decode count, as in the key dialog.
      'load key providers': fromPromise(async ({ input }: { input: { userId: string } }) => {
        const rows = await keys.ofUser(input.userId)
        return rows
          .filter((row) => decodeApiKey(row.apiKeyEncrypted) !== null)
          .map((row) => row.provider)
          .concat(await (await servers()).serverProviders(input.userId)) // usable, key or not
      }),
      'load key management': fromPromise(async () => {
        const { provideKeyManagement } = await import('./key-management-effects')
        keyManagement.fill(provideKeyManagement(options))
      }),
      ...keyManagement.logic,
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
