import type { KeyValueStorage, TokenSet } from './types'

/** The local-storage key the token set lives under. */
export const TOKEN_STORAGE_KEY = 'auth_tokens'

/** Spec §9: an access token is considered expired 30 s before it really is. */
export const EXPIRY_MARGIN_SECONDS = 30

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

export function isAccessTokenExpired(tokens: TokenSet, nowMs: number): boolean {
  const expiresAtSeconds = tokens.issued_at + tokens.expires_in - EXPIRY_MARGIN_SECONDS
  return nowMs / 1000 >= expiresAtSeconds
}
