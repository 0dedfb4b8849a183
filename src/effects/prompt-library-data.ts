import type { PromptFileEntry } from '../domain/prompt-files'
import { linkedRecordId } from '../domain/prompt-ids'
import { isFiltered, type LibraryFilter, NO_FILTER } from '../domain/prompt-marks'
import type { LibraryList, LibraryPrompt, PromptDraft, PromptRow } from '../domain/prompt-types'
import type {
  CreateDraft,
  DeleteOutcome,
  EditDraft,
  SaveCopyOutcome,
} from '../machines/prompt-library.machine'
import type { AddOutcome } from '../machines/quick-prompts.machine'
import type { DbClient } from '../platform/db-client'
import { addSharedPrompt, createPrivatePrompt, randomSharedHex } from './private-prompts'
import { createPromptLists, type HideRow, type PromptLists, type RatingRow } from './prompt-lists'
import { createMarksData } from './prompt-marks-data'

/** The public list shows at most this many prompts (docs/product/limits.md, "Prompts"). */
export const PUBLIC_LIST_LIMIT = 50

/**
 * The Prompt Library's lists and writes (docs/product/calls.md, "Data operations"), for one signed-in
 * user: create, edit, rate, copy, delete or hide, unhide, export and import; the quick menu's
 * add and remove. They load with
 * the library, not with the page (docs/performance.md, "Split"); the lists are in
 * prompt-data.ts.
 */
export function createLibraryData(
  db: DbClient,
  userId: () => string,
  now: () => number = Date.now,
  /** The session's prompt operations, whose rating summary the lists share. */
  { withRatings }: Pick<PromptLists, 'withRatings'> = createPromptLists(db, userId),
) {
  const prompts = db.table<PromptRow>('prompts')
  const ratings = db.table<RatingRow>('promptRatings')
  const hides = db.table<HideRow>('userPromptDeletions')
  const quick = db.table<{ id: string; userId: string; promptId: string }>('quickPrompts')
  const marks = createMarksData(db, userId, now)

  async function hiddenIds(): Promise<Set<string>> {
    const rows = await hides.list({ where: { userId: userId() } })
    return new Set(rows.map((r) => r.promptId))
  }

  /** A tab's prompts, less the ones the user hid (narrowed by the filter), or the hidden ones. */
  async function listOf(tab: LibraryList, filter: LibraryFilter): Promise<LibraryPrompt[]> {
    if (tab === 'hidden') {
      const ids = [...(await hiddenIds())]
      if (!ids.length) return []
      const rows = await prompts.list({
        where: { id: { in: ids } },
        orderBy: { createdAt: 'desc' },
      })
      return (await withRatings(rows)).map((prompt) => ({ ...prompt, isHidden: true }))
    }
    const where = tab === 'public' ? { isPublic: '1' } : { userId: userId() }
    const [rows, hidden, quickRows] = await Promise.all([
      // Filtered, the database finds every match, not only among the newest 50.
      isFiltered(filter)
        ? marks.markedPrompts(tab, filter)
        : prompts.list({
            where,
            orderBy: { createdAt: 'desc' },
            limit: tab === 'public' ? PUBLIC_LIST_LIMIT : undefined,
          }),
      hiddenIds(),
      // Only for the cards' `In Quick Menu`: unread, the cards do not say it.
      quick.list({ where: { userId: userId() } }).catch(() => []),
    ])
    const inQuickMenu = new Set(quickRows.map((row) => row.promptId))
    return (await withRatings(rows.filter((row) => !hidden.has(row.id)))).map((prompt) => ({
      ...prompt,
      inQuickMenu: inQuickMenu.has(prompt.id),
    }))
  }

  return {
    /**
     * A tab's prompts, less the ones the user hid, narrowed by the filter; or the hidden ones
     * (those still readable: a prompt its author made private or deleted has gone for
     * everyone). Each with the user's star and tags.
     */
    async loadLibrary(tab: LibraryList, filter: LibraryFilter = NO_FILTER) {
      return marks.withMarks(await listOf(tab, filter))
    },

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

    /**
     * Adds the prompts in one `/batch`, so all of them land or none (docs/product/prompt-files.md#import).
     * Resolves to how many were added. The statement loads with the import (docs/performance.md, "Split").
     */
    async importPrompts(entries: readonly PromptFileEntry[]): Promise<number> {
      if (!entries.length) return 0
      const { importPrompts } = await import('./prompt-import-batch')
      return importPrompts(db, userId(), entries)
    },

    /** Into the quick menu, once: a second add of the same prompt says it is there already. */
    async addQuick(promptId: string): Promise<AddOutcome> {
      const me = userId()
      const existing = await quick.list({ where: { userId: me, promptId }, limit: 1 })
      if (existing.length) return 'duplicate'
      await quick.create({ id: linkedRecordId('quick', me, promptId, now()), userId: me, promptId })
      return 'added'
    },

    saveMark: marks.saveMark,

    removeQuick(entryId: string) {
      return quick.delete(entryId)
    },

    /** The quick menu in this order, in one statement (docs/product/screens.md#quick-prompts-panel). */
    reorderQuick(entryIds: string[]) {
      return db.sql('select id from reorder_quick_prompts($1)', [entryIds])
    },

    /** A shared prompt lands private and inactive as `prompt_{time}_{random}` (docs/product/data.md, "Ids"). */
    addShared(prompt: PromptDraft, randomHex: () => string = randomSharedHex) {
      return addSharedPrompt(db, userId(), prompt, now(), randomHex)
    },
  }
}

export type LibraryData = ReturnType<typeof createLibraryData>
