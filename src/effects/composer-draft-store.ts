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
