import type { ChatMessage } from '../domain/chat-message'
import type { HistoryPage } from '../domain/history-page'
import type { SqlClient } from '../platform/index'

/** The page size of a conversation's history (docs/product/limits.md, "Chat"). */
export const HISTORY_LIMIT = 100

/**
 * A page of the path ending at `$2` (null: the conversation’s current leaf), oldest first,
 * each message with its versions. The walk and its bound live in the database
 * (db/migrations/conversation-tree.ts); row-level security holds.
 */
export const PATH_PAGE =
  // Each message's files in order (docs/product/attachments.md#in-the-history).
  'select m.*, p.versions, message_attachments(m) as attachments ' +
  'from chat_path($1, $2, $3) p join chat_messages m using (id) ' +
  'where m.user_id = auth_uid() and m.conversation_id = $1 order by p.step desc'

export type PathRow = ChatMessage & { versions?: string[] }

/** Rows as read by PATH_PAGE, into a page: the versions apart from the rows. */
export function pageOf(rows: PathRow[]): HistoryPage {
  const versions: Record<string, string[]> = {}
  const messages = rows.map(({ versions: ids, ...message }) => {
    if (ids && ids.length > 1) versions[message.id] = ids
    return message
  })
  return { messages, hasOlder: (messages[0]?.parentId ?? null) !== null, versions }
}

/**
 * A page of a conversation's current branch, oldest first (docs/product/conversations.md,
 * "Long conversations"): with `endingAt` null, the newest 100 messages, which it opens with;
 * with the parent of the oldest message on screen, the 100 before it. A branch only grows at
 * its end, so messages sent meanwhile never shift a page. A turn's context reads `count` 10.
 */
export async function readPage(
  db: SqlClient,
  conversationId: string,
  endingAt: string | null = null,
  count = HISTORY_LIMIT,
): Promise<HistoryPage> {
  return pageOf(await db.sql<PathRow>(PATH_PAGE, [conversationId, endingAt, count]))
}
