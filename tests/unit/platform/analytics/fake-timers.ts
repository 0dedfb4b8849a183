/**
 * A hand-driven clock for the analytics client's timer seam: nothing runs until `advance`,
 * and `now()` moves with it, so tests state exactly when a batch is due.
 */
export function createFakeTimers(start = Date.parse('2026-05-01T12:00:00Z')) {
  let now = start
  let nextId = 1
  const timers = new Map<number, { at: number; callback: () => void }>()
  return {
    now: () => now,
    setTimeout: (callback: () => void, ms: number) => {
      const id = nextId++
      timers.set(id, { at: now + ms, callback })
      return id as unknown as ReturnType<typeof setTimeout>
    },
    clearTimeout: (id: ReturnType<typeof setTimeout>) => {
      timers.delete(id as unknown as number)
    },
    pending: () => timers.size,
    /** Moves time on by `ms`, running every timer that falls due, in order. */
    advance(ms: number) {
      const until = now + ms
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        timers.delete(due[0])
        now = due[1].at
        due[1].callback()
      }
      now = until
    },
  }
}
