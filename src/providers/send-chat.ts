import { sendAnthropicChat } from './anthropic'
import type {
  ChatCallOptions,
  ChatRequest,
  ChatResult,
  ProviderBaseUrls,
  ProviderCall,
  ProviderName,
} from './chat-types'
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

/** The provider a model belongs to, matched case-insensitively (spec §1); null when unknown. */
export function providerOf(provider: string): ProviderName | null {
  const name = provider.toLowerCase()
  return Object.hasOwn(adapters, name) ? (name as ProviderName) : null
}

/**
 * Sends the conversation straight to the model's provider with the user's own key (spec §7.3)
 * and resolves to its reply. Rejects with the user-visible messages of spec §8.1.
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
