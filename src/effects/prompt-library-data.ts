import type { PromptFileEntry } from '../domain/prompt-files'
import { linkedRecordId } from '../domain/prompt-ids'
import type { PromptRow } from '../domain/prompt-types'
import type {
  CreateDraft,
  DeleteOutcome,
  EditDraft,
  SaveCopyOutcome,
} from '../machines/prompt-library.machine'
import type { DbClient } from '../platform/db-client'
import { createPrivatePrompt } from './private-prompts'
import type { HideRow, RatingRow } from './prompt-data'

/**
 * The Prompt Library's writes (docs/product/calls.md, "Data operations"), for one signed-in
 * user: create, edit, rate, copy, delete or hide, unhide, export and import. They load with
 * the library, not with the page (docs/performance.md, "Split"); the lists are in
 * prompt-data.ts.
 */
export function createLibraryData(
  db: DbClient,
  userId: () => string,
  now: () => number = Date.now,
) {
  const prompts = db.table<PromptRow>('prompts')
  const ratings = db.table<RatingRow>('promptRatings')
  const hides = db.table<HideRow>('userPromptDeletions')

  return {
    createPrompt(draft: CreateDraft) {
      return prompts.create({
        userId: userId(),
        title: draft.title,
        content: draft.content,
        type: draft.type,
        isPublic: draft.isPublic ? '1' : '0',
        isActive: '0',
        createdAt: new Date(now()).toISOString(),
      })
    },

    /** A prompt that becomes a User prompt is no longer the active system prompt. */
    updatePrompt(edit: EditDraft) {
      return prompts.update(edit.id, {
        title: edit.title,
        content: edit.content,
        type: edit.type,
        isPublic: edit.isPublic ? '1' : '0',
        ...(edit.type === 'user' ? { isActive: '0' } : {}),
        updatedAt: new Date(now()).toISOString(),
      })
    },

    /** One rating per user per prompt: update the one that exists, create otherwise. */
    async ratePrompt(promptId: string, rating: number) {
      const me = userId()
      const [existing] = await ratings.list({ where: { promptId, userId: me }, limit: 1 })
      if (existing) {
        return ratings.update(existing.id, {
          rating: String(rating),
          updatedAt: new Date(now()).toISOString(),
        } as Partial<RatingRow>)
      }
      return ratings.create({
        id: linkedRecordId('rating', me, promptId, now()),
        promptId,
        userId: me,
        rating: String(rating),
      })
    },

    /**
     * Someone else's prompt becomes the user's own, private and inactive; once: a prompt of the
     * user's own with the same type, title and content is that copy already.
     */
    async saveCopy(prompt: PromptRow): Promise<SaveCopyOutcome> {
      // Read by title, so a large library is not read whole for one Save.
      const { type, title } = prompt
      const mine = await prompts.list({ where: { userId: userId(), type, title } })
      if (mine.some((p) => p.content === prompt.content)) {
        return 'alreadySaved'
      }
      await createPrivatePrompt(db, userId(), prompt, now())
      return 'saved'
    },

    /** The owner deletes; anyone else gets a hide record instead. */
    async deleteOrHide(prompt: PromptRow): Promise<DeleteOutcome> {
      const me = userId()
      if (prompt.userId === me) {
        await prompts.delete(prompt.id)
        return 'deleted'
      }
      await hides.create({
        id: linkedRecordId('hide', me, prompt.id, now()),
        userId: me,
        promptId: prompt.id,
      })
      return 'hidden'
    },

    /** Shows a hidden prompt in the user's lists again. */
    async unhide(promptId: string) {
      const rows = await hides.list({ where: { userId: userId(), promptId } })
      await Promise.all(rows.map((row) => hides.delete(row.id)))
    },

    /** Every prompt of the user's own, newest first: what an export writes and an import compares with. */
    listMine(): Promise<PromptRow[]> {
      return prompts.list({ where: { userId: userId() }, orderBy: { createdAt: 'desc' } })
    },

    /**
     * Adds the prompts in one `/batch`, so all of them land or none (docs/product/prompt-files.md#import).
     * Resolves to how many were added. The statement loads with the import (docs/performance.md, "Split").
     */
    async importPrompts(entries: readonly PromptFileEntry[]): Promise<number> {
      if (!entries.length) return 0
      const { importPrompts } = await import('./prompt-import-batch')
      return importPrompts(db, userId(), entries)
    },
  }
}

export type LibraryData = ReturnType<typeof createLibraryData>
