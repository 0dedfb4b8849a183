import type { LibraryFilter, PromptMark } from '../domain/prompt-marks'
import type { LibraryPrompt, LibraryTab, PromptRow } from '../domain/prompt-types'
import type { DbClient } from '../platform/db-client'

/** One row per user and prompt: a second write merges into it. */
const BY_PROMPT = { onConflict: 'userId,promptId' } as const

/**
 * The user's favourites and tags (docs/product/screens.md#favourites-and-tags), over the
 * `prompt_marks` table, which is each user's own by row-level security.
 */
export function createMarksData(db: DbClient, userId: () => string, now: () => number) {
  const marks = db.table<PromptMark & { updatedAt: string }>('promptMarks')

  return {
    /**
     * The prompts with the user's marks on them. A failed read leaves them unmarked, as a
     * failed rating read leaves them unrated (docs/product/errors.md, "Silent failures").
     */
    async withMarks(prompts: LibraryPrompt[]): Promise<LibraryPrompt[]> {
      if (!prompts.length) return prompts
      let rows: PromptMark[] = []
      try {
        rows = await marks.list({
          where: { userId: userId(), promptId: { in: prompts.map((p) => p.id) } },
        })
      } catch (error) {
        console.error('Failed to load favourites and tags', error)
      }
      const byPrompt = new Map(rows.map((row) => [row.promptId, row]))
      return prompts.map((prompt) => {
        const mark = byPrompt.get(prompt.id)
        return { ...prompt, favourite: mark?.favourite ?? false, tags: mark?.tags ?? [] }
      })
    },

    /** A tab's prompts narrowed by the filter, found by the database (newest first). */
    markedPrompts(tab: LibraryTab, filter: LibraryFilter): Promise<PromptRow[]> {
      return db.sql<PromptRow>('select * from marked_prompts($1, $2, $3)', [
        tab,
        filter.favourites,
        filter.tag,
      ])
    },

    /** Stars or unstars a prompt, or sets its tags; the other half of the mark stays. */
    saveMark(promptId: string, patch: Partial<Pick<PromptMark, 'favourite' | 'tags'>>) {
      return marks.upsert(
        { userId: userId(), promptId, ...patch, updatedAt: new Date(now()).toISOString() },
        BY_PROMPT,
      )
    },
  }
}
