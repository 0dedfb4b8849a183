import { refreshDueAtMs } from '../../contract/token-expiry'
import type { KeyValueStorage, TokenSet } from './types'

/** The local-storage key the token set lives under. */
export const TOKEN_STORAGE_KEY = 'auth_tokens'

export interface TokenStore {
  read(): TokenSet | null
  write(tokens: TokenSet): void
  clear(): void
}

export function createTokenStore(storage: KeyValueStorage): TokenStore {
  return {
    read() {
      const raw = storage.getItem(TOKEN_STORAGE_KEY)
      if (raw === null) return null
      try {
        const parsed = JSON.parse(raw) as Partial<TokenSet> | null
        if (parsed && typeof parsed.access_token === 'string') return parsed as TokenSet
      } catch {
        // fall through: corrupt data is removed so it cannot fail every later start-up
      }
      storage.removeItem(TOKEN_STORAGE_KEY)
      return null
    },
    write(tokens) {
      storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokens))
    },
    clear() {
      storage.removeItem(TOKEN_STORAGE_KEY)
    },
  }
}

/** Stale from the contract's margin before the real expiry on (contract/token-expiry.ts). */
export function isAccessTokenExpired(tokens: TokenSet, nowMs: number): boolean {
  return nowMs >= refreshDueAtMs(tokens)
}
