import type { AccessTokens } from './auth/access-token'
import type { HostLookup } from './data/host-lookup'
import type { SqlStore } from './store/sql-store'

/** What every area of the mock platform is built from; injected, so tests control it all. */
export interface PlatformDeps {
  store: SqlStore
  accessTokens: AccessTokens
  projectId: string
  /** The platform clock (tokens, timestamps, expiries). */
  now: () => Date
  /** Folder for files the platform keeps (uploads, generated images and audio). */
  filesDir: string
  log: (line: string) => void
  /** The configured origin the platform is served under (never the request's Host header). */
  publicOrigin: () => string
  /** Resolves host names for the data API's fetch policy. */
  lookupHost: HostLookup
}
