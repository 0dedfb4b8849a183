import { fromPromise } from 'xstate'
import type { ChatMessage } from '../domain/chat-message'
import { openConversationMachine } from '../machines/open-conversation.machine'
import type { PlatformClient } from '../platform/index'
import type { EarlyHistory } from './early-history'
import { readNewestPage, readOlderPage } from './history-pages'
import { logError } from './notify'

export interface OpenConversationEffectsOptions {
  platform: PlatformClient
  /** A linked history asked for at sign-in, which the first load takes. */
  earlyHistory?: EarlyHistory
}

/** The open conversation's effects on the SDK: its history pages. */
export function provideOpenConversation(options: OpenConversationEffectsOptions) {
  const messages = options.platform.db.table<ChatMessage>('chatMessages')
  return openConversationMachine.provide({
    actors: {
      // docs/product/conversations.md: a conversation opens at its newest page.
      // A read asked for at sign-in is taken once; if it failed, it is read again.
      'load history': fromPromise(
        async ({ input }: { input: { userId: string; conversationId: string | null } }) => {
          const { userId, conversationId } = input
          if (conversationId === null) return { messages: [], hasOlder: false }
          const read = () => readNewestPage(messages, userId, conversationId)
          const early = options.earlyHistory?.take(userId, conversationId)
          return early ? early.catch(read) : read()
        },
      ),
      // Scrolling up: the page before the oldest message shown.
      'load older history': fromPromise(
        async ({
          input,
        }: {
          input: { userId: string; conversationId: string; beforeId: string }
        }) => readOlderPage(messages, input.userId, input.conversationId, input.beforeId),
      ),
    },
    actions: { 'log error': logError },
  })
}
