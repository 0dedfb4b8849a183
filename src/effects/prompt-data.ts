import { ratingSummary } from '../domain/prompt-search'
import type { ActivePrompt, LibraryPrompt, PromptRow } from '../domain/prompt-types'
import type { DbClient } from '../platform/db-client'

/** A row of `prompt_ratings`: one user's stars for one prompt. */
export interface RatingRow {
  id: string
  promptId: string
  userId: string
  rating: string
}

/** A row of `user_prompt_deletions`: a prompt the user hid. */
export interface HideRow {
  id: string
  userId: string
  promptId: string
}

/**
 * The prompt operations the session needs from its first paint (docs/product/calls.md, "Data
 * operations"): the lists and the active prompt, for one signed-in user, over
 * the platform database. The library's own writes load with it (prompt-library-data.ts).
 */
export function createPromptData(db: DbClient, userId: () => string, now: () => number = Date.now) {
  const prompts = db.table<PromptRow>('prompts')
  const ratings = db.table<RatingRow>('promptRatings')

  /**
   * Adds author and rating to rows; a failed rating load counts as no ratings
   * (docs/product/errors.md, "Silent failures").
   */
  async function withRatings(rows: PromptRow[]): Promise<LibraryPrompt[]> {
    const me = userId()
    let all: RatingRow[] = []
    if (rows.length) {
      try {
        all = await ratings.list({ where: { promptId: { in: rows.map((r) => r.id) } } })
      } catch (error) {
        console.error('Failed to load ratings', error)
      }
    }
    return rows.map((row) => ({
      ...row,
      isOwn: row.userId === me,
      ...ratingSummary(all.filter((r) => r.promptId === row.id)),
    }))
  }

  return {
    withRatings,

    /** Every prompt of the user's own, newest first: what the `/` picker offers, an export writes and an import compares with. */
    listMine(): Promise<PromptRow[]> {
      return prompts.list({ where: { userId: userId() }, orderBy: { createdAt: 'desc' } })
    },

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
