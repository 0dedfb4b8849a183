const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Where the auth page may send a one-time code: back to its own origin, or to a local
 * development host (Vite's dev server). Anything else is an open-redirect attempt.
 */
export function isAllowedRedirect(redirectUrl: string, ownOrigin: string): boolean {
  let url: URL
  try {
    url = new URL(redirectUrl)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (url.username || url.password) return false
  return url.origin === ownOrigin || LOCAL_HOSTS.has(url.hostname)
}
