import type { FakeProviderName } from './fake-types'

/**
 * Keys the fakes accept: any key that starts with its provider's test prefix (and has more
 * after it). Everything else is rejected the way the real provider rejects a wrong key.
 */
export const VALID_KEY_PREFIXES: Record<FakeProviderName, string> = {
  openai: 'sk-test-',
  anthropic: 'sk-ant-test-',
  google: 'AIza-test-',
}

export function isValidFakeKey(provider: FakeProviderName, key: string): boolean {
  const prefix = VALID_KEY_PREFIXES[provider]
  return key.startsWith(prefix) && key.length > prefix.length
}
