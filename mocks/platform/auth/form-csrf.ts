import { createHash, timingSafeEqual } from 'node:crypto'
import { newOpaqueToken } from '../crypto/opaque-token'
import { isOpaqueToken } from './auth-input'

/**
 * Login CSRF defence for the hosted form (docs/security.md): a double-submit token plus the
 * browser's own word on where the POST came from.
 *
 * Double-submit rather than an HMAC-signed token: there is no session before sign-in to bind
 * a signature to, and a random value needs neither a server key nor stored state. GET /auth
 * sets it in an HttpOnly, SameSite=Strict cookie and in a hidden field; a POST must carry
 * both, equal. A cross-site page can neither read the cookie nor make the browser send it.
 * Cookies ignore ports, so a page on another localhost port could plant one; that page's POST
 * is same-site, not same-origin, and the Origin / Sec-Fetch-Site check refuses it.
 */
export const CSRF_FIELD = 'csrf_token'

/** How long an open sign-in page stays usable. */
export const CSRF_COOKIE_MAX_AGE_SECONDS = 2 * 60 * 60

/**
 * `__Host-` demands Secure, which browsers do not store from plain http (the local server on
 * http://localhost). Over http the cookie is scoped to /auth instead; over https it gets the
 * prefix, which also stops a sibling subdomain from planting it.
 */
function cookieFor(request: Request) {
  return new URL(request.url).protocol === 'https:'
    ? { name: '__Host-auth_csrf', attributes: 'Path=/; Secure; HttpOnly; SameSite=Strict' }
    : { name: 'auth_csrf', attributes: 'Path=/auth; HttpOnly; SameSite=Strict' }
}

function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return null
}

/**
 * The form's token and the cookie that goes with it. An open page's token is kept (another
 * tab's form stays valid); only a missing or malformed one is replaced.
 */
export function formToken(request: Request): { token: string; setCookie: string } {
  const { name, attributes } = cookieFor(request)
  const current = cookieValue(request, name)
  const token = current && isOpaqueToken(current) ? current : newOpaqueToken()
  return {
    token,
    setCookie: `${name}=${token}; ${attributes}; Max-Age=${CSRF_COOKIE_MAX_AGE_SECONDS}`,
  }
}

/** Spends the token after a successful sign-in: a used form is not submitted twice. */
export function spentTokenCookie(request: Request): string {
  const { name, attributes } = cookieFor(request)
  return `${name}=; ${attributes}; Max-Age=0`
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Whether a form POST comes from our own page. Browsers that send Origin / Sec-Fetch-Site
 * (all current ones) must say same-origin; the token must hold either way.
 */
export function isOwnForm(request: Request, fieldToken: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  // 'none' is the user's own action (typed address, bookmark), never another page's.
  if (site !== null && site !== 'same-origin' && site !== 'none') return false
  // `Origin: null` says nothing: our page's no-referrer policy makes Chromium send it even
  // for its own form. Sec-Fetch-Site and the token decide then.
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== 'null' && !isSameHost(origin, request.url)) return false
  const cookie = cookieValue(request, cookieFor(request).name)
  if (!cookie || !isOpaqueToken(cookie) || !isOpaqueToken(fieldToken)) return false
  return timingSafeEqual(digest(cookie), digest(fieldToken))
}

/**
 * Host and port only: behind a TLS-terminating proxy our request URL says http while the
 * browser's Origin says https.
 */
function isSameHost(origin: string, requestUrl: string): boolean {
  try {
    return new URL(origin).host === new URL(requestUrl).host
  } catch {
    return false
  }
}
