import type { ChatMessage } from './chat-message'

/** Where a turn is sent, and after what: the open conversation's facts at the send. */
export interface SendTarget {
  /** The open conversation; null for a new chat, whose first message creates it. */
  conversationId: string | null
  /** Its messages before the new one, oldest first; the context takes the newest of them. */
  earlier: readonly ChatMessage[]
  /**
   * The message the new one follows in the conversation's tree (docs/product/conversations.md#branches):
   * the last on screen for a send, the edited message's parent for an edit; null for a first.
   */
  parentId: string | null
  /**
   * The page on screen starts later in the path than the context reaches back: the turn reads
   * the newest earlier messages from the stored path instead (docs/product/conversations.md,
   * "Long conversations"). Absent: `earlier` is enough.
   */
  readEarlier?: boolean
}
