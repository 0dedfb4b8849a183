// The session types belong to the wire contract; the SDK hands them to its callers as they are.
export type { TokenSet, User } from '../../contract/auth-session'

/** The minimal Web Storage surface the SDK needs (localStorage in the browser, a Map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
