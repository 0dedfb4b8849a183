/** A signed-in session as the auth host hands it out: the tokens, and whose they are. */

/** What `POST /api/auth/token` and `POST /api/auth/refresh` answer. */
export interface TokenResponse {
  access_token: string
  refresh_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_expires_in: number
}

/**
 * Tokens as a client keeps them: the answer plus `issued_at` (seconds since epoch), which the
 * client adds. A parent window may hand over tokens without the refresh pair.
 */
export interface TokenSet
  extends Omit<TokenResponse, 'refresh_token' | 'refresh_expires_in'>,
    Partial<Pick<TokenResponse, 'refresh_token' | 'refresh_expires_in'>> {
  issued_at: number
}

/** The signed-in user as the SDK returns it (`GET /api/auth/me`, keys camelCased). */
export interface User {
  id: string
  email: string
  displayName?: string | null
}
