import type { ProviderName } from './chat-types'
import type { ModelListResult } from './server-models'

/**
 * What testing a saved key came to (docs/product/behaviour.md#test-a-key): it works, or the
 * message to show, in the provider's own words when it gave any.
 */
export type KeyCheck = { ok: true } | { ok: false; message: string }

/** How the key dialog names each provider (its rows read `OpenAI API Key`, …). */
export const PROVIDER_LABELS: Record<ProviderName, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
}

/** docs/product/errors.md#api-keys: what a key test shows, word for word. */
export const KEY_CHECK_MESSAGES = {
  works: 'Key works',
  unreachable: (label: string) => `Could not reach ${label}`,
  refused: (label: string, status: number) => `${label} refused the key (HTTP ${status})`,
  unreadable: (label: string) => `${label} did not answer with a list of models`,
  failed: 'Could not test the key. Please try again.',
} as const

/** A model-list answer as a key test's outcome. */
export function keyCheckOf(provider: ProviderName, result: ModelListResult): KeyCheck {
  if (result.ok) return { ok: true }
  const label = PROVIDER_LABELS[provider]
  switch (result.kind) {
    case 'unreachable':
      return { ok: false, message: KEY_CHECK_MESSAGES.unreachable(label) }
    case 'refused':
      return {
        ok: false,
        message: result.message ?? KEY_CHECK_MESSAGES.refused(label, result.status),
      }
    case 'unreadable':
      return { ok: false, message: KEY_CHECK_MESSAGES.unreadable(label) }
  }
}
