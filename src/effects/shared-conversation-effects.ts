import { fromPromise } from 'xstate'
import { CONVERSATION_PARAM } from '../domain/conversation-link'
import { SHARE_MESSAGES } from '../domain/shared-conversation'
import type { Notice } from '../machines/notice'
import { sharedConversationMachine } from '../machines/shared-conversation.machine'
import type { PlatformClient } from '../platform/index'
import { PlatformError } from '../platform/index'
import type { AddressBar } from './address-bar'
import { continueSharedConversation, readSharedConversation } from './conversation-shares'
import { showToast } from './notify'

export interface SharedConversationEffectsOptions {
  platform: PlatformClient
  address: AddressBar
  notify?: (notice: Notice) => void
}

/**
 * The share link's page (docs/product/conversations.md#share-by-link): its reads through the
 * SDK, signed in or not, and the way to the chat once the visitor has their copy. Its own
 * chunk, loaded only when the address holds a share link (docs/performance.md, "Split").
 */
export function provideSharedConversation(options: SharedConversationEffectsOptions) {
  const { platform, address } = options
  return sharedConversationMachine.provide({
    actors: {
      'read shared': fromPromise(({ input }) => readSharedConversation(platform.db, input.id)),
      'continue shared': fromPromise(async ({ input }) => {
        try {
          return await continueSharedConversation(platform.db, input.id)
        } catch (error) {
          // Revoked since the page opened: the database says the link names nothing.
          if (error instanceof PlatformError && error.status === 404)
            throw new Error(SHARE_MESSAGES.notFound)
          throw error
        }
      }),
    },
    actions: {
      notify: (_, notice) => (options.notify ?? showToast)(notice),
      // A full load: the chat starts as it does from any link to a conversation.
      'open copy': (_, { conversationId }) => {
        const url = new URL(address.currentHref())
        address.navigate(
          `${url.origin}/?${CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}`,
        )
      },
    },
  })
}

export type SharedConversationLogic = ReturnType<typeof provideSharedConversation>
