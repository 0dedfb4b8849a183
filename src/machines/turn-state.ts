import type { MessageAttachment } from '../domain/attachments'
import type { ActiveSystemPrompt, ContextTurn } from '../domain/chat-context'
import { type ChatMessage, missingKeyFailure } from '../domain/chat-message'
import type { ChatResult, ChatUsage } from '../domain/chat-types'
import type { CompareAgain } from '../domain/compare'
import type { ComposerDrafts } from '../domain/composer-drafts'
import type { SendTarget } from '../domain/send-target'

// The turn machine's vocabulary: what it holds, what it hears, and the texts it shows.

/** docs/product/limits.md: the second, longer toast after a missing key points at the model settings. */
export const API_KEY_HINT_TOAST_MS = 5000
/** docs/product/errors.md#toasts: the chat's user-visible failure texts. */
export const CHAT_MESSAGES = {
  modelNotFound: 'Model not found',
  sendFailed: 'Failed to send message',
  missingKey: missingKeyFailure,
  missingKeyHint: 'Please add your API key in the model settings',
  // docs/product/errors.md#attachments: said instead of sending.
  stillUploading: 'Wait for the attachments to finish uploading.',
  imagesUnreadable:
    'The chosen model cannot read images. Remove the images, or choose a model that can.',
} as const

export interface TurnInput {
  /** Whose session: rows are written as this user, and their keys used. */
  userId: string
  /** Milliseconds clock for message ids and times; tests pass a fixed one. */
  now?: () => number
}

export type { SendTarget }

/** What a streaming call is given (docs/product/calls.md#provider-calls). */
export interface StreamReplyInput {
  provider: string
  apiKey: string
  model: string
  /** The context; its attachments are references the call loads (docs/product/attachments.md). */
  messages: ContextTurn[]
  /**
   * The reply's row, empty and marked interrupted: what the call writes, with the text that
   * arrived, if the page goes away while it streams (docs/product/behaviour.md#replies-that-survive).
   */
  reply: ChatMessage
}

export interface PendingSend {
  text: string
  modelId: string
  turns: ContextTurn[]
  provider: string | null
  apiKey: string | null
  /** The user's row, shown at once; `messageSaved` once the database has it. */
  message: ChatMessage
  messageSaved: boolean
  /** The reply, once the provider answered, until it is saved. */
  reply: ChatMessage | null
  /** The reply text streamed so far; null until the first piece arrives. */
  draft: string | null
  /** Regenerate: the saved reply this turn's reply is a new version of (docs/product/conversations.md#branches). */
  replaces: ChatMessage | null
  /** Edit: the sent message this turn's question is a new version of. */
  edits: ChatMessage | null
  /** Stopped before any reply text arrived: Retry asks again. */
  stopped: boolean
  /** The conversation this turn starts (the first message of a new chat), until its row is saved. */
  conversation: { id: string; title: string; createdAt: string } | null
  /**
   * The reply's row as the provider is called: its id (a regeneration's is the old reply's)
   * and time, which its saved draft and the reply keep (docs/product/behaviour.md#replies-that-survive).
   */
  replyId: string | null
  replyAt: string | null
  /** How much of the draft a save has taken (its length), so an unchanged draft is not resaved. */
  draftSaved: number
  /**
   * The message whose stored path the context is read up to, before the model is called, when
   * the page on screen held too few earlier messages (SendTarget's `readEarlier`); null once
   * `turns` has them.
   */
  earlierFrom: string | null
  /** The models a comparison asks, two to four (docs/product/compare.md); null: one reply. */
  compareWith: readonly string[] | null
}

export interface TurnContext {
  userId: string
  /**
   * The model the next turn goes with: the models actor's choice, which the app machine tells
   * this one (one way); null until the models actor has settled one.
   */
  modelId: string | null
  input: string
  /**
   * Each conversation's unsent text, the input's included, kept in this browser until sent
   * (docs/product/conversations.md#unsent-text).
   */
  drafts: ComposerDrafts
  /** The conversation whose text the input holds (null: a new chat), as the open one says. */
  draftFor: string | null
  /**
   * A send that came before the models actor chose any model (a quick run right after sign-in):
   * it goes as soon as one is chosen, unless the input changes first.
   */
  held: SendTarget | null
  /** False when the chosen model cannot read images (docs/product/attachments.md). */
  modelReadsImages: boolean
  /** The composer's uploaded files, which the next message carries (docs/product/attachments.md). */
  attachments: MessageAttachment[]
  /** A file is still being read or uploaded: the message waits for it. */
  attachmentsBusy: boolean
  systemPrompt: ActiveSystemPrompt | null
  /** The models the next message is compared across (docs/product/compare.md); empty: off. */
  compareWith: readonly string[]
  pending: PendingSend | null
  /** The last turn, when it failed: what Retry resumes (docs/product/behaviour.md#chat-sending). */
  failedTurn: PendingSend | null
  now: () => number
}

export type TurnEvent =
  | { type: 'input.change'; value: string }
  /** The open conversation is now this one: the input holds its unsent text. */
  | { type: 'input.for'; conversationId: string | null }
  /** Send what the input holds, through the open conversation, which says where. */
  | ({ type: 'message.send' } & SendTarget)
  | { type: 'message.retry' }
  | { type: 'message.stop' }
  /** Ask again for `reply`, the answer to `question`, after the same earlier messages. */
  | ({ type: 'message.regenerate'; question: ChatMessage; reply: ChatMessage } & SendTarget)
  /**
   * Ask for a reply to `question`, saved but unanswered (a failed turn's Retry after a reload);
   * or, with `compareWith`, compare again: `question` to each of those models, its `reply` on
   * screen kept as a version (docs/product/compare.md#comparing-again).
   */
  | ({ type: 'message.answer'; question: ChatMessage } & CompareAgain & SendTarget)
  /** Send `text` as a new version of the sent `message`, after the messages before it. */
  | ({ type: 'message.edit'; message: ChatMessage; text: string } & SendTarget)
  // Reported by the streaming call while it runs.
  | { type: 'reply.delta'; text: string }
  | { type: 'reply.done'; result: ChatResult }
  | { type: 'reply.failed'; error: unknown; partial: string; usage: ChatUsage | null }
  /** The models actor's choice, through the app machine. */
  | { type: 'model.select'; modelId: string; readsImages?: boolean }
  /** The composer's files as they are now, through the app machine. */
  | { type: 'attachments.changed'; attachments: MessageAttachment[]; busy: boolean }
  | { type: 'systemPrompt.changed'; prompt: ActiveSystemPrompt | null }
  /** Compare mode's models, two to four; none turns it off (docs/product/compare.md). */
  | { type: 'compare.choose'; modelIds: readonly string[] }

/**
 * Whether the turn being sent belongs to the open conversation: a reply keeps streaming when
 * the user opens another, and shows (with its Stop) only in its own.
 */
export const turnIn = (context: TurnContext, conversationId: string | null): boolean =>
  context.pending !== null && (context.pending.message.conversationId ?? null) === conversationId
