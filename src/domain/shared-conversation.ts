import { SHARE_PARAM } from './shared-conversation-link'

/**
 * A conversation shared by link (docs/product/conversations.md#share-by-link): the owner's
 * links, and the read-only snapshot a link shows.
 */

/** One of the owner's links. */
export interface ConversationShare {
  id: string
  conversationId: string
  /** The conversation's title when the link was made. */
  title: string
  messageCount: number
  createdAt: string
}

/** One message of a snapshot, as the database took it. */
export interface SharedMessage {
  role: 'user' | 'assistant' | 'system'
  /** A reply's model, by name (its id when no name is known). */
  model?: string
  /** ISO 8601. */
  at: string
  content: string
  /** A reply that did not end in full. */
  ended?: 'stopped' | 'interrupted'
  /** A question whose turn failed: why. */
  failure?: string
}

/** What a link shows: the conversation's current path when it was shared, oldest first. */
export interface SharedConversation {
  title: string
  messages: SharedMessage[]
  createdAt: string
}

/** What the page says (docs/product/errors.md#shared-conversations). */
export const SHARE_MESSAGES = {
  notFound: 'Conversation not found',
  notFoundDetail: 'This link was revoked, or it never existed.',
  loadFailed: 'Failed to load the shared conversation',
  continueFailed: 'Failed to continue the conversation',
  listFailed: 'Failed to load your share links',
  createFailed: 'Failed to create the share link',
  revokeFailed: 'Failed to revoke the share link',
  revoked: 'Share link revoked',
  copied: 'Share link copied to clipboard!',
  copyFailed: 'Failed to copy URL',
} as const

/** The link anyone can open: the app's address with `?share=<id>`. */
export function shareLink(origin: string, id: string): string {
  return `${origin}/?${SHARE_PARAM}=${id}`
}
