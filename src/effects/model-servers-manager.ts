import { fromPromise } from 'xstate'
import { encodeApiKey } from '../domain/api-key-encoding'
import type { ModelServer } from '../domain/server-models'
import type { ServerSubmission } from '../domain/server-url'
import { modelServersMachine } from '../machines/model-servers.machine'
import type { Notice } from '../machines/notice'
import {
  keyOf,
  type ModelServerEffectsOptions,
  type ModelServerRow,
  modelLister,
} from './model-servers'
import { logError, showToast } from './notify'

/** A server as the section lists it: whether it has a key, never the key. */
const summaryOf = (row: ModelServerRow): ModelServer => ({
  id: row.id,
  name: row.name,
  baseUrl: row.baseUrl,
  hasKey: !!keyOf(row),
})

/**
 * The keys dialog's servers section (docs/product/servers.md): the user's servers listed,
 * checked, added and removed. Loaded with the dialog (key-management-effects.ts).
 */
export function provideServersManager(options: ModelServerEffectsOptions) {
  const { platform, currentUserId } = options
  const now = options.now ?? Date.now
  const notify = options.notify ?? showToast
  const servers = platform.db.table<ModelServerRow>('modelServers')
  const listModels = modelLister(options)

  return modelServersMachine.provide({
    actors: {
      'load servers': fromPromise(async () => {
        const rows = await servers.list({
          where: { userId: currentUserId() },
          orderBy: { createdAt: 'asc' },
        })
        return rows.map(summaryOf)
      }),
      'check server': fromPromise(({ input }: { input: ServerSubmission }) =>
        listModels(input, input.apiKey),
      ),
      'save server': fromPromise(async ({ input }: { input: ServerSubmission }) => {
        const time = new Date(now()).toISOString()
        const row = await servers.create({
          userId: currentUserId(),
          name: input.name,
          baseUrl: input.baseUrl,
          // Written base64-encoded, as API keys are; the database seals it.
          apiKeyEncrypted: input.apiKey ? encodeApiKey(input.apiKey) : null,
          createdAt: time,
          updatedAt: time,
        })
        return { ...summaryOf(row), hasKey: input.apiKey !== '' }
      }),
      'remove server': fromPromise(async ({ input }: { input: { serverId: string } }) => {
        await servers.delete(input.serverId)
      }),
    },
    actions: {
      notify: (_, notice: Notice) => notify(notice),
      'log error': logError,
    },
  })
}
