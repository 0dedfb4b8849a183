import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import type { ProviderFakes } from './create-provider-fakes'
import type { FakeProviderName } from './fake-types'
import { injectAppConfig } from './inject-app-config'
import { keySentWith, maskRecordedRequest, sentWithKeys } from './recorded-requests-view'

/** Where the local server mounts the fakes; each is a drop-in base URL for its provider. */
export const FAKE_PROVIDERS_PREFIX = '/fake-providers'
/**
 * Where it mounts the fake OpenAI-compatible server: the base URL a user enters is the
 * server's origin plus this (`/v1/models`, `/v1/chat/completions` below it).
 */
export const FAKE_COMPATIBLE_PREFIX = '/fake-compatible'
const PROVIDERS: readonly FakeProviderName[] = ['openai', 'anthropic', 'google']

/**
 * Mounts the fakes under `/fake-providers/{provider}/…` and the compatible server under
 * `/fake-compatible/…`, plus `GET /fake-providers/requests` (what they all received, keys
 * masked) and `DELETE /fake-providers/requests` (forget it). Both take `?key=` (repeatable):
 * only the requests sent with those keys, so tests running side by side against one server
 * each see and forget only their own.
 */
export function mountProviderFakes(app: Hono, fakes: ProviderFakes): void {
  // Like the real APIs, the fakes answer pages of any origin (e.g. `npm run dev` on :5173).
  app.use(`${FAKE_PROVIDERS_PREFIX}/*`, cors())
  app.use(`${FAKE_COMPATIBLE_PREFIX}/*`, cors())
  for (const provider of PROVIDERS) {
    app.all(`${FAKE_PROVIDERS_PREFIX}/${provider}/*`, (c) => fakes[provider](c.req.raw))
  }
  app.all(`${FAKE_COMPATIBLE_PREFIX}/*`, (c) => fakes.compatible(c.req.raw))
  app.get(`${FAKE_PROVIDERS_PREFIX}/requests`, (c) =>
    c.json(sentWithKeys(fakes.requests, c.req.queries('key') ?? []).map(maskRecordedRequest)),
  )
  app.delete(`${FAKE_PROVIDERS_PREFIX}/requests`, (c) => {
    const keys = c.req.queries('key') ?? []
    fakes.clearRequests(
      keys.length === 0 ? undefined : (request) => !keys.includes(keySentWith(request) ?? ''),
    )
    return c.body(null, 204)
  })
}

/** The fakes' base URLs on the origin the page was loaded from. */
export function fakeProviderBaseUrls(origin: string): Record<FakeProviderName, string> {
  return {
    openai: `${origin}${FAKE_PROVIDERS_PREFIX}/openai`,
    anthropic: `${origin}${FAKE_PROVIDERS_PREFIX}/anthropic`,
    google: `${origin}${FAKE_PROVIDERS_PREFIX}/google`,
  }
}

/**
 * Serves the built index.html with the fakes' base URLs injected, so the app (built once)
 * calls the fakes instead of the real providers.
 */
export function indexWithFakeProviders(distDir: string) {
  return async (c: Context) => {
    const html = await readFile(path.join(distDir, 'index.html'), 'utf8')
    const origin = new URL(c.req.url).origin
    return c.html(injectAppConfig(html, { providerBaseUrls: fakeProviderBaseUrls(origin) }))
  }
}
