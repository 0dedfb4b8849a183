import { http } from 'msw'
import type { ProviderFakes } from '../providers/create-provider-fakes'

/** The real provider endpoints, where the app calls by default. */
export const PROVIDER_URLS = {
  openai: 'https://api.openai.com/v1/chat/completions',
  anthropic: 'https://api.anthropic.com/v1/messages',
  google: 'https://generativelanguage.googleapis.com/v1beta/models/:modelAction',
} as const

/** The real model lists, where a key test calls (docs/product/calls.md#testing-a-key). */
export const PROVIDER_MODEL_LIST_URLS = {
  openai: 'https://api.openai.com/v1/models',
  anthropic: 'https://api.anthropic.com/v1/models',
  google: 'https://generativelanguage.googleapis.com/v1beta/models',
} as const

/**
 * Where unit tests find the fake OpenAI-compatible server: the base URL a user would enter
 * for a local Ollama.
 */
export const COMPATIBLE_FAKE_BASE_URL = 'http://localhost:11434'

/**
 * MSW handlers that answer the real provider URLs (chat and model list) with the provider fakes, and
 * COMPATIBLE_FAKE_BASE_URL with the fake compatible server, so tests exercise the exact
 * requests the adapters send without reaching the network.
 */
export function providerHandlers(fakes: ProviderFakes) {
  return [
    http.all(PROVIDER_URLS.openai, ({ request }) => fakes.openai(request)),
    http.all(PROVIDER_URLS.anthropic, ({ request }) => fakes.anthropic(request)),
    http.all(PROVIDER_URLS.google, ({ request }) => fakes.google(request)),
    http.all(PROVIDER_MODEL_LIST_URLS.openai, ({ request }) => fakes.openai(request)),
    http.all(PROVIDER_MODEL_LIST_URLS.anthropic, ({ request }) => fakes.anthropic(request)),
    http.all(PROVIDER_MODEL_LIST_URLS.google, ({ request }) => fakes.google(request)),
    http.all(`${COMPATIBLE_FAKE_BASE_URL}/v1/*`, ({ request }) => fakes.compatible(request)),
  ]
}
