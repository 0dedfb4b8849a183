import { type EventObject, fromCallback, fromPromise } from 'xstate'
import { addressWithConversation, type Conversation } from '../domain/conversation'
import { linkedConversationId } from '../domain/conversation-link'
import type { HistoryPage } from '../domain/history-page'
import type { Notice } from '../machines/notice'
import { openConversationMachine } from '../machines/open-conversation.machine'
import type { PlatformClient } from '../platform/index'
import type { AddressHistory } from './address-bar'
import type { EarlyHistory } from './early-history'
import { readPage } from './history-pages'
import { logError, showToast } from './notify'

export interface OpenConversationEffectsOptions {
  platform: PlatformClient
  address: AddressHistory
  /** A linked history asked for at sign-in, which the first load takes. */
  earlyHistory?: EarlyHistory
  notify?: (notice: Notice) => void
}

const EMPTY_PAGE: HistoryPage = { messages: [], hasOlder: false, versions: {} }

/**
 * The open conversation's effects on the SDK and the address bar: the conversation a link
 * names, its history pages and branches, and `?c=` in the browser's history. Row-level
 * security keeps each user to their own rows: another user's conversation is simply not found.
 */
export function provideOpenConversation(options: OpenConversationEffectsOptions) {
  const { address } = options
  const { db } = options.platform
  // docs/product/conversations.md: a conversation opens at its newest page. A read asked for
  // at sign-in is taken once; if it failed, it is read again.
  const newestPage = (userId: string, conversationId: string) => {
    const read = () => readPage(db, conversationId)
    const early = options.earlyHistory?.take(userId, conversationId)
    return early ? early.catch(read) : read()
  }
  return openConversationMachine.provide({
    actors: {
      'watch address': fromCallback<EventObject>(({ sendBack }) => {
        const named = () => linkedConversationId(address.currentHref())
        sendBack({ type: 'address.read', conversationId: named() })
        return address.onHistoryMove(() =>
          sendBack({ type: 'address.moved', conversationId: named() }),
        )
      }),
      // Its row and its page together. The row decides: a page that fails to load is only
      // logged (docs/product/errors.md#silent-failures), as for any conversation opened.
      'open link': fromPromise(async ({ input }) => {
        const [rows, page] = await Promise.all([
          db.table<Conversation>('conversations').list({
            where: { id: input.conversationId, userId: input.userId },
            limit: 1,
          }),
          newestPage(input.userId, input.conversationId).catch((error: unknown) => {
            logError(null, { error })
            return EMPTY_PAGE
          }),
        ])
        const conversation = rows[0] ?? null
        return { conversation, page: conversation ? page : EMPTY_PAGE }
      }),
      'load history': fromPromise(
        async ({ input }: { input: { userId: string; conversationId: string | null } }) =>
          input.conversationId === null
            ? EMPTY_PAGE
            : newestPage(input.userId, input.conversationId),
      ),
      // docs/product/usage.md: what the whole conversation's replies cost. Its statement loads
      // with the first read (docs/performance.md, "Split").
      'read spend': fromCallback<EventObject, { userId: string; conversationId: string }>(
        ({ input, sendBack }) => {
          const { conversationId } = input
          let live = true
          import('./conversation-spend')
            .then(({ readConversationSpend }) => readConversationSpend(db, conversationId))
            .then(
              (rows) => live && sendBack({ type: 'spend.read', conversationId, rows }),
              (error: unknown) => live && sendBack({ type: 'spend.failed', error }),
            )
          return () => {
            live = false
          }
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
    actions: {
      notify: (_, notice: Notice) => (options.notify ?? showToast)(notice),
      'log error': logError,
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
