import { type ComposerDrafts, parseComposerDrafts } from '../domain/composer-drafts'
import type { KeyValueStorage } from '../platform/index'

// Unsent text lives in this browser only, one entry per user (docs/product/conversations.md#unsent-text).

const storageKey = (userId: string) => `composerDrafts:${userId}`

export function recallComposerDrafts(storage: KeyValueStorage, userId: string): ComposerDrafts {
  return parseComposerDrafts(storage.getItem(storageKey(userId)))
}

/**
 * Writes them, or removes the entry when none is left. A full or refused storage keeps only
 * what is on screen: typing goes on, and the text is not logged.
 */
export function storeComposerDrafts(
  storage: KeyValueStorage,
  userId: string,
  drafts: ComposerDrafts,
): void {
  try {
    if (Object.keys(drafts).length === 0) storage.removeItem(storageKey(userId))
    else storage.setItem(storageKey(userId), JSON.stringify(drafts))
  } catch {
    console.warn('Unsent text could not be kept in this browser')
  }
}

/** At most this far behind, the stored unsent text while the user types (docs/product/limits.md). */
export const DRAFT_WRITE_MS = 300

/**
 * `storeComposerDrafts` for a box typed in: the newest text is written at most every
 * DRAFT_WRITE_MS, so a long text is not rewritten on every key, and at once when the page
 * goes away (`onPageHide`: a reload or a closed tab) or another user's text is handed over.
 */
export function coalescedDraftWriter(
  storage: KeyValueStorage,
  onPageHide: (listener: () => void) => unknown,
  delayMs = DRAFT_WRITE_MS,
) {
  let due: [userId: string, drafts: ComposerDrafts] | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (due) storeComposerDrafts(storage, ...due)
    due = undefined
  }
  onPageHide(flush)
  return (userId: string, drafts: ComposerDrafts) => {
    if (due && due[0] !== userId) flush()
    due = [userId, drafts]
    timer ??= setTimeout(flush, delayMs)
  }
}
