import type { AttachmentContent } from './attachments'

/** A chat as the app sees it, whichever provider answers: the turns sent and the reply. */
export type ChatRole = 'system' | 'user' | 'assistant'

export interface ChatTurn {
  role: ChatRole
  content: string
  /** User turns only: the files sent with it, in order (docs/product/attachments.md). */
  attachments?: readonly AttachmentContent[]
}

export interface ChatUsage {
  promptTokens: number
  completionTokens: number
  totalTokens: number
}

export interface ChatResult {
  content: string
  /** The model the provider says answered; the requested one when it does not say. */
  model: string
  usage: ChatUsage
}

export type ProviderName = 'openai' | 'anthropic' | 'google'
