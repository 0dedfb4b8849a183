import type { ActiveSystemPrompt } from '../domain/chat-context'
import type { ChatRole, ChatTurn } from '../domain/chat-types'
import type { MessageAlignment } from '../domain/style-config'

// The chat machine's vocabulary: what it holds, what it hears, and the texts it shows.

/** docs/product/limits.md: the second, longer toast after a missing key points at the model settings. */
export const API_KEY_HINT_TOAST_MS = 5000
/** docs/product/errors.md#toasts: the chat's user-visible failure texts. */
export const CHAT_MESSAGES = {
  modelsFailed: 'Failed to load AI models',
  modelNotFound: 'Model not found',
  sendFailed: 'Failed to send message',
  missingKey: (provider: string) =>
    `No API key found for ${provider}. Please add your API key in the model settings.`,
  missingKeyHint: 'Please add your API key in the model settings',
} as const

export interface ChatModel {
  id: string
  name: string
  description: string
  provider: string
}

/** A row of chat_messages (docs/product/data.md). */
export interface ChatMessage {
  id: string
  userId: string
  modelId: string
  role: ChatRole
  content: string
  systemPromptId: string | null
  createdAt: string
}

/** The style config's say over how messages are laid out (docs/product/screens.md#style-configuration Behavior tab). */
export interface MessageDisplay {
  showAvatars: boolean
  showTimestamps: boolean
  messageAlignment: MessageAlignment
}

export interface ChatInput {
  display: MessageDisplay
  /** Milliseconds clock for message ids and times; tests pass a fixed one. */
  now?: () => number
}

/** The turn being sent: what was typed, and what the effects found along the way. */
export interface PendingSend {
  text: string
  modelId: string
  turns: ChatTurn[]
  provider: string | null
  apiKey: string | null
}

export interface ChatContext {
  userId: string | null
  models: ChatModel[]
  selectedModelId: string | null
  messages: ChatMessage[]
  input: string
  systemPrompt: ActiveSystemPrompt | null
  display: MessageDisplay
  pending: PendingSend | null
  now: () => number
}

export type ChatEvent =
  | { type: 'session.start'; userId: string }
  | { type: 'input.change'; value: string }
  | { type: 'message.send' }
  | { type: 'model.select'; modelId: string }
  | { type: 'systemPrompt.changed'; prompt: ActiveSystemPrompt | null }
  | { type: 'display.changed'; display: MessageDisplay }
