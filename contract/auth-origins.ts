/**
 * Which origins the auth flow trusts (docs/security.md, "Framing and the parent bridge").
 * A parent window may hand the app tokens or sign it out, so only a configured list may: the
 * auth host, the app's own origin, and the local development origins (by default Vite's dev
 * server). Any other page, another port on this machine included, is a stranger.
 */
/** The local development origins trusted when none are configured: Vite's dev server. */
export const DEFAULT_DEVELOPMENT_ORIGINS: readonly string[] = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
]

/** An http(s) address, or null for anything else (unparsable, file:, javascript:…). */
function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/**
 * A configured list of origins (comma- or space-separated), each normalised (`https://a.b:443`
 * is `https://a.b`). Unset means the defaults; an empty text means none. Throws on an entry
 * that is not an http(s) origin, so a typo never silently trusts nobody or somebody else.
 */
export function parseOriginList(
  text: string | undefined,
  defaults: readonly string[] = DEFAULT_DEVELOPMENT_ORIGINS,
): string[] {
  if (text === undefined) return [...defaults]
  // Stryker disable Regex: one separator at a time leaves empty entries, which the filter drops
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const url = httpUrl(entry)
      const originOnly = url && url.pathname === '/' && !url.search && !url.hash && !url.username
      if (!originOnly) {
        throw new Error(`Not an http(s) origin such as https://app.example.com: "${entry}"`)
      }
      return url.origin
    })
  // Stryker restore Regex
}

/**
 * Every origin a parent window may speak from: the auth host's, the app's own and the
 * configured development origins, normalised and without repeats. Unparsable ones are left out.
 */
export function trustedParentOrigins(
  authUrl: string,
  appOrigin: string,
  developmentOrigins: readonly string[],
): string[] {
  const origins = [authUrl, appOrigin, ...developmentOrigins].map((text) => httpUrl(text)?.origin)
  return [...new Set(origins.filter((origin): origin is string => Boolean(origin)))]
}

/** Whether a parent window at `origin` may hand us tokens or sign us out. */
export function isTrustedParentOrigin(origin: string, trusted: readonly string[]): boolean {
  const parsed = httpUrl(origin)
  return parsed !== null && parsed.origin === origin && trusted.includes(origin)
}

/**
 * Where the auth page may send a one-time code: back to its own origin, or to one of the
 * configured app origins (by default Vite's dev server). Anything else, another port on this
 * machine included, is an open-redirect attempt that would hand the code to a stranger.
 */
export function isAllowedRedirect(
  redirectUrl: string,
  ownOrigin: string,
  appOrigins: readonly string[],
): boolean {
  const url = httpUrl(redirectUrl)
  if (!url || url.username || url.password) return false
  return url.origin === ownOrigin || appOrigins.includes(url.origin)
}
