import { CONVERSATION_PARAM } from './conversation-link'

/** A row of `conversations` (docs/product/data.md): one chat thread of one user. */
export interface Conversation {
  id: string
  userId: string
  title: string
  createdAt: string
  /** The time of the newest message in it (its creation time while it has none). */
  updatedAt: string
  /** Kept at the top of the list (docs/product/conversations.md#pins-and-folders); false when absent. */
  pinned?: boolean
  /** The user's folder it is in; none when null or absent. */
  folderId?: string | null
}

/** The title of a conversation nobody has written in yet (docs/product/conversations.md). */
export const NEW_CHAT_TITLE = 'New chat'
/** A title taken from the first message keeps at most this many characters. */
export const DERIVED_TITLE_MAX = 60
/** A title the user types keeps at most this many characters. */
export const TITLE_MAX = 100

export const TITLE_EMPTY_MESSAGE = 'Title cannot be empty'
export const TITLE_TOO_LONG_MESSAGE = `Title must be at most ${TITLE_MAX} characters`

/** A conversation the app creates is `conv_{time}`, time in ms since the epoch (docs/product/data.md). */
export function conversationId(nowMs: number): string {
  return `conv_${nowMs}`
}

/** Characters as the user counts them (code points, not UTF-16 halves). */
const characters = (text: string) => Array.from(text)

/**
 * The title a conversation gets from its first message: the first line with text, trimmed,
 * cut to 60 characters; 'New chat' when the message has no text. The schema migration that
 * moved old history into conversations applies the same rule in SQL (db/migrations/conversations.ts).
 */
export function titleFromMessage(content: string): string {
  const firstLine = content.trim().split('\n')[0]?.trim() ?? ''
  const title = characters(firstLine).slice(0, DERIVED_TITLE_MAX).join('').trim()
  return title || NEW_CHAT_TITLE
}

export type TitleCheck = { ok: true; title: string } | { ok: false; message: string }

/** A title the user typed: trimmed, not empty, at most 100 characters. */
export function checkTitle(input: string): TitleCheck {
  const title = input.trim()
  if (!title) return { ok: false, message: TITLE_EMPTY_MESSAGE }
  if (characters(title).length > TITLE_MAX) return { ok: false, message: TITLE_TOO_LONG_MESSAGE }
  return { ok: true, title }
}

/** The address with `?c=<id>` set to the open conversation, or removed for a new chat. */
export function addressWithConversation(href: string, id: string | null): string {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return href
  }
  if (id === null) url.searchParams.delete(CONVERSATION_PARAM)
  else url.searchParams.set(CONVERSATION_PARAM, id)
  return url.href
}

/** Newest activity first; equal times by id, so the order is stable. */
export function byActivity(a: Conversation, b: Conversation): number {
  const newer = Date.parse(b.updatedAt) - Date.parse(a.updatedAt)
  if (newer) return newer
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

/** The later of two times (ISO 8601), as the first one's text when they are equal. */
export function laterTime(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a
}
