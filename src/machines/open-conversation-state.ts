import type { ChatMessage } from '../domain/chat-message'
import type { Conversation } from '../domain/conversation'
import type { HistoryPage, Versions } from '../domain/history-page'
import type { StoredUsage } from '../domain/model-prices'

// The open conversation's context, input and events (open-conversation.machine.ts), apart
// from the machine so that effects, views and tests read them without it.

export interface OpenConversationInput {
  /** Whose session: histories are read as this user. */
  userId: string
}

export interface OpenConversationContext {
  userId: string
  /** The conversation on screen; null for a new chat, whose first message creates it. */
  conversationId: string | null
  /**
   * The conversation the page's address names (a deep link, Back or Forward) while it is
   * checked to be the user's (docs/product/conversations.md, "Deep links").
   */
  linkedId: string | null
  /** Its messages on screen: the newest page, and older pages read since. */
  messages: ChatMessage[]
  /** Whether it has messages older than those on screen. */
  hasOlder: boolean
  /** The versions of the messages on screen that have several (docs/product/conversations.md#branches). */
  versions: Versions
  /** A sent message being edited: its id and the text so far (#branches, "Edit"). */
  editing: { messageId: string; text: string } | null
  /**
   * What its replies cost, summed by model: every reply generated in it, on every branch and
   * page (docs/product/usage.md); null until read, when the replies on screen stand in.
   */
  spent: StoredUsage[] | null
  /**
   * A message a search chose (docs/product/search.md), until the view has shown it: older
   * pages are read until it is on screen.
   */
  sought: string | null
  /** The branch the sought message is on was opened: it is looked for there once, no more. */
  soughtBranchOpened: boolean
  /**
   * The comparison this tab runs or ran last (docs/product/compare.md): replies to its question
   * made before its pick (`endedAt`) are its columns', shown there, not in the conversation.
   */
  comparison: { questionId: string; endedAt: string | null } | null
}

/** A conversation the address names, as the platform answers for it. */
export interface LinkedConversation {
  /** Its row; null when the user cannot read it (missing, or someone else's). */
  conversation: Conversation | null
  /** Its newest page (empty when it is not found). */
  page: HistoryPage
}

export type OpenConversationEvent =
  /** The conversation the address names as the session starts (null: none). */
  | { type: 'address.read'; conversationId: string | null }
  /** Back or Forward: the address now names this conversation (null: a new chat). */
  | { type: 'address.moved'; conversationId: string | null }
  /** The conversations list arrived: the one with the newest activity (null: none, or no list). */
  | { type: 'list.latest'; conversationId: string | null }
  /**
   * The user opens a conversation from the list, or a new chat (null); from a search, at one
   * of its messages (`messageId`).
   */
  | { type: 'conversation.open'; conversationId: string | null; messageId?: string | null }
  /** The view has scrolled to the message a search chose. */
  | { type: 'message.revealed'; messageId: string }
  /** A new chat's first message started this conversation (from the turn, via the app machine). */
  | { type: 'conversation.starting'; conversationId: string }
  /** What this conversation's replies cost, summed by model, as read (docs/product/usage.md). */
  | { type: 'spend.read'; conversationId: string; rows: StoredUsage[] }
  /** That read failed. */
  | { type: 'spend.failed'; error: unknown }
  /** A message was saved in this conversation: a reply's cost may have joined its total. */
  | { type: 'conversation.activity'; conversationId: string; at: string }
  /** The first message of this conversation was saved, so the address may name it. */
  | { type: 'conversation.saved'; conversationId: string }
  /** The user deleted this conversation. */
  | { type: 'conversation.deleted'; conversationId: string }
  /** The user scrolled up to the oldest message shown: read the page before it. */
  | { type: 'history.older' }
  /** The user sends what the composer holds: the turn is told where, and after what. */
  | { type: 'message.send' }
  /** The user asks again for the last reply. */
  | { type: 'message.regenerate' }
  /**
   * Retry on a sent message left without a reply (docs/product/behaviour.md#chat-sending); with
   * `modelIds`, Compare again on a sent message (docs/product/compare.md#comparing-again).
   */
  | { type: 'message.answer'; messageId: string; modelIds?: readonly string[] }
  /**
   * A turn's row to show, new or changed (from the turn, via the app machine); `versionOf`
   * names the message it is a new version of (an edit's question, a regeneration's reply);
   * `compared`, a question whose replies a comparison shows in its columns.
   */
  | { type: 'turn.shown'; message: ChatMessage; versionOf?: string | null; compared?: boolean }
  /** Show another version of a message on screen, and the branch that follows it. */
  | { type: 'branch.show'; messageId: string }
  /** A comparison's reply picked `at` in `conversationId` (from the turn, via the app machine). */
  | { type: 'reply.picked'; conversationId: string; messageId: string; at: string }
  /** Edit a sent message: its text in a box in its place (Enter saves, Escape cancels). */
  | { type: 'edit.start'; messageId: string }
  | { type: 'edit.change'; text: string }
  | { type: 'edit.cancel' }
  /** Send the edited text as a new version of the message; the earlier one is kept. */
  | { type: 'edit.save' }
  /** A turn's row that leaves the screen: the reply a regeneration replaces. */
  | { type: 'turn.hidden'; messageId: string }
