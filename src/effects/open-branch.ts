import type { HistoryPage } from '../domain/history-page'
import type { SqlClient } from '../platform/index'
import { HISTORY_LIMIT, PATH_PAGE, type PathRow, pageOf } from './history-pages'

/**
 * Shows another version of a message (docs/product/conversations.md#branches): the
 * conversation's leaf becomes the newest end of that version's branch, remembered, and the
 * newest page of that branch is read, in one transaction.
 */
export async function openBranch(
  db: SqlClient,
  conversationId: string,
  messageId: string,
): Promise<HistoryPage> {
  const [, page] = await db.batch([
    {
      // The walk down runs once; a version that is not in this conversation moves nothing.
      query: `update conversations c set current_leaf_id = branch.leaf
        from (select chat_branch_leaf($1, $2) as leaf) branch
        where c.user_id = auth_uid() and c.id = $1 and branch.leaf is not null`,
      params: [conversationId, messageId],
    },
    { query: PATH_PAGE, params: [conversationId, null, HISTORY_LIMIT] },
  ])
  return pageOf((page?.rows ?? []) as unknown as PathRow[])
}
