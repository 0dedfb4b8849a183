import type { ChatMessage } from './chat-message'

/**
 * A page of a conversation's history (docs/product/conversations.md, "Long conversations"):
 * its messages oldest first, and whether older ones are still unread.
 */
export interface HistoryPage {
  messages: ChatMessage[]
  hasOlder: boolean
}

/**
 * An older page put before the messages on screen: a message already there (a page boundary
 * read twice) is not shown twice.
 */
export function withOlderPage(older: ChatMessage[], shown: ChatMessage[]): ChatMessage[] {
  const ids = new Set(shown.map((message) => message.id))
  return [...older.filter((message) => !ids.has(message.id)), ...shown]
}
