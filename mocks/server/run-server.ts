import cluster from 'node:cluster'
import path from 'node:path'
import { appSchema } from '../../db/index'
import { createApiKeyCipher } from '../platform/crypto/api-key-cipher'
import { openStore } from '../platform/index'
import { ensureBuild } from './ensure-build'
import { type LocalServer, startLocalServer } from './local-server'
import { readServerConfig, type ServerConfig } from './server-config'
import { loadOrCreateSecret } from './server-secret'
import { superviseWorkers, type WorkerReady } from './worker-supervisor'

export interface RunOptions {
  /** The repository: dist/ and the sources the build depends on. */
  root: string
  /** Build the app when stale and serve it (`npm start`); false: the platform alone (tests). */
  withApp: boolean
}

/**
 * The server of `npm start`, configured by the environment: one process, or with WORKERS=N a
 * node:cluster primary that prepares once (build, secret, migrations) and forks N workers on
 * one port. A worker runs this same entry and only serves.
 */
export async function runServer(options: RunOptions): Promise<void> {
  const config = configOrExit()
  if (cluster.isWorker) return serveAsWorker(config, options)
  if (options.withApp) build(config, options.root)
  if (config.workers === 1) return serveAlone(config, options)

  // Before any worker: one secret for all (generated into DATA_DIR when not given), and the
  // schema migrated once, so the workers start on a ready database and race for nothing.
  const secret = await loadOrCreateSecret(config.dataDir, config.secret)
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    databaseOwnerUrl: config.databaseOwnerUrl,
    servingPassword: config.servingPassword,
    cipher: createApiKeyCipher(secret),
    app: appSchema,
  })
  await store.close()
  superviseWorkers({
    count: config.workers,
    log: (line) => console.log(`[server] ${line}`),
    onReady: (url) => announce(config, url, ` with ${config.workers} workers`),
  })
}

/** A bad setting is one line naming it, not a stack trace. */
function configOrExit(): ServerConfig {
  try {
    return readServerConfig()
  } catch (error) {
    console.error(`[server] ${(error as Error).message}`)
    process.exit(1)
  }
}

function build(config: ServerConfig, root: string) {
  // The downloadable extension talks to the app at the address this server answers on.
  const extensionOrigin =
    process.env.EXTENSION_APP_ORIGIN ?? config.publicOrigin ?? `http://localhost:${config.port}`
  ensureBuild(root, { ...process.env, EXTENSION_APP_ORIGIN: extensionOrigin })
}

function serve(config: ServerConfig, options: RunOptions, prefix: string): Promise<LocalServer> {
  return startLocalServer({
    ...config,
    distDir: options.withApp ? path.join(options.root, 'dist') : undefined,
    app: appSchema,
    log: (line) => console.log(`${prefix} ${line}`),
  })
}

async function serveAlone(config: ServerConfig, options: RunOptions) {
  const server = await serve(config, options, '[server]')
  announce(config, server.url)
  closeOnSignals(server)
}

async function serveAsWorker(config: ServerConfig, options: RunOptions) {
  const prefix = `[worker ${process.pid}]`
  try {
    const server = await serve(config, options, prefix)
    closeOnSignals(server)
    process.send?.({ type: 'ready', url: server.url } satisfies WorkerReady)
  } catch (error) {
    console.error(`${prefix} could not start: ${(error as Error).message}`)
    process.exit(1)
  }
}

function announce(config: ServerConfig, url: string, workers = '') {
  const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`
  console.log(`[server] Prompt Chat is running on ${url}${workers} — data: ${store}`)
  if (config.fakeProviders) {
    console.log(`[server] FAKE_PROVIDERS=1: LLM calls go to the fakes under ${url}/fake-providers`)
  }
}

function closeOnSignals(server: LocalServer) {
  let closing = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // Ctrl-C reaches a worker twice: from the terminal and from the primary.
      if (closing) return
      closing = true
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    })
  }
}
