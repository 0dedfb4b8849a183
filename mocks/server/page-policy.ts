import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'

// The app page's Content-Security-Policy (docs/security.md, "The page's policy"). Scripts run
// only from the app's own origin, plus the inline scripts index.html was built with, each named
// by its hash; so markup that slips into the page can never run script.

/** Inline scripts a browser would run: no `src`, and a JavaScript type (or none). */
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi
const RUNS = /^(|text\/javascript|module|application\/javascript)$/i

/** `'sha256-…'` for each inline script of the page, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attributes}`)?.[1] ?? ''
    if (!RUNS.test(type)) continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}

/**
 * The policy for a page with these inline scripts. What it allows beyond the app's origin, and
 * why:
 * - styles inline: sonner adds its stylesheet at run time, and views set style attributes;
 * - images from https sites: a reply's markdown shows another site's image once the user asks
 *   (docs/security.md, "Remote images"); plain http never loads in the page;
 * - connections anywhere: the browser calls the providers and the user's own OpenAI-compatible
 *   servers directly with the user's keys (docs/product/servers.md), and realtime is a socket.
 * And who may frame it: the app itself and the configured parents only (docs/security.md,
 * "Framing and the parent bridge"), since a framing page could otherwise post it tokens.
 */
export function pagePolicy(hashes: string[], parents: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https: http: wss: ws:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    ['frame-ancestors', "'self'", ...parents].join(' '),
  ].join('; ')
}

/**
 * Sets the policy on every HTML answer after it: the single page, wherever it is served. Read
 * once from the built index.html, whose inline scripts are fixed at build time. Browsers too
 * old for `frame-ancestors` get X-Frame-Options, which can name no other origin.
 */
export function appPagePolicy(distDir: string, parents: readonly string[]): MiddlewareHandler {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const policy = pagePolicy(inlineScriptHashes(html), parents)
  return async (c, next) => {
    await next()
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.set('Content-Security-Policy', policy)
      c.res.headers.set('X-Frame-Options', 'SAMEORIGIN')
    }
  }
}
