import { fromCallback } from 'xstate'
import type { PlatformContext, WebSocketConstructor } from '../platform-context'
import type { RealtimeEvent, SocketCommand } from './realtime.machine'
import { serverEventFromFrame } from './server-events'

const OPEN = 1

/**
 * The socket address: the core host with a ws(s) scheme, `?project_id=…`, and the caller's
 * access token (fresh for every connection, so a reconnect after a refresh is accepted).
 */
export async function realtimeSocketUrl(context: PlatformContext): Promise<string> {
  const url = new URL(context.coreUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/`
  url.search = ''
  url.searchParams.set('project_id', context.projectId)
  const token = context.auth.getTokens() ? await context.auth.getValidAccessToken() : null
  if (token) url.searchParams.set('token', token)
  return url.href
}

/**
 * The realtime machine's 'open socket' actor: opens a WebSocket when started, reports what
 * happens to it as machine events, sends the frames it is told to, closes it when stopped.
 */
export function socketActor(WebSocketClass: WebSocketConstructor, address: () => Promise<string>) {
  return fromCallback<SocketCommand>(({ sendBack, receive }) => {
    const report = (event: RealtimeEvent) => sendBack(event)
    let socket: WebSocket | null = null
    let stopped = false

    address().then(
      (url) => {
        if (stopped) return
        socket = new WebSocketClass(url)
        socket.onopen = () => report({ type: 'socket.opened' })
        socket.onmessage = (event: MessageEvent) => {
          const serverEvent =
            typeof event.data === 'string' ? serverEventFromFrame(event.data) : null
          if (serverEvent) report(serverEvent)
        }
        socket.onclose = (event: CloseEvent) =>
          report({ type: 'socket.closed', code: event.code, reason: event.reason })
        // An error is always followed by a close, which is what the machine acts on.
        socket.onerror = () => {}
      },
      // No token (a refresh failed): the same as a refused connection, so the backoff applies.
      () => {
        if (!stopped) report({ type: 'socket.closed', code: 4401, reason: 'No access token' })
      },
    )

    receive((command) => {
      if (socket?.readyState === OPEN) socket.send(JSON.stringify(command.frame))
    })

    return () => {
      stopped = true
      if (!socket) return
      socket.onopen = socket.onmessage = socket.onclose = null
      if (socket.readyState <= OPEN) socket.close(1000, 'Channel closed')
    }
  })
}
