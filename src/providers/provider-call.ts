// What one call to a provider takes: the request and its options, what each adapter is handed,
// and the limits every call sends. The chat itself (turns, result, usage) is in
// src/domain/chat-types.ts.
import type { ChatTurn, ProviderName } from '../domain/chat-types'

/** Origin (and optional path prefix) each provider's API lives under, without a trailing slash. */
export type ProviderBaseUrls = Record<ProviderName, string>

export interface ChatRequest {
  /** As stored on the model: matched case-insensitively. */
  provider: string
  apiKey: string
  model: string
  messages: ChatTurn[]
  /**
   * For provider `openai-compatible` only, and required there: the server's base URL
   * (normalised, without `/v1`), which replaces the configured OpenAI base.
   */
  baseUrl?: string
  /** For `openai-compatible`: the server's name, as errors show it ('{label} API error: …'). */
  label?: string
}

export interface ChatCallOptions {
  fetch?: typeof fetch
  baseUrls?: Partial<ProviderBaseUrls>
  /** Aborts the call. Without `onDelta` it rejects with the signal's reason, as fetch does. */
  signal?: AbortSignal
  /**
   * Given, the call asks the provider for a streamed answer and calls this with each piece
   * of reply text as it arrives (never with empty text, never after an abort). It still
   * resolves to the whole ChatResult; failures are described in stream-errors.ts.
   */
  onDelta?: (text: string) => void
}

/** What one adapter needs once the provider has been picked. */
export interface ProviderCall {
  apiKey: string
  model: string
  messages: ChatTurn[]
  baseUrl: string
  /** The name errors use instead of the provider's own (an OpenAI-compatible server's). */
  label?: string
  fetch: typeof fetch
  signal?: AbortSignal
  /** Stream, reporting text as it arrives (see ChatCallOptions). */
  onDelta?: (text: string) => void
}

/** docs/product/calls.md#provider-calls: every provider is asked for at most 1000 output tokens at temperature 0.7. */
export const MAX_OUTPUT_TOKENS = 1000
export const TEMPERATURE = 0.7
/** docs/product/calls.md#provider-calls: what the chat shows when the provider answered without any text. */
export const NO_RESPONSE_TEXT = 'No response generated'
