import type { ActivePrompt, PromptRow } from '../domain/prompt-types'
import type { DbClient } from '../platform/db-client'

/**
 * The prompt operations the session needs from its first paint (docs/product/calls.md, "Data
 * operations"): the active system prompt, read and switched, for one signed-in user, over the
 * platform database. The lists load with the extras that show them (prompt-lists.ts).
 */
export function createPromptData(db: DbClient, userId: () => string, now: () => number = Date.now) {
  const prompts = db.table<PromptRow>('prompts')

  return {
    async loadActive(): Promise<ActivePrompt | null> {
      const [row] = await prompts.list({
        where: { userId: userId(), type: 'system', isActive: '1' },
        limit: 1,
      })
      return row ? { id: row.id, title: row.title, content: row.content } : null
    },

    /**
     * Every other system prompt of the user off, then the chosen one on, in one transaction.
     * The partial unique index `prompts_one_active_system` refuses a racing second activation.
     */
    async activate(promptId: string) {
      const me = userId()
      const [, chosen] = await db.batch([
        {
          query: `update prompts set is_active = '0', updated_at = now()
            where user_id = $1 and type = 'system' and is_active = '1' and id <> $2
            and exists (select 1 from prompts where id = $2 and user_id = $1 and type = 'system')`,
          params: [me, promptId],
        },
        {
          query: `update prompts set is_active = '1', updated_at = now()
            where id = $2 and user_id = $1 and type = 'system' returning id`,
          params: [me, promptId],
        },
      ])
      if (!chosen?.rows.length) throw new Error('Record with id not found')
    },

    deactivate(promptId: string) {
      return prompts.update(promptId, { isActive: '0', updatedAt: new Date(now()).toISOString() })
    },
  }
}

export type PromptData = ReturnType<typeof createPromptData>
