import { fromPromise } from 'xstate'
import type { Conversation } from '../domain/conversation'
import { conversationsMachine } from '../machines/conversations.machine'
import type { Notice } from '../machines/notice'
import type { PlatformClient } from '../platform/index'
import { showToast } from './notify'

/** The list shows this many conversations, the pinned first (docs/product/limits.md). */
export const CONVERSATION_LIST_LIMIT = 200

export interface ConversationEffectsOptions {
  platform: PlatformClient
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  notify?: (notice: Notice) => void
}

/**
 * The conversations list on the SDK's `conversations` table. Row-level
 * security keeps each user to their own rows: another user's conversation is simply not found.
 * Deleting one deletes its messages too (the table's foreign key cascades).
 */
export function provideConversations(options: ConversationEffectsOptions) {
  const { currentUserId } = options
  const conversations = options.platform.db.table<Conversation>('conversations')
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)

  return conversationsMachine.provide({
    actors: {
      'load conversations': fromPromise(() =>
        conversations.list({
          where: { userId: currentUserId() },
          // Pinned first, so no pinned conversation is left out of the list.
          orderBy: [{ pinned: 'desc' }, { updatedAt: 'desc' }, { id: 'desc' }],
          limit: CONVERSATION_LIST_LIMIT,
        }),
      ),
      // A rename is no activity: the conversation keeps its place in the list.
      'rename conversation': fromPromise(({ input }) =>
        conversations.update(input.conversation.id, {
          title: input.title,
          updatedAt: input.conversation.updatedAt,
        }),
      ),
      'delete conversation': fromPromise(({ input }) => conversations.delete(input.id)),
    },
    actions: {
      notify,
    },
  })
}
