import { ratingSummary } from '../domain/prompt-facts'
import type { LibraryPrompt, PromptRow } from '../domain/prompt-types'
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
 * The prompt lists the extras share (docs/product/calls.md, "Data operations"): the user's own,
 * and any rows with their author and rating. Not in the first paint: they load with the
 * library, the quick menu and the `/` picker (docs/performance.md, "Split").
 */
export function createPromptLists(db: DbClient, userId: () => string) {
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
  }
}

export type PromptLists = ReturnType<typeof createPromptLists>
