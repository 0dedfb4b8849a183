import { type EventObject, fromCallback, fromPromise } from 'xstate'
import {
  addressWithConversation,
  type Conversation,
  linkedConversationId,
} from '../domain/conversation'
import { conversationsMachine } from '../machines/conversations.machine'
import type { Notice } from '../machines/notice'
import type { PlatformClient } from '../platform/index'
import type { AddressHistory } from './address-bar'
import { showToast } from './notify'

/** The list shows this many conversations, newest activity first (docs/product/limits.md). */
export const CONVERSATION_LIST_LIMIT = 200

export interface ConversationEffectsOptions {
  platform: PlatformClient
  address: AddressHistory
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  notify?: (notice: Notice) => void
}

/**
 * The conversations list on the SDK's `conversations` table, and the address bar. Row-level
 * security keeps each user to their own rows: another user's conversation is simply not found.
 * Deleting one deletes its messages too (the table's foreign key cascades).
 */
export function provideConversations(options: ConversationEffectsOptions) {
  const { address, currentUserId } = options
  const conversations = options.platform.db.table<Conversation>('conversations')
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)

  return conversationsMachine.provide({
    actors: {
      'read conversation link': fromPromise(async () =>
        linkedConversationId(address.currentHref()),
      ),
      'load conversations': fromPromise(() =>
        conversations.list({
          where: { userId: currentUserId() },
          orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
          limit: CONVERSATION_LIST_LIMIT,
        }),
      ),
      'find conversation': fromPromise(async ({ input }) => {
        const [row] = await conversations.list({
          where: { id: input.id, userId: currentUserId() },
          limit: 1,
        })
        return row ?? null
      }),
      // A rename is no activity: the conversation keeps its place in the list.
      'rename conversation': fromPromise(({ input }) =>
        conversations.update(input.conversation.id, {
          title: input.title,
          updatedAt: input.conversation.updatedAt,
        }),
      ),
      'delete conversation': fromPromise(({ input }) => conversations.delete(input.id)),
      'watch address': fromCallback<EventObject>(({ sendBack }) =>
        address.onHistoryMove(() =>
          sendBack({
            type: 'address.moved',
            conversationId: linkedConversationId(address.currentHref()),
          }),
        ),
      ),
    },
    actions: {
      notify,
      'show in address': (_, { conversationId, push }) => {
        const href = address.currentHref()
        const next = addressWithConversation(href, conversationId)
        if (next === href) return
        if (push) address.pushHref(next)
        else address.replaceHref(next)
      },
    },
  })
}
