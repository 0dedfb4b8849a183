import { ws } from 'msw'
import type { PlatformDeps } from '../platform/platform-deps'
import { getRealtimeHub } from '../platform/realtime/realtime-api'

/**
 * The MSW handler that hands every WebSocket to `origin` (ws:// form of it) to the platform's
 * realtime hub: the same hub the local server's sockets and the HTTP routes use.
 * Needs a global WebSocket to intercept (Node 20 has none: tests install the `ws` package's).
 */
export function realtimeHandlers(platform: { deps: PlatformDeps }, origin: string) {
  const hub = getRealtimeHub(platform.deps)
  const socketOrigin = origin.replace(/^http/, 'ws')
  const link = ws.link(new RegExp(`^${socketOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`))
  return [
    link.addEventListener('connection', ({ client }) => {
      const connection = hub.connect(
        {
          send: (text) => client.send(text),
          close: (code, reason) => client.close(code, reason),
        },
        client.url.href,
      )
      client.addEventListener('message', (event) => {
        connection.receive(typeof event.data === 'string' ? event.data : '')
      })
      client.addEventListener('close', () => connection.closed())
    }),
  ]
}
