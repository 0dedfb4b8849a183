import { http } from 'msw'
import type { ProviderFakes } from '../providers/create-provider-fakes'

/** The real provider endpoints, where the app calls by default. */
export const PROVIDER_URLS = {
  openai: 'https://api.openai.com/v1/chat/completions',
  anthropic: 'https://api.anthropic.com/v1/messages',
  google: 'https://generativelanguage.googleapis.com/v1beta/models/:modelAction',
} as const

/**
 * MSW handlers that answer the real provider URLs with the provider fakes, so tests exercise
 * the exact requests the adapters send without reaching the network.
 */
export function providerHandlers(fakes: ProviderFakes) {
  return [
    http.all(PROVIDER_URLS.openai, ({ request }) => fakes.openai(request)),
    http.all(PROVIDER_URLS.anthropic, ({ request }) => fakes.anthropic(request)),
    http.all(PROVIDER_URLS.google, ({ request }) => fakes.google(request)),
  ]
}
