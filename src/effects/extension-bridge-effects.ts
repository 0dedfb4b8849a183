import { fromCallback, fromPromise } from 'xstate'
import type { PageChannel } from '../bridge/parent-window'
import { type PromptsData, toPromptsData } from '../domain/extension-bridge-messages'
import type { PromptRow } from '../domain/prompt-types'
import { extensionBridgeMachine } from '../machines/extension-bridge.machine'
import type { DbClient } from '../platform/db-client'

export interface ExtensionBridgeEffectsOptions {
  /** The page's own message channel (src/bridge/parent-window.ts). */
  channel: PageChannel
  db: DbClient
  logError?: (message: string, error?: unknown) => void
}

/**
 * The extension bridge's effects: the page channel and the prompt reads through the SDK
 * (docs/product/calls.md#extension-bridge). Which request is answered, and how, is the
 * machine's.
 */
export function provideExtensionBridge(options: ExtensionBridgeEffectsOptions) {
  const { channel } = options
  const logError = options.logError ?? ((message, error) => console.error(message, error ?? ''))
  const data = createExtensionData(options.db, logError)
  return extensionBridgeMachine.provide({
    actors: {
      'listen to page': fromCallback(({ sendBack }) =>
        channel.listen(({ origin, data }) => sendBack({ type: 'page.message', origin, data })),
      ),
      'load prompts data': fromPromise(({ input }) => data.loadPromptsData(input.userId)),
      'find prompt': fromPromise(({ input }) => data.findPrompt(input.promptId)),
    },
    actions: {
      'post reply': (_, { message, targetOrigin }) => channel.post(message, targetOrigin),
      'log error': (_, { message }) => logError(message),
    },
  })
}

/** The reads behind the bridge, for one user's prompts. */
export function createExtensionData(
  db: DbClient,
  logError: (message: string, error?: unknown) => void,
) {
  const prompts = db.table<PromptRow>('prompts')
  const ratings = db.table<{ id: string; promptId: string; rating: string }>('promptRatings')

  /** One prompt's ratings; a failed read counts as none (docs/product/errors.md#silent-failures). */
  async function ratingsOf(promptId: string) {
    try {
      return await ratings.list({ where: { promptId } })
    } catch (error) {
      logError('Failed to load ratings', error)
      return []
    }
  }

  return {
    async loadPromptsData(userId: string): Promise<PromptsData> {
      const rows = await prompts.list({ where: { userId }, orderBy: { createdAt: 'desc' } })
      const rated = await Promise.all(
        rows
          .filter((row) => row.type === 'user')
          .map(async (row) => [row.id, await ratingsOf(row.id)] as const),
      )
      return toPromptsData(rows, new Map(rated))
    },

    async findPrompt(promptId: string): Promise<PromptRow | null> {
      const [row] = await prompts.list({ where: { id: promptId }, limit: 1 })
      return row ?? null
    },
  }
}
