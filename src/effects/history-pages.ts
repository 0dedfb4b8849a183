import type { ChatMessage } from '../domain/chat-message'
import type { HistoryPage } from '../domain/history-page'
import type { TableClient } from '../platform/index'

/** The page size of a conversation's history (docs/product/limits.md, "Chat"). */
export const HISTORY_LIMIT = 100

/** Newest first, the id deciding between messages of the same millisecond. */
const NEWEST_FIRST = [{ createdAt: 'desc' }, { id: 'desc' }] as const

/**
 * The page a conversation opens with: its newest 100 messages, oldest first
 * (docs/product/conversations.md, "Long conversations"). A conversation that fits in one page
 * is read once, oldest first, as the spec asks; a longer one is read again from the newest end.
 */
export async function readNewestPage(
  messages: TableClient<ChatMessage>,
  userId: string,
  conversationId: string,
): Promise<HistoryPage> {
  const oldestFirst = await messages.list({
    where: { userId, conversationId },
    orderBy: { createdAt: 'asc' },
    limit: HISTORY_LIMIT,
  })
  if (oldestFirst.length < HISTORY_LIMIT) return { messages: oldestFirst, hasOlder: false }
  return readOlderPage(messages, userId, conversationId, null)
}

/**
 * The 100 messages before `beforeId` (the oldest on screen; null: from the newest), oldest
 * first. Keyset paging on time and id: the platform reads a row's id as the position, so
 * messages sent meanwhile never shift a page (docs/architecture.md, "Paging with a cursor").
 */
export async function readOlderPage(
  messages: TableClient<ChatMessage>,
  userId: string,
  conversationId: string,
  beforeId: string | null,
): Promise<HistoryPage> {
  // One more than a page, to know whether there is more without asking again.
  const newestFirst = await messages.list({
    where: { userId, conversationId },
    orderBy: NEWEST_FIRST,
    limit: HISTORY_LIMIT + 1,
    ...(beforeId === null ? {} : { cursor: beforeId }),
  })
  return {
    messages: newestFirst.slice(0, HISTORY_LIMIT).reverse(),
    hasOlder: newestFirst.length > HISTORY_LIMIT,
  }
}
