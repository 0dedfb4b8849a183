import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { DEFAULT_DEVELOPMENT_ORIGINS } from '../../contract/auth-origins'
import { aiApi } from './ai/ai-api'
import { analyticsApi } from './analytics/analytics-api'
import { createAccessTokens } from './auth/access-token'
import { authApi } from './auth/auth-api'
import { authPage } from './auth/auth-page'
import { createAuthService } from './auth/auth-service'
import { createApiKeyCipher } from './crypto/api-key-cipher'
import { deriveKey } from './crypto/derive-key'
import { dataApi } from './data/data-api'
import { fixturePages } from './data/fixture-pages'
import { type HostLookup, systemLookup } from './data/host-lookup'
import { databaseInputResponse } from './http/database-error'
import { jsonBodyLimit } from './http/json-body-limit'
import { apiError, BodyTooDeepError, restError } from './http/json-error'
import { notificationsApi } from './notifications/notifications-api'
import type { PlatformDeps } from './platform-deps'
import { realtimeApi } from './realtime/realtime-api'
import { createColumnCrypto } from './rest/encrypted-columns'
import { restApi } from './rest/rest-api'
import { createTableCatalog } from './rest/table-catalog'
import { storageApi } from './storage/storage-api'
import type { SqlStore } from './store/sql-store'

export interface PlatformOptions {
  store: SqlStore
  projectId: string
  /** The server secret: signs access tokens and encrypts stored API keys (via HKDF). */
  secret: string
  /** Injected clock, so tests can expire tokens and codes without waiting. */
  now?: () => Date
  /** scrypt cost; tests lower it, production keeps the memory-hard default. */
  passwordCost?: number
  log?: (line: string) => void
  /** Where uploaded and generated files live; a fresh temporary folder when omitted (tests). */
  filesDir?: string
  /**
   * The origin the app reaches the platform at, default http://localhost:3000; a function when
   * it is known only once the server listens (PORT=0). The data API reads this origin's
   * /fixtures pages in-process and never trusts the Host header.
   */
  publicOrigin?: string | (() => string)
  /** DNS for the data API's fetch policy; the system resolver by default. */
  lookupHost?: HostLookup
  /**
   * The apps, beside the platform's own origin, that sign in here: the sign-in page sends its
   * one-time code only to them (default: Vite's dev server; docs/security.md).
   */
  appOrigins?: readonly string[]
}

/**
 * The mock platform: one fetch-style handler implementing the platform's contract. The local
 * server, the MSW handlers of the tests and the e2e suite all run this same code.
 */
export function createPlatform(options: PlatformOptions) {
  if (options.secret.length < 32)
    throw new Error('The platform secret must be at least 32 characters')
  const now = options.now ?? (() => new Date())
  const log = options.log ?? (() => {})
  const accessTokens = createAccessTokens(deriveKey(options.secret, 'jwt-signing'), now)
  const auth = createAuthService({
    store: options.store,
    accessTokens,
    now,
    passwordCost: options.passwordCost,
  })
  const crypto = createColumnCrypto(createApiKeyCipher(options.secret))

  const deps: PlatformDeps = {
    store: options.store,
    accessTokens,
    projectId: options.projectId,
    now,
    filesDir: options.filesDir ?? mkdtempSync(path.join(tmpdir(), 'prompt-chat-files-')),
    log,
    publicOrigin: originOf(options.publicOrigin ?? 'http://localhost:3000'),
    lookupHost: options.lookupHost ?? systemLookup,
  }

  const app = new Hono()
  app.route(
    '/auth',
    authPage(auth, options.projectId, options.appOrigins ?? DEFAULT_DEVELOPMENT_ORIGINS),
  )
  app.route('/fixtures', fixturePages())
  for (const api of [
    '/api/auth',
    '/api/ai',
    '/api/data',
    '/api/realtime',
    '/api/notifications',
    '/api/analytics',
    '/api/storage',
  ]) {
    app.use(`${api}/*`, jsonBodyLimit)
  }
  app.route('/api/auth', authApi(auth, accessTokens))
  app.route(
    '/api/db',
    restApi({
      store: options.store,
      catalog: createTableCatalog(options.store),
      accessTokens,
      crypto,
      projectId: options.projectId,
      now,
      log,
    }),
  )
  app.route('/api/storage', storageApi(deps))
  app.route('/api/ai', aiApi(deps))
  app.route('/api/data', dataApi(deps))
  app.route('/api/realtime', realtimeApi(deps))
  app.route('/api/notifications', notificationsApi(deps))
  app.route('/api/analytics', analyticsApi(deps))
  app.notFound(() => restError(404, { code: 'NOT_FOUND', message: 'No such endpoint' }))
  app.onError((error) => {
    // Bad data the database refused (22xxx, 23xxx) is the caller's: a 400 (or 409), as the
    // table API answers, wherever an API's own checks missed it.
    const refused = databaseInputResponse(error)
    if (refused) return refused
    if (error instanceof BodyTooDeepError) return apiError(400, 'invalid_request', error.message)
    // A fault of ours, never a client's: log the kind, not the request (it may hold secrets).
    log(`platform: unexpected ${error.name}: ${error.message}`)
    return restError(500, { code: 'INTERNAL', message: 'Internal server error' })
  })

  return {
    app,
    deps,
    /**
     * `bindings`: the host's own, when it has any (the local server passes @hono/node-server's,
     * so bodies are read from Node's stream: http/request-body.ts).
     */
    fetch: (request: Request, bindings?: object) => Promise.resolve(app.fetch(request, bindings)),
  }
}

export type Platform = ReturnType<typeof createPlatform>

function originOf(origin: string | (() => string)): () => string {
  return typeof origin === 'function' ? origin : () => origin
}
