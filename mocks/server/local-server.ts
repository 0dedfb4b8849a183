import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { type HttpBindings, serve } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { DEFAULT_DEVELOPMENT_ORIGINS } from '../../contract/auth-origins'
import { createApiKeyCipher } from '../platform/crypto/api-key-cipher'
import { type AppSchema, createPlatform, openStore, type SqlStore } from '../platform/index'
import { createPlatformRealtimeHub } from '../platform/realtime/realtime-api'
import {
  type ClusterOptions,
  openRealtimeCluster,
  servingAddress,
} from '../platform/realtime/realtime-cluster'
import { attachRealtimeServer } from '../platform/realtime/realtime-websocket-server'
import { createProviderFakes } from '../providers/create-provider-fakes'
import { indexWithFakeProviders, mountProviderFakes } from '../providers/provider-fake-routes'
import { compressedAnswers } from './compressed-answers'
import { appPagePolicy } from './page-policy'
import type { ServerConfig } from './server-config'
import { loadOrCreateSecret } from './server-secret'
import { revalidatedPage, serveFiles } from './static-files'

export interface LocalServer {
  url: string
  /** The database behind it, for tools and tests that inspect what is at rest. */
  store: SqlStore
  close(): Promise<void>
}

/** One server process: how many of them serve the port is run-server.ts's business. */
export interface LocalServerOptions extends Omit<ServerConfig, 'workers'> {
  /** Folder with the built app; omit to serve the platform alone (contract tests). */
  distDir?: string
  /** PostgreSQL schema to live in (test isolation); the default is the search_path's. */
  schema?: string
  /** The app's migrations and seed (db/ for Prompt Chat); without them, the platform alone. */
  app?: AppSchema
  log?: (line: string) => void
  /** PostgreSQL: the realtime heartbeat and presence TTL (tests shorten them). */
  realtimeTiming?: Pick<ClusterOptions, 'heartbeatMs' | 'presenceTtlMs'>
  /** PGlite in memory, the dataDir keeping only the other files (contract tests: openStore). */
  memoryDatabase?: boolean
}

/** The Chrome extension's zip in the built app (scripts/pack-extension.ts). */
const EXTENSION_ZIP = 'chrome-extension.zip'

/** Whether a path's last segment has a file extension (`/a/b.png`, not `/a/b` or `/a.b/`). */
function looksLikeFile(requestPath: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(requestPath.split('/').pop() ?? '')
}

const SECURITY_HEADERS = [
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
] as const

/**
 * One Node process on one port: the built app, the hosted /auth page and every /api route of
 * the mock platform.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const secret = await loadOrCreateSecret(options.dataDir, options.secret)
  const store = await openStore({
    databaseUrl: options.databaseUrl,
    databaseOwnerUrl: options.databaseOwnerUrl,
    servingPassword: options.servingPassword,
    dataDir: options.dataDir,
    memoryDatabase: options.memoryDatabase,
    schema: options.schema,
    cipher: createApiKeyCipher(secret),
    app: options.app,
  })
  const log = options.log ?? (() => {})
  // With PORT=0 the listening URL is known only once the server listens, below.
  let url = ''
  const platform = createPlatform({
    store,
    projectId: options.projectId,
    secret,
    log,
    filesDir: path.join(options.dataDir, 'files'),
    publicOrigin: () => options.publicOrigin ?? url,
    appOrigins: options.trustedParentOrigins,
  })

  // Realtime: on PostgreSQL every server on the database hears every other's messages and
  // members (LISTEN/NOTIFY); PGlite is one process and needs no such thing.
  const cluster = options.databaseUrl
    ? await openRealtimeCluster({
        store,
        connectionString: servingAddress(options),
        projectId: options.projectId,
        log,
        ...options.realtimeTiming,
      }).catch(async (error: unknown) => {
        await store.close()
        throw error
      })
    : undefined
  const hub = createPlatformRealtimeHub(platform.deps, {
    requireAuth: options.realtimeRequireAuth,
    cluster,
    changesListenUrl: options.databaseUrl ? servingAddress(options) : undefined,
  })

  const app = new Hono()
  app.use(async (c, next) => {
    // Tokens and codes travel in the address after login: never leak it to other sites. Set on
    // Node's response before any handler runs: writeHead merges them into every answer, and
    // no Headers object is built (or a body re-wrapped) per request.
    const { outgoing } = c.env as HttpBindings
    for (const [name, value] of SECURITY_HEADERS) outgoing.setHeader(name, value)
    if (!options.log) return next()
    const started = performance.now()
    await next()
    // Path only: query strings carry one-time codes and tokens, which never reach a log.
    log(
      `${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
    )
  })
  const forward = (c: Context) => platform.fetch(c.req.raw, c.env as HttpBindings)
  app.use('/api/*', compressedAnswers())
  app.get('/api/health', (c) => c.json({ ok: true, store: store.kind }))
  app.all('/api/*', forward)
  app.all('/auth', forward)
  app.all('/auth/*', forward)
  app.all('/fixtures/*', forward)
  if (options.fakeProviders) mountProviderFakes(app, createProviderFakes())
  if (options.distDir) {
    const root = options.distDir
    // With fake providers the page carries their base URLs, so index.html is never served raw.
    const fakeIndex = options.fakeProviders ? indexWithFakeProviders(options.distDir) : undefined
    const page = fakeIndex ? revalidatedPage(fakeIndex) : serveFiles({ root, file: '/index.html' })
    // After the platform's routes, so only the app's own page gets the app's policy.
    app.use('*', appPagePolicy(root, options.trustedParentOrigins ?? DEFAULT_DEVELOPMENT_ORIGINS))
    app.get('/', page).get('/index.html', page)
    // The packed extension (npm run build) downloads as a file, whatever the browser guesses.
    app.use(`/${EXTENSION_ZIP}`, async (c, next) => {
      await next()
      // In place, as securityHeaders() does: the file's body stays as it is.
      if (c.res.ok)
        c.res.headers.set('Content-Disposition', `attachment; filename="${EXTENSION_ZIP}"`)
    })
    app.use('/*', serveFiles({ root }))
    // A missing file is a 404, never the page: a download or script would get HTML instead.
    app.get('*', (c, next) => (looksLikeFile(c.req.path) ? c.notFound() : next()))
    // The app has no router paths: every other GET gets the single page.
    app.get('*', page)
  }

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () =>
      resolve(s),
    )
  })
  // The realtime WebSocket shares the port: upgrades go to the platform's hub.
  const closeRealtime = attachRealtimeServer(server as Server, hub)
  const { port } = server.address() as AddressInfo
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`
  return {
    url,
    store,
    async close() {
      await closeRealtime()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await store.close()
    },
  }
}
