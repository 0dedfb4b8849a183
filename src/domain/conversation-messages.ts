/**
 * What the conversations list and the open conversation say when they fail
 * (docs/product/errors.md). Apart from conversation.ts, which the signed-out page loads.
 */
export const CONVERSATION_MESSAGES = {
  loadFailed: 'Failed to load conversations',
  notFound: 'Conversation not found',
  renameFailed: 'Failed to rename conversation',
  deleteFailed: 'Failed to delete conversation',
} as const
