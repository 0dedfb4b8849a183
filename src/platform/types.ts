/** A token set as the auth host issues it; `issued_at` is added by the client (seconds since epoch). */
export interface TokenSet {
  access_token: string
  refresh_token?: string
  token_type: 'Bearer'
  expires_in: number
  refresh_expires_in?: number
  issued_at: number
}

/** The signed-in user as the SDK returns it (camelCase). */
export interface User {
  id: string
  email: string
  displayName?: string | null
}

/** The minimal Web Storage surface the SDK needs (localStorage in the browser, a Map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
