import type { MessageAttachment } from '../domain/attachments'
import type { ChatMessage } from '../domain/chat-message'
import type { CompareAgain } from '../domain/compare'
import type { Conversation } from '../domain/conversation'
import type { ActivePrompt } from '../domain/prompt-types'
import type { SearchResult } from '../domain/search-result'
import type { SendTarget } from '../domain/send-target'
import type { StyleConfig } from '../domain/style-config'

/**
 * What a session actor tells the app machine, which routes it on to the actors concerned
 * (app.machine.ts; the generated map is docs/machines/actor-map.md). The children send these
 * with `sendParent` from their routing actions; a child's own tests replace those actions.
 */
export type AppReport =
  /** The active system prompt was loaded, activated or deactivated. */
  | { type: 'activePrompt.changed'; prompt: ActivePrompt | null }
  /** The user's prompts changed: lists showing them are stale. */
  | { type: 'prompts.changed' }
  /**
   * A prompt left the user's library (deleted, or hidden), or was edited; without `promptId`,
   * one was activated elsewhere (docs/product/live-sync.md), so the active one may be another.
   */
  | { type: 'prompt.changed'; promptId?: string }
  /** The user's model servers changed on another device: the picker's models are read again. */
  | { type: 'servers.changed' }
  /** The user's API keys changed on another device: an open keys dialog reads them again. */
  | { type: 'keys.changed' }
  /**
   * The style was saved here (Save Changes, Reset to Defaults, the header's theme toggle): kept
   * with the account too (docs/product/live-sync.md#the-style).
   */
  | { type: 'style.saved'; config: StyleConfig }
  /**
   * The account's style as it is kept (read at sign-in, or saved on another device): this page
   * shows what of it it can (mergeStyleConfig).
   */
  | { type: 'style.synced'; config: unknown }
  /** Text for the chat's message input. */
  | { type: 'chat.fill'; content: string }
  /** Send what the chat's input holds. */
  | { type: 'chat.submit' }
  /**
   * The open conversation's answer to a send: the turn sends what its input holds into
   * `conversationId` (null: a new chat), after `earlier`, following `parentId`.
   */
  | ({ type: 'chat.send' } & SendTarget)
  /** The open conversation's answer to Regenerate: ask again for `reply`, after `earlier`. */
  | ({ type: 'chat.regenerate'; question: ChatMessage; reply: ChatMessage } & SendTarget)
  /**
   * The open conversation's answer to Retry on a question left unanswered: ask for its reply;
   * or to Compare again on a sent message (docs/product/compare.md#comparing-again).
   */
  | ({ type: 'chat.answer'; question: ChatMessage } & CompareAgain & SendTarget)
  /** The open conversation's answer to an edit: send `text` as a new version of `message`. */
  | ({ type: 'chat.edit'; message: ChatMessage; text: string } & SendTarget)
  /** A turn's row to show where it belongs: its question, its reply, new or changed. */
  | {
      type: 'chat.rowShown'
      message: ChatMessage
      versionOf: string | null
      /** A question compared across models (docs/product/compare.md): its replies are columns. */
      compared?: boolean
    }
  /** A turn's row that leaves the screen: the reply a regeneration replaces. */
  | { type: 'chat.rowHidden'; messageId: string }
  /**
   * A comparison's reply the user picked (docs/product/compare.md): the conversation goes on
   * from it, the other columns' replies its versions.
   */
  | { type: 'chat.replyPicked'; conversationId: string; messageId: string; at: string }
  /** The conversation opened was last answered with this model: the next turn goes with it. */
  | { type: 'conversation.modelUsed'; modelId: string }
  /** The model the chat composes with was settled: the user's pick, or the session's first. */
  | { type: 'model.chosen'; modelId: string; readsImages: boolean }
  /**
   * The files on the message being written changed (docs/product/attachments.md): those
   * uploaded, and whether any is still on its way.
   */
  | { type: 'attachments.changed'; attachments: MessageAttachment[]; busy: boolean }
  /** A turn took the composer's files with its message: the composer starts empty. */
  | { type: 'chat.attachmentsSent' }
  /** The extension asks to turn a system prompt on or off (docs/product/calls.md#extension-bridge). */
  | { type: 'extension.setActive'; prompt: ActivePrompt; isActive: boolean }
  /** A toggle of the activation ended: turned `isActive`, or failed (`ok` false). */
  | { type: 'activation.settled'; promptId: string; isActive: boolean; ok: boolean }
  /** The conversations list arrived: the conversation with the newest activity (null: none). */
  | { type: 'conversations.listed'; conversationId: string | null }
  /**
   * A conversation of the user's as it is now: one the address named (the list shows it, older
   * or not), or one the organiser pinned, unpinned or moved.
   */
  | { type: 'conversation.found'; conversation: Conversation }
  /** The user chose a search's result (docs/product/search.md): it opens. */
  | { type: 'search.chosen'; result: SearchResult }
  /** The user deleted this conversation (docs/product/conversations.md). */
  | { type: 'conversation.deleted'; conversationId: string }
  /** The conversation on screen changed (null: a new chat), whichever way it was opened. */
  | { type: 'conversation.shown'; conversationId: string | null }
  /** A new chat's first message is being sent: its conversation is the open one from now. */
  | { type: 'chat.conversationStarting'; conversationId: string }
  /** The chat saved the first message of a new conversation, whose row this is. */
  | { type: 'chat.conversationStarted'; conversation: Conversation }
  /** The chat saved a message in a conversation, at `at` (ISO 8601). */
  | { type: 'chat.conversationActivity'; conversationId: string; at: string }
