import path from 'node:path'
import { parseOriginList } from '../../contract/auth-origins'

/** Everything the local platform server reads from the environment, with its defaults. */
export interface ServerConfig {
  port: number
  /** Where PGlite's files, uploaded files and the generated secret live. */
  dataDir: string
  /** When set, PostgreSQL replaces the embedded PGlite (see docs/security.md for its role). */
  databaseUrl: string | undefined
  /** PostgreSQL: the owner's address for migrations, when `databaseUrl` is the serving role. */
  databaseOwnerUrl?: string
  /** PostgreSQL: the password of platform_authenticator, when served through `databaseUrl`'s address. */
  servingPassword?: string
  projectId: string
  /** Signs access tokens and encrypts stored API keys; generated into dataDir when unset. */
  secret: string | undefined
  host: string
  /**
   * VITE_TRUSTED_PARENT_ORIGINS, the same setting the app is built with: the pages beside the
   * app's own origin that may frame it (default: Vite's dev server; docs/security.md).
   */
  trustedParentOrigins?: string[]
  /** FAKE_PROVIDERS=1: serve the provider fakes and point the app at them (e2e, demos). */
  fakeProviders?: boolean
  /** PUBLIC_ORIGIN: the origin browsers reach the server at; derived from HOST/PORT when unset. */
  publicOrigin?: string
  /**
   * REALTIME_REQUIRE_AUTH=1: refuse realtime sockets without a token. By default they are
   * accepted, anonymous, as the hosted platform does (docs/security.md, "Realtime sockets").
   */
  realtimeRequireAuth?: boolean
  /**
   * WORKERS: how many processes serve the port (node:cluster), default 1. More than one needs
   * DATABASE_URL (docs/wire-contract.md, "Several servers on one PostgreSQL").
   */
  workers: number
}

export const DEFAULT_PROJECT_ID = 'prompt-chat'

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  }
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || undefined,
    servingPassword: env.PLATFORM_DB_PASSWORD || undefined,
    projectId: env.VITE_PROJECT_ID || DEFAULT_PROJECT_ID,
    secret: env.PLATFORM_SECRET || undefined,
    host: env.HOST || '127.0.0.1',
    trustedParentOrigins: parseOriginList(env.VITE_TRUSTED_PARENT_ORIGINS),
    fakeProviders: env.FAKE_PROVIDERS === '1',
    publicOrigin: env.PUBLIC_ORIGIN ? readOrigin(env.PUBLIC_ORIGIN) : undefined,
    realtimeRequireAuth: env.REALTIME_REQUIRE_AUTH === '1',
    workers: readWorkers(env.WORKERS, env.DATABASE_URL),
  }
}

/** One worker per core is the point; far more is a typo that would exhaust the database's connections. */
const MAX_WORKERS = 256

function readWorkers(value: string | undefined, databaseUrl: string | undefined): number {
  if (value === undefined || value === '') return 1
  const workers = /^[1-9][0-9]{0,3}$/.test(value) ? Number(value) : Number.NaN
  if (!(workers <= MAX_WORKERS)) {
    throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, got "${value}"`)
  }
  if (workers > 1 && !databaseUrl) {
    throw new Error(
      `WORKERS=${workers} needs DATABASE_URL: PGlite is an embedded database that only one process can open, so without PostgreSQL the server runs as one process (WORKERS=1)`,
    )
  }
  return workers
}

function readOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(
      `PUBLIC_ORIGIN must be an http(s) origin such as https://chat.example.com, got "${value}"`,
    )
  }
  return url.origin
}
