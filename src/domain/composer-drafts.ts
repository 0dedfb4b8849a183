/**
 * What the user typed and has not sent, per conversation, kept in this browser until it is
 * sent (docs/product/conversations.md#unsent-text). The key is the conversation's id, or ''
 * for a new chat; the most recently typed-in is last.
 */
export type ComposerDrafts = Readonly<Record<string, string>>

/** The conversations whose unsent text is kept; typing in another forgets the oldest. */
export const MAX_COMPOSER_DRAFTS = 50

export const draftKey = (conversationId: string | null): string => conversationId ?? ''

/** `drafts` with `text` kept for `key` as the newest, or forgotten when it is blank. */
export function keepDraft(drafts: ComposerDrafts, key: string, text: string): ComposerDrafts {
  const { [key]: _previous, ...others } = drafts
  const entries = Object.entries(others)
  if (text.trim() !== '') entries.push([key, text])
  return Object.fromEntries(entries.slice(-MAX_COMPOSER_DRAFTS))
}

/** Stored text read back: an object of strings, or nothing at all (never throws). */
export function parseComposerDrafts(stored: string | null): ComposerDrafts {
  try {
    const value: unknown = stored === null ? null : JSON.parse(stored)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    const entries = Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    )
    return Object.fromEntries(entries.slice(-MAX_COMPOSER_DRAFTS))
  } catch {
    return {}
  }
}
