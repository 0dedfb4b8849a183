import { fromPromise } from 'xstate'
import { openConversationMachine } from '../machines/open-conversation.machine'
import type { PlatformClient } from '../platform/index'
import type { EarlyHistory } from './early-history'
import { readPage } from './history-pages'
import { logError } from './notify'

export interface OpenConversationEffectsOptions {
  platform: PlatformClient
  /** A linked history asked for at sign-in, which the first load takes. */
  earlyHistory?: EarlyHistory
}

/** The open conversation's effects on the SDK: its history pages and branches. */
export function provideOpenConversation(options: OpenConversationEffectsOptions) {
  const { db } = options.platform
  return openConversationMachine.provide({
    actors: {
      // docs/product/conversations.md: a conversation opens at its newest page.
      // A read asked for at sign-in is taken once; if it failed, it is read again.
      'load history': fromPromise(
        async ({ input }: { input: { userId: string; conversationId: string | null } }) => {
          const { userId, conversationId } = input
          if (conversationId === null) return { messages: [], hasOlder: false, versions: {} }
          const read = () => readPage(db, conversationId)
          const early = options.earlyHistory?.take(userId, conversationId)
          return early ? early.catch(read) : read()
        },
      ),
      // Scrolling up: the page of the branch before the oldest message shown.
      'load older history': fromPromise(
        async ({
          input,
        }: {
          input: { userId: string; conversationId: string; parentId: string }
        }) => readPage(db, input.conversationId, input.parentId),
      ),
      // docs/product/conversations.md#branches: another version, and the branch after it. Its
      // code loads with the first switch (docs/performance.md, "Split").
      'open branch': fromPromise(
        async ({
          input,
        }: {
          input: { userId: string; conversationId: string; messageId: string }
        }) => {
          const { openBranch } = await import('./open-branch')
          return openBranch(db, input.conversationId, input.messageId)
        },
      ),
    },
    actions: { 'log error': logError },
  })
}
