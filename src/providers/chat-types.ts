/** The shapes every provider adapter shares: what the chat sends and what it gets back. */
export type ChatRole = 'system' | 'user' | 'assistant'

export interface ChatTurn {
  role: ChatRole
  content: string
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

/** Origin (and optional path prefix) each provider's API lives under, without a trailing slash. */
export type ProviderBaseUrls = Record<ProviderName, string>

export interface ChatRequest {
  /** As stored on the model: matched case-insensitively. */
  provider: string
  apiKey: string
  model: string
  messages: ChatTurn[]
}

export interface ChatCallOptions {
  fetch?: typeof fetch
  baseUrls?: Partial<ProviderBaseUrls>
  signal?: AbortSignal
}

/** What one adapter needs once the provider has been picked. */
export interface ProviderCall {
  apiKey: string
  model: string
  messages: ChatTurn[]
  baseUrl: string
  fetch: typeof fetch
  signal?: AbortSignal
}

/** Spec §7.3: every provider is asked for at most 1000 output tokens at temperature 0.7. */
export const MAX_OUTPUT_TOKENS = 1000
export const TEMPERATURE = 0.7
/** Spec §7.3: what the chat shows when the provider answered without any text. */
export const NO_RESPONSE_TEXT = 'No response generated'
