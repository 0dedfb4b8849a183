import type { ChatResult, ProviderName } from '../domain/chat-types'
import { sendAnthropicChat } from './anthropic'
import { DEFAULT_BASE_URLS, OPENAI_COMPATIBLE } from './base-urls'
import { sendGoogleChat } from './google'
import { sendOpenAIChat } from './openai'
import type { ChatCallOptions, ChatRequest, ProviderCall } from './provider-call'

const adapters: Record<ProviderName, (call: ProviderCall) => Promise<ChatResult>> = {
  openai: sendOpenAIChat,
  anthropic: sendAnthropicChat,
  google: sendGoogleChat,
}

/** What a compatible server's errors are called when the request names no server. */
const COMPATIBLE_LABEL = 'OpenAI-compatible server'

/** The provider a model belongs to, matched case-insensitively (docs/product/overview.md); null when unknown. */
export function providerOf(provider: string): ProviderName | null {
  const name = provider.toLowerCase()
  return Object.hasOwn(adapters, name) ? (name as ProviderName) : null
}

/**
 * Sends the conversation straight to the model's provider with the user's own key (docs/product/calls.md#provider-calls)
 * and resolves to its reply. Rejects with the user-visible messages of docs/product/errors.md#toasts
 * With `onDelta` the reply is streamed and reported piece by piece; it resolves to the same
 * result, and a stream that breaks off or is aborted rejects with its partial text
 * (ChatStreamError, ChatStreamAbortError in stream-errors.ts).
 */
export async function sendChat(
  request: ChatRequest,
  options: ChatCallOptions = {},
): Promise<ChatResult> {
  const call = {
    apiKey: request.apiKey,
    model: request.model,
    messages: request.messages,
    // Looked up per call, so whatever fetch is installed then (MSW in tests) answers.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    signal: options.signal,
    onDelta: options.onDelta,
  }
  if (request.provider.toLowerCase() === OPENAI_COMPATIBLE) {
    if (!request.baseUrl) throw new Error(`${OPENAI_COMPATIBLE} needs the server's base URL`)
    return sendOpenAIChat({
      ...call,
      baseUrl: request.baseUrl.replace(/\/+$/, ''),
      label: request.label || COMPATIBLE_LABEL,
    })
  }
  const provider = providerOf(request.provider)
  if (!provider) throw new Error(`Unsupported provider: ${request.provider}`)
  const baseUrl = options.baseUrls?.[provider] || DEFAULT_BASE_URLS[provider]
  return adapters[provider]({ ...call, baseUrl: baseUrl.replace(/\/+$/, '') })
}
