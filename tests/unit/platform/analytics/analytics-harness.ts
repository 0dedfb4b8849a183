import {
  type AnalyticsClient,
  createAnalyticsClient,
} from '../../../../src/platform/analytics/analytics-client'
import { type AuthClient, createAuthClient } from '../../../../src/platform/auth-client'
import type { BrowserFacts } from '../../../../src/platform/browser-facts'
import { createHttpClient, type HttpClient } from '../../../../src/platform/http-client'
import type { PlatformContext } from '../../../../src/platform/platform-context'
import type { KeyValueStorage } from '../../../../src/platform/types'
import { createFakeTimers } from './fake-timers'

export const ORIGIN = 'http://localhost:3000'

export function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

export interface HarnessOptions {
  storage?: KeyValueStorage
  timers?: ReturnType<typeof createFakeTimers>
  browser?: Partial<BrowserFacts>
  fetch?: (input: string, init?: RequestInit) => Promise<Response>
}

/**
 * An analytics client over a real http and auth client, with hand-driven timers, and a record
 * of every log request it made (so tests can wait for the network and see what went out).
 */
export function analyticsHarness(options: HarnessOptions = {}) {
  const storage = options.storage ?? memoryStorage()
  const timers = options.timers ?? createFakeTimers()
  const sent: Record<string, unknown>[][] = []
  const inFlight = new Set<Promise<unknown>>()
  let auth: AuthClient | undefined
  const baseHttp = createHttpClient({
    authUrl: ORIGIN,
    coreUrl: ORIGIN,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    getAccessToken: async () => (auth?.getTokens() ? auth.getValidAccessToken() : null),
  })
  const http: HttpClient = {
    request(path, requestOptions) {
      if (path.endsWith('/log')) {
        sent.push(
          (requestOptions?.body as { events: Record<string, unknown>[] } | undefined)?.events ?? [],
        )
      }
      const pending = baseHttp.request(path, requestOptions)
      inFlight.add(pending)
      void pending.catch(() => {}).finally(() => inFlight.delete(pending))
      return pending as never
    },
  }
  auth = createAuthClient({
    authUrl: ORIGIN,
    projectId: 'prompt-chat',
    storage,
    http,
    now: timers.now,
  })
  const browser: BrowserFacts = {
    href: () => `${ORIGIN}/`,
    referrer: () => '',
    screenWidth: () => 1440,
    doNotTrack: () => false,
    ...options.browser,
  }
  const context: PlatformContext = {
    http,
    auth,
    projectId: 'prompt-chat',
    authUrl: ORIGIN,
    coreUrl: ORIGIN,
    storage,
    fetch: (input, init) => globalThis.fetch(input, init),
    WebSocket: undefined,
    browser,
    now: timers.now,
  }
  const analytics: AnalyticsClient = createAnalyticsClient(context, timers)
  return {
    analytics,
    auth,
    storage,
    timers,
    sent,
    /** Waits until no request is in flight (sends may chain another send). */
    async settled() {
      while (inFlight.size > 0) {
        await Promise.allSettled([...inFlight])
        // Let the client's own continuations (re-queue, next batch) run.
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
  }
}
