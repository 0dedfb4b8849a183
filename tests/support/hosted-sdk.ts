import { WebSocket as NodeWebSocket } from 'ws'

/** The hosts the hosted SDK (@blinkdotnew/sdk 0.17.3) has hard-coded. */
const HOSTED_ORIGINS = ['https://blink.new', 'https://core.blink.new']
const HOSTED_SOCKET_ORIGIN = 'wss://core.blink.new'

/** `url` with a hosted origin replaced by `target`; any other URL as it is. */
function rewrite(url: string, origins: string[], target: string): string {
  for (const origin of origins) {
    const rest = url.slice(origin.length)
    // `https://blink.new/x`, not `https://blink.new.example/x`.
    if (url.startsWith(origin) && (rest === '' || /^[/?#]/.test(rest))) return target + rest
  }
  return url
}

/**
 * Points the unmodified hosted SDK at a local server, the way an app would without touching
 * the SDK (docs/wire-contract.md, "Running the hosted SDK on this platform"): the global
 * `fetch` rewrites the two hosted origins to the server's, and the global `WebSocket` (which
 * Node 20 lacks, so the SDK would otherwise try `require('ws')`) rewrites `wss://core.blink.new`
 * to the server's `ws://` address. `target` is read at each call. Returns the undo.
 */
export function routeHostedSdkTo(target: () => string): () => void {
  const originalFetch = globalThis.fetch
  const hadWebSocket = 'WebSocket' in globalThis
  const originalWebSocket = (globalThis as { WebSocket?: unknown }).WebSocket

  globalThis.fetch = (input, init) => {
    if (typeof input === 'string' || input instanceof URL) {
      return originalFetch(rewrite(String(input), HOSTED_ORIGINS, target()), init)
    }
    const url = rewrite(input.url, HOSTED_ORIGINS, target())
    return originalFetch(url === input.url ? input : new Request(url, input), init)
  }

  class LocalWebSocket extends NodeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      const socketTarget = target().replace(/^http/, 'ws')
      super(rewrite(String(url), [HOSTED_SOCKET_ORIGIN], socketTarget), protocols)
    }
  }
  ;(globalThis as { WebSocket?: unknown }).WebSocket = LocalWebSocket

  return () => {
    globalThis.fetch = originalFetch
    if (hadWebSocket) (globalThis as { WebSocket?: unknown }).WebSocket = originalWebSocket
    else delete (globalThis as { WebSocket?: unknown }).WebSocket
  }
}
