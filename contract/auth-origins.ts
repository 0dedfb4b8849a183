const LOCAL_DEVELOPMENT_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether a parent window at `origin` may hand us tokens or sign us out: only the auth host
 * itself and local development hosts (DESIGN §3). Anything unparsable is refused.
 */
export function isTrustedParentOrigin(origin: string, authUrl: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  if (LOCAL_DEVELOPMENT_HOSTS.has(parsed.hostname)) return true
  try {
    return parsed.origin === new URL(authUrl).origin
  } catch {
    return false
  }
}
