// What the provider adapters share beyond the chat itself (that is src/domain/chat-types.ts).
import type { ChatTurn, ProviderName } from '../domain/chat-types'

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

/** docs/product/calls.md#provider-calls: every provider is asked for at most 1000 output tokens at temperature 0.7. */
export const MAX_OUTPUT_TOKENS = 1000
export const TEMPERATURE = 0.7
/** docs/product/calls.md#provider-calls: what the chat shows when the provider answered without any text. */
export const NO_RESPONSE_TEXT = 'No response generated'
