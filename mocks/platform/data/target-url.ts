/**
 * Which URLs the data API may act on, and which it may really fetch.
 *
 * Only http(s) URLs are accepted at all. Only the platform's own origin is fetched over the
 * network (its fixture pages, for real conversion); every other host gets a deterministic
 * offline answer, so the platform never reaches the internet or an internal address (SSRF).
 * The own origin is read from the request, whose Host header a caller controls, so it is
 * trusted only when it names this machine's loopback interface.
 */

export type TargetCheck = { ok: true; url: URL } | { ok: false; message: string }

export function checkTargetUrl(value: unknown, field = 'url'): TargetCheck {
  if (typeof value !== 'string' || !value.trim()) {
    return { ok: false, message: `The ${field} field is required and must be a URL string` }
  }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return { ok: false, message: `Invalid URL: ${value}` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `Unsupported URL scheme "${url.protocol}": only http and https` }
  }
  return { ok: true, url }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Paths of the own origin never fetched: the data API itself (no request loops). */
const NEVER_FETCHED = /^\/api\/data(\/|$)/

/** True when `url` is on the platform's own (loopback) origin and may be fetched for real. */
export function isFetchableOwnUrl(url: URL, requestUrl: string): boolean {
  const own = new URL(requestUrl)
  return (
    url.origin === own.origin &&
    LOOPBACK_HOSTS.has(own.hostname) &&
    !NEVER_FETCHED.test(url.pathname)
  )
}
