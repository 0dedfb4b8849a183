import type { ConversationShare, SharedConversation } from '../domain/shared-conversation'
import type { DbClient } from '../platform/db-client'

// Share links (docs/product/conversations.md#share-by-link). The snapshot, its lookup and the
// copy are the database's (db/migrations/shared-conversations.ts); row-level security holds.

/** The conversation's links, newest first. */
export function listShares(db: DbClient, conversationId: string): Promise<ConversationShare[]> {
  return db.table<ConversationShare>('sharedConversations').list({
    select: ['id', 'conversationId', 'title', 'messageCount', 'createdAt'],
    where: { conversationId },
    orderBy: { createdAt: 'desc' },
  })
}

/** A new link to the conversation's current path as it is now. */
export async function shareConversation(
  db: DbClient,
  conversationId: string,
): Promise<ConversationShare> {
  const [share] = await db.sql<ConversationShare>('select * from share_conversation($1)', [
    conversationId,
  ])
  if (!share) throw new Error('The database made no link')
  return share
}

/** The link stops working at once: its snapshot is deleted. */
export function revokeShare(db: DbClient, id: string): Promise<void> {
  return db.table('sharedConversations').delete(id)
}

/** What a link shows, or null when it shows nothing (revoked, or never made). */
export async function readSharedConversation(
  db: DbClient,
  id: string,
): Promise<SharedConversation | null> {
  const [shared] = await db.sql<SharedConversation>('select * from shared_conversation($1)', [id])
  return shared ?? null
}

/** A signed-in visitor's copy of the snapshot, as a new conversation of theirs: its id. */
export async function continueSharedConversation(db: DbClient, id: string): Promise<string> {
  const [row] = await db.sql<{ conversationId: string }>(
    'select continue_shared_conversation($1) as conversation_id',
    [id],
  )
  if (!row?.conversationId) throw new Error('The database made no copy')
  return row.conversationId
}
