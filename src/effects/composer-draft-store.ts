import { type ComposerDrafts, keepDraft, parseComposerDrafts } from '../domain/composer-drafts'
import type { KeyValueStorage } from '../platform/index'

// Unsent text lives in this browser only, one entry per user (docs/product/conversations.md#unsent-text).

const storageKey = (userId: string) => `composerDrafts:${userId}`
/** Messages whose turn could not save them, by conversation, until the next session's start. */
const unsentKey = (userId: string) => `unsentMessages:${userId}`

const read = (storage: KeyValueStorage, key: string) => parseComposerDrafts(storage.getItem(key))

/**
 * Writes them under `key`, or removes the entry when none is left. A full or refused storage
 * keeps only what is on screen: typing goes on, and the text is not logged.
 */
function write(storage: KeyValueStorage, key: string, drafts: ComposerDrafts): void {
  try {
    if (Object.keys(drafts).length === 0) storage.removeItem(key)
    else storage.setItem(key, JSON.stringify(drafts))
  } catch {
    console.warn('Unsent text could not be kept in this browser')
  }
}

/**
 * The unsent text at a session's start. A message whose save failed comes back as the unsent
 * text of its conversation (before what was typed since), so a reload loses nothing; it is
 * then kept as unsent text, written at once, and no longer apart.
 */
export function recallComposerDrafts(storage: KeyValueStorage, userId: string): ComposerDrafts {
  let drafts = read(storage, storageKey(userId))
  const unsent = Object.entries(read(storage, unsentKey(userId)))
  if (unsent.length === 0) return drafts
  for (const [key, text] of unsent) {
    const typed = drafts[key] ?? ''
    drafts = keepDraft(drafts, key, typed.includes(text) ? typed : `${text}\n\n${typed}`.trim())
  }
  write(storage, storageKey(userId), drafts)
  write(storage, unsentKey(userId), {})
  return drafts
}

export function storeComposerDrafts(
  storage: KeyValueStorage,
  userId: string,
  drafts: ComposerDrafts,
): void {
  write(storage, storageKey(userId), drafts)
}

/** Keeps a message its turn could not save, for `key`'s conversation ('' a new chat). */
export function keepUnsentMessage(
  storage: KeyValueStorage,
  userId: string,
  key: string,
  text: string,
): void {
  write(storage, unsentKey(userId), keepDraft(read(storage, unsentKey(userId)), key, text))
}

/** Forgets a message kept unsent, wherever it was kept, once a retry has saved it. */
export function forgetUnsentMessage(storage: KeyValueStorage, userId: string, text: string): void {
  const unsent = read(storage, unsentKey(userId))
  const left = Object.entries(unsent).filter(([, kept]) => kept !== text)
  if (left.length < Object.keys(unsent).length)
    write(storage, unsentKey(userId), Object.fromEntries(left))
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
