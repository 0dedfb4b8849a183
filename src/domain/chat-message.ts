import type { MessageAttachment } from './attachments'
import type { ChatRole } from './chat-types'

/**
 * How a reply ended (docs/product/behaviour.md#streamed-replies): in full, cut short by Stop,
 * or broken off by the provider midway. `streaming` is a reply saved while it arrives
 * (#replies-that-survive); read back later, it is one that broke off (the tab closed).
 */
export type ReplyStatus = 'complete' | 'stopped' | 'interrupted' | 'streaming'

/** The longest `failure` a message keeps (docs/product/limits.md#chat); the database holds it to it. */
export const FAILURE_MAX_CHARS = 500

const MISSING_KEY = 'No API key found for '

/** docs/product/errors.md#toasts: a turn for a provider the user has no key for. */
export const missingKeyFailure = (provider: string) =>
  `${MISSING_KEY}${provider}. Please add your API key in the model settings.`

/** Whether a message's stored `failure` is a missing key, which Manage API Keys can mend. */
export const isMissingKeyFailure = (failure: string | null | undefined) =>
  failure?.startsWith(MISSING_KEY) === true

/** A row of chat_messages (docs/product/data.md). */
export interface ChatMessage {
  id: string
  userId: string
  modelId: string
  role: ChatRole
  content: string
  systemPromptId: string | null
  createdAt: string
  /** The conversation it belongs to (docs/product/conversations.md); null on rows older than conversations. */
  conversationId?: string | null
  /**
   * The message it follows in its conversation's tree (docs/product/conversations.md#branches):
   * null for a first message; absent only on rows built before the tree.
   */
  parentId?: string | null
  /** Replies only (absent on user messages and on rows older than streaming: complete). */
  status?: ReplyStatus
  /**
   * User messages only: why its turn failed, as the user was told (docs/product/behaviour.md#chat-sending);
   * null or absent when it did not.
   */
  failure?: string | null
  /** Replies only: the tokens the provider counted (docs/product/usage.md); null when unknown. */
  promptTokens?: number | null
  completionTokens?: number | null
  totalTokens?: number | null
  /**
   * User messages only: the files sent with it, in order (docs/product/attachments.md); absent
   * or null when none. Stored as rows of chat_attachments, not on the message's own row.
   */
  attachments?: readonly MessageAttachment[] | null
  /**
   * A reply another tab or device is writing now, as the change feed last showed it
   * (docs/product/live-sync.md): it shows as arriving, not as broken off. Never stored.
   */
  arriving?: boolean
}
