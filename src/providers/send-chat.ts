import type { ChatResult, ProviderName } from '../domain/chat-types'
import { sendAnthropicChat } from './anthropic'
import type { ChatCallOptions, ChatRequest, ProviderBaseUrls, ProviderCall } from './chat-types'
import { sendGoogleChat } from './google'
import { sendOpenAIChat } from './openai'

/** The real provider APIs; the app's runtime config may point elsewhere (e.g. the fakes). */
export const DEFAULT_BASE_URLS: Readonly<ProviderBaseUrls> = Object.freeze({
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
})

const adapters: Record<ProviderName, (call: ProviderCall) => Promise<ChatResult>> = {
  openai: sendOpenAIChat,
  anthropic: sendAnthropicChat,
  google: sendGoogleChat,
}

/** The provider a model belongs to, matched case-insensitively (docs/product/overview.md); null when unknown. */
export function providerOf(provider: string): ProviderName | null {
  const name = provider.toLowerCase()
  return Object.hasOwn(adapters, name) ? (name as ProviderName) : null
}

/**
 * Sends the conversation straight to the model's provider with the user's own key (docs/product/calls.md#provider-calls)
 * and resolves to its reply. Rejects with the user-visible messages of docs/product/errors.md#toasts
 */
export async function sendChat(
  request: ChatRequest,
  options: ChatCallOptions = {},
): Promise<ChatResult> {
  const provider = providerOf(request.provider)
  if (!provider) throw new Error(`Unsupported provider: ${request.provider}`)
  const baseUrl = options.baseUrls?.[provider] || DEFAULT_BASE_URLS[provider]
  return adapters[provider]({
    apiKey: request.apiKey,
    model: request.model,
    messages: request.messages,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    // Looked up per call, so whatever fetch is installed then (MSW in tests) answers.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    signal: options.signal,
  })
}
