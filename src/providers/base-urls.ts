import type { ProviderBaseUrls } from './provider-call'

/** The real provider APIs; the app's runtime config may point elsewhere (e.g. the fakes). */
export const DEFAULT_BASE_URLS: Readonly<ProviderBaseUrls> = Object.freeze({
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
})

/**
 * The provider kind of a user's own OpenAI-compatible server (Ollama, LM Studio, vLLM,
 * OpenRouter…): OpenAI's wire format at the request's `baseUrl` (docs/product/servers.md).
 */
export const OPENAI_COMPATIBLE = 'openai-compatible'
