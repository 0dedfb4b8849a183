import type { TokenSet } from './auth-session'

/**
 * A client counts an access token as expired this many seconds early, so a request (or the
 * app's scheduled refresh) never presents one the server is about to refuse. The one margin:
 * the SDK's staleness check and the auth machine's refresh schedule both read it
 * (docs/architecture.md, "Who owns the tokens").
 */
export const TOKEN_EXPIRY_MARGIN_S = 30

/** When the token set should be replaced, in milliseconds since the epoch. */
export function refreshDueAtMs(tokens: TokenSet): number {
  return (tokens.issued_at + tokens.expires_in - TOKEN_EXPIRY_MARGIN_S) * 1000
}
