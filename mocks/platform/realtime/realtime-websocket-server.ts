import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { MAX_FRAME_CHARS, type RealtimeHub } from './realtime-hub'

/** Where the socket is served on the local server: the root (docs/wire-contract.md) or /realtime. */
const SOCKET_PATHS = new Set(['/', '/realtime'])

/**
 * Serves the hub's WebSocket on a Node HTTP server's `upgrade` event, beside its HTTP routes.
 * Returns a function that closes every socket (they are no longer the HTTP server's to close).
 */
export function attachRealtimeServer(server: Server, hub: RealtimeHub): () => Promise<void> {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_CHARS * 4 })

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'ws://localhost').pathname
    if (!SOCKET_PATHS.has(path)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n')
      return
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const connection = hub.connect(
        { send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) },
        request.url ?? '/',
      )
      ws.on('message', (data, isBinary) => {
        connection.receive(isBinary ? '' : data.toString())
      })
      ws.on('close', () => connection.closed())
      // Errors (bad frames, resets) end in 'close'; without a listener they would crash the server.
      ws.on('error', () => {})
    })
  }
  server.on('upgrade', onUpgrade)

  return async () => {
    server.off('upgrade', onUpgrade)
    const closing = hub.close()
    for (const client of sockets.clients) client.terminate()
    await closing
    await new Promise<void>((resolve) => sockets.close(() => resolve()))
  }
}
