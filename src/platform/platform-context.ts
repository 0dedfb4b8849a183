import type { AuthClient } from './auth-client'
import type { BrowserFacts } from './browser-facts'
import type { FetchLike, HttpClient } from './http-client'
import type { KeyValueStorage } from './types'

/** A WebSocket class: the browser's, or the `ws` package's in Node (Node 20 has none built in). */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocket

/** What every SDK module is built from (one object, so modules stay decoupled from the wiring). */
export interface PlatformContext {
  http: HttpClient
  auth: AuthClient
  projectId: string
  authUrl: string
  coreUrl: string
  storage: KeyValueStorage
  fetch: FetchLike
  WebSocket: WebSocketConstructor | undefined
  browser: BrowserFacts
  /** Milliseconds since the epoch. */
  now: () => number
}
