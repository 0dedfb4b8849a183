import { type PromptsData, toPromptsData } from '../domain/extension-bridge-messages'
import type { PromptRow } from '../domain/prompt-types'
import { fillPrompt } from '../domain/prompt-variables'
import type { DbClient } from '../platform/db-client'
import type { KeyValueStorage } from '../platform/index'
import { recallValues } from './prompt-values'

export type ExtensionData = ReturnType<typeof createExtensionData>

/** The reads behind the bridge, for one user's prompts. */
export function createExtensionData(
  db: DbClient,
  logError: (message: string, error?: unknown) => void,
  storage?: KeyValueStorage,
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
      const promptsData = toPromptsData(rows, new Map(rated))
      const active = promptsData.activeSystemPrompt
      if (!active) return promptsData
      // The extension puts the active prompt before a new chat as the app's chat context
      // carries it: filled with the values given at activation (docs/product/variables.md).
      const values = storage ? recallValues(storage, userId, active.id) : {}
      return {
        ...promptsData,
        activeSystemPrompt: { ...active, content: fillPrompt(active.content, values) },
      }
    },

    async findPrompt(promptId: string): Promise<PromptRow | null> {
      const [row] = await prompts.list({ where: { id: promptId }, limit: 1 })
      return row ?? null
    },
  }
}
