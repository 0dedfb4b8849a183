/**
 * Whether a value is a URL the data API can act on at all: an http(s) URL. Where it then goes
 * (read in-process, refused, answered offline) is target-policy.ts's decision.
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
