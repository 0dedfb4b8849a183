import type { TableChange } from '../../../contract/realtime-frames'
import type { PlatformContext } from '../platform-context'
import { reconnectDelayMs } from './realtime.machine'
import { realtimeSocketUrl } from './socket-actor'

export type { TableChange } from '../../../contract/realtime-frames'

export interface ChangesOptions {
  /** `column=eq.value` or `column=in.(a,b)`, in the table API's syntax. */
  filter?: string
  onChange: (change: TableChange) => void
  /** The changes missed while away are no longer kept: reload the table's lists. */
  onReload?: () => void
  /** Server refusals (an unwatched table, a bad filter). */
  onError?: (message: string) => void
  /** Reconnect jitter source in [0, 1); Math.random by default. */
  random?: () => number
}

type Frame = { type?: unknown; payload?: Record<string, unknown> }

/**
 * Changes of one table under row-level security (docs/wire-contract.md, "Changes"), on a
 * socket of their own: after a drop it reconnects with the realtime backoff and subscribes
 * again from the last change id seen, so nothing is missed (or `onReload` says so).
 * Resolves nothing; returns the stop.
 */
export function subscribeToChanges(
  context: PlatformContext,
  table: string,
  options: ChangesOptions,
): () => void {
  const Socket: NonNullable<PlatformContext['WebSocket']> | undefined = context.WebSocket
  if (!Socket) throw new Error('WebSocket is not available in this environment')
  let lastId: number | null = null
  let answered: number | null = null
  const seen = new Set<number>()
  let socket: WebSocket | null = null
  let attempt = 0
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined

  function receive(frame: Frame): void {
    const payload = frame.payload ?? {}
    if (payload.table !== table || (payload.filter ?? null) !== (options.filter ?? null)) return
    if (frame.type === 'changes.subscribed') {
      attempt = 0
      answered = Number(payload.lastId) || 0
      lastId ??= answered
    } else if (frame.type === 'changes.reload') {
      lastId = answered
      options.onReload?.()
    } else if (frame.type === 'change') {
      const change = payload as unknown as TableChange
      // A change is delivered once, even if a catch-up and the live feed both carry it.
      if (seen.has(change.id)) return
      seen.add(change.id)
      if (seen.size > 10_000) seen.delete(seen.values().next().value as number)
      lastId = Math.max(lastId ?? 0, change.id)
      options.onChange(change)
    } else if (frame.type === 'error' && typeof payload.error === 'string') {
      options.onError?.(payload.error)
    }
  }

  async function connect(): Promise<void> {
    const url = await realtimeSocketUrl(context).catch(() => null)
    if (stopped) return
    if (!url) return retry()
    const ws = new (Socket as NonNullable<typeof Socket>)(url)
    socket = ws
    ws.onopen = () =>
      ws.send(
        JSON.stringify({
          type: 'changes.subscribe',
          payload: { table, filter: options.filter ?? null, since: lastId },
        }),
      )
    ws.onmessage = (event: MessageEvent) => {
      try {
        if (typeof event.data === 'string') receive(JSON.parse(event.data) as Frame)
      } catch {
        // Not JSON: not part of the contract, ignored.
      }
    }
    ws.onclose = () => retry()
    ws.onerror = () => {}
  }

  function retry(): void {
    if (stopped) return
    const delay = reconnectDelayMs(attempt++, (options.random ?? Math.random)())
    timer = setTimeout(() => void connect(), delay)
  }

  void connect()
  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
    if (socket) {
      socket.onclose = socket.onmessage = socket.onopen = null
      socket.close(1000, 'Changes closed')
    }
  }
}
