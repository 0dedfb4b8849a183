import type { AiClient } from './ai/ai-client'
import type { AnalyticsClient } from './analytics/analytics-client'
import { lazyAnalyticsClient } from './analytics/lazy-analytics'
import { type AuthClient, createAuthClient } from './auth-client'
import { type BrowserFacts, defaultBrowserFacts } from './browser-facts'
import type { DataClient } from './data/data-client'
import { createDbClient, type DbClient } from './db-client'
import { createHttpClient, type FetchLike, type HttpClient } from './http-client'
import { lazyService } from './lazy-service'
import type { NotificationsClient } from './notifications/notifications-client'
import type { PlatformContext, WebSocketConstructor } from './platform-context'
import { lazyRealtimeClient } from './realtime/lazy-realtime'
import type { RealtimeClient } from './realtime/realtime-client'
import type { StorageClient } from './storage/storage-client'
import type { KeyValueStorage } from './types'

export interface PlatformClientConfig {
  projectId: string
  authUrl: string
  coreUrl: string
  storage: KeyValueStorage
  fetch?: FetchLike
  /** The WebSocket class for realtime; the global one by default. */
  WebSocket?: WebSocketConstructor
  /** Facts about the page (analytics); read from the global window by default. */
  browser?: Partial<BrowserFacts>
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number
}

export interface PlatformClient {
  auth: AuthClient
  db: DbClient
  http: HttpClient
  storage: StorageClient
  ai: AiClient
  data: DataClient
  realtime: RealtimeClient
  notifications: NotificationsClient
  analytics: AnalyticsClient
}

export function createPlatformClient(config: PlatformClientConfig): PlatformClient {
  // Looked up at call time, so a fetch patched in later (MSW's interceptor) is the one used.
  const fetchImpl: FetchLike = config.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const now = config.now ?? Date.now

  // The http client asks auth for a token, and auth talks through the http client.
  let auth: AuthClient | undefined
  const getAccessToken = async (rejected?: string) =>
    auth?.getTokens() ? auth.getValidAccessToken(rejected) : null
  const http = createHttpClient({
    authUrl: config.authUrl,
    coreUrl: config.coreUrl,
    fetch: fetchImpl,
    getAccessToken,
  })
  auth = createAuthClient({
    authUrl: config.authUrl,
    projectId: config.projectId,
    storage: config.storage,
    http,
    now,
  })
  const context: PlatformContext = {
    http,
    auth,
    projectId: config.projectId,
    authUrl: config.authUrl,
    coreUrl: config.coreUrl,
    storage: config.storage,
    fetch: fetchImpl,
    WebSocket: config.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket,
    browser: { ...defaultBrowserFacts(), ...config.browser },
    now,
  }
  // Auth, db and http are what every app starts with; the other services load on first use
  // (docs/performance.md, "Split"), so an app that never calls one never downloads it.
  return {
    auth,
    db: createDbClient(http, config.projectId),
    http,
    storage: lazyService<StorageClient>(
      () => import('./storage/storage-client').then((m) => m.createStorageClient(context)),
      { upload: 'call', download: 'call', remove: 'call', read: 'call' },
    ),
    ai: lazyService<AiClient>(
      () => import('./ai/ai-client').then((m) => m.createAiClient(context)),
      {
        generateText: 'call',
        streamText: 'call',
        streamTextEvents: 'stream',
        generateObject: 'call',
        generateImage: 'call',
        modifyImage: 'call',
        generateSpeech: 'call',
        transcribeAudio: 'call',
      },
    ),
    data: lazyService<DataClient>(
      () => import('./data/data-client').then((m) => m.createDataClient(context)),
      {
        extractFromUrl: 'call',
        extractFromBlob: 'call',
        scrape: 'call',
        screenshot: 'call',
        fetch: 'call',
        fetchJob: 'call',
        search: 'call',
      },
    ),
    realtime: lazyRealtimeClient(context),
    notifications: lazyService<NotificationsClient>(
      () =>
        import('./notifications/notifications-client').then((m) =>
          m.createNotificationsClient(context),
        ),
      { sendEmail: 'call' },
    ),
    analytics: lazyAnalyticsClient(context),
  }
}
