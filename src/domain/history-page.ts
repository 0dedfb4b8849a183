import type { ChatMessage } from './chat-message'

/**
 * A page of a conversation's history (docs/product/conversations.md, "Long conversations"):
 * messages of its current branch, oldest first, and whether older ones are still unread.
 */
export interface HistoryPage {
  messages: ChatMessage[]
  hasOlder: boolean
  /**
   * docs/product/conversations.md#branches: for each message of the page that has other
   * versions (an edit, a regeneration), every version's id, oldest first, itself included.
   */
  versions: Versions
}

/** A message's versions, by message id: only those with more than one are listed. */
export type Versions = Readonly<Record<string, readonly string[]>>

/**
 * An older page put before the messages on screen: a message already there (a page boundary
 * read twice) is not shown twice.
 */
export function withOlderPage(older: ChatMessage[], shown: ChatMessage[]): ChatMessage[] {
  const ids = new Set(shown.map((message) => message.id))
  return [...older.filter((message) => !ids.has(message.id)), ...shown]
}

/**
 * A row put on screen among `messages`, the current branch: it takes the place of the row with
 * its id (a retried question, a reply settling); a row beside one on screen (the same parent:
 * an edit, a regeneration) starts a branch there, so what followed leaves the screen; any
 * other comes last (docs/product/conversations.md#branches).
 */
export function placeRow(messages: readonly ChatMessage[], row: ChatMessage): ChatMessage[] {
  const at = messages.findIndex((message) => message.id === row.id)
  if (at !== -1) return messages.map((message, i) => (i === at ? readAgain(message, row) : message))
  const beside =
    row.parentId === undefined
      ? -1
      : messages.findIndex((message) => (message.parentId ?? null) === row.parentId)
  return [...(beside === -1 ? messages : messages.slice(0, beside)), row]
}

/**
 * A row on screen, given again (docs/product/live-sync.md): by the turn, or by the change feed,
 * whose rows carry no files and may be a draft written before the reply that is shown. A draft
 * never goes back over a finished reply, and the files shown stay.
 */
function readAgain(shown: ChatMessage, row: ChatMessage): ChatMessage {
  return row.status === 'streaming' && shown.status !== 'streaming'
    ? shown
    : { ...row, attachments: row.attachments ?? shown.attachments }
}
