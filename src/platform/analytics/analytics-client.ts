import type { PlatformContext } from '../platform-context'
import { buildEvent } from './analytics-event'
import { resolveAttribution } from './attribution'
import { createEventQueue, type QueuedEvent } from './event-queue'
import { analyticsEnabled, DISABLED_KEY } from './opt-out'
import { touchSession } from './session'

/** docs/product/limits.md: a batch goes out at 10 events, or 3 s after the first one queued. */
export const BATCH_SIZE = 10
export const FLUSH_DELAY_MS = 3000
/** The platform takes at most 100 events per request. */
const MAX_EVENTS_PER_REQUEST = 100
/** After failed sends the next try waits longer, up to a minute. */
const MAX_RETRY_DELAY_MS = 60_000

export { DISABLED_KEY }

type TimerId = ReturnType<typeof setTimeout>

/** Seams for tests: the timers that schedule sends. */
export interface AnalyticsOptions {
  setTimeout?: (callback: () => void, ms: number) => TimerId
  clearTimeout?: (id: TimerId) => void
}

export interface AnalyticsUser {
  id: string
  email?: string | null
}

/**
 * Analytics (docs/product/data.md, docs/product/behaviour.md, docs/product/limits.md): events with session, page and attribution, batched, persisted
 * and retried until the platform accepts them. Do-not-track switches it off for good.
 */
export function createAnalyticsClient(context: PlatformContext, options: AnalyticsOptions = {}) {
  const schedule = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms))
  const cancel = options.clearTimeout ?? ((id) => globalThis.clearTimeout(id))
  const { storage, browser } = context
  const queue = createEventQueue(storage)
  const logPath = `/api/analytics/${encodeURIComponent(context.projectId)}/log`

  let user: { id: string; email: string | null } | null = null
  let timer: TimerId | null = null
  let sending: Promise<void> | null = null
  let failures = 0
  let keySequence = 0

  // Do-not-track, once seen, is remembered: the visitor is never tracked again here.
  if (!analyticsEnabled(storage, browser)) queue.clear()
  const isEnabled = () => storage.getItem(DISABLED_KEY) !== '1'

  // Signing out forgets who the events belong to.
  context.auth.onTokensChange((tokens) => {
    if (!tokens) user = null
  })

  function stopTimer() {
    if (timer !== null) cancel(timer)
    timer = null
  }

  function startTimer(delay: number) {
    if (timer !== null) return
    timer = schedule(() => {
      timer = null
      void flush()
    }, delay)
  }

  async function send(batch: QueuedEvent[]): Promise<boolean> {
    try {
      const { data } = await context.http.request<{ success?: unknown }>(logPath, {
        method: 'POST',
        body: { events: batch.map((item) => item.event) },
        convertKeys: false,
      })
      return data?.success === true
    } catch {
      return false
    }
  }

  /** Sends everything queued now; events stay queued until the platform has accepted them. */
  function flush(): Promise<void> {
    if (sending) return sending
    stopTimer()
    sending = (async () => {
      for (;;) {
        const batch = queue.all().slice(0, MAX_EVENTS_PER_REQUEST)
        if (batch.length === 0 || !isEnabled()) break
        if (!(await send(batch))) {
          // Re-queued (they never left): try again later, waiting longer after each failure.
          failures += 1
          startTimer(Math.min(FLUSH_DELAY_MS * 2 ** (failures - 1), MAX_RETRY_DELAY_MS))
          break
        }
        failures = 0
        queue.remove(new Set(batch.map((item) => item.key)))
      }
    })().finally(() => {
      sending = null
      // Events logged while sending wait their turn the usual way.
      const waiting = queue.size()
      if (waiting >= BATCH_SIZE && failures === 0) void flush()
      else if (waiting > 0) startTimer(FLUSH_DELAY_MS)
    })
    return sending
  }

  function log(type: string, data?: Record<string, unknown>): void {
    if (!isEnabled()) return
    const now = context.now()
    const event = buildEvent(type, data, {
      projectId: context.projectId,
      user,
      sessionId: touchSession(storage, now).id,
      href: browser.href(),
      referrer: browser.referrer(),
      screenWidth: browser.screenWidth(),
      attribution: resolveAttribution(storage, browser.href(), browser.referrer()),
      now,
    })
    keySequence += 1
    queue.push({
      key: `${now.toString(36)}-${keySequence}-${Math.random().toString(36).slice(2)}`,
      event,
    })
    if (queue.size() >= BATCH_SIZE && failures === 0) void flush()
    else startTimer(FLUSH_DELAY_MS)
  }

  // Events a previous page left behind go out on the usual delay.
  if (isEnabled() && queue.size() > 0) startTimer(FLUSH_DELAY_MS)

  return {
    log,
    flush,
    /** Who the next events belong to (null after sign-out). */
    setUser(next: AnalyticsUser | null) {
      user = next ? { id: next.id, email: next.email ?? null } : null
    },
    isEnabled,
  }
}

export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>
