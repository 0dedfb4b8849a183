/**
 * Which origins the auth flow trusts, beside the auth host itself: local development hosts
 * (Vite's dev server, the local platform). The SDK checks a parent window's origin with it,
 * the platform's auth page a redirect target (docs/wire-contract.md, "Iframe token messages").
 */
const LOCAL_DEVELOPMENT_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An http(s) address, or null for anything else (unparsable, file:, javascript:…). */
function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/** Whether a parent window at `origin` may hand us tokens or sign us out. */
export function isTrustedParentOrigin(origin: string, authUrl: string): boolean {
  const parsed = httpUrl(origin)
  if (!parsed) return false
  if (LOCAL_DEVELOPMENT_HOSTS.has(parsed.hostname)) return true
  return parsed.origin === httpUrl(authUrl)?.origin
}

/**
 * Where the auth page may send a one-time code: back to its own origin, or to a local
 * development host. Anything else is an open-redirect attempt.
 */
export function isAllowedRedirect(redirectUrl: string, ownOrigin: string): boolean {
  const url = httpUrl(redirectUrl)
  if (!url || url.username || url.password) return false
  return url.origin === ownOrigin || LOCAL_DEVELOPMENT_HOSTS.has(url.hostname)
}
