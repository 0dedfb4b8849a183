/**
 * PGlite has no autovacuum, so nothing gathers the planner's statistics: a table filled after
 * it was created keeps looking empty, and the planner then picks any index that matches a
 * prefix (a 3,000-message conversation's path page scanned the whole conversation for each of
 * its 100 messages: 1.6 s, 11 ms once analyzed). This does what autovacuum's analyze does on
 * PostgreSQL: once enough rows have changed since the last time, it analyzes, in the
 * background, one run at a time (docs/rendering.md, "Long conversations").
 */
export interface StatisticsKeeper {
  /** Counts rows a statement changed; schedules an analyze once enough have. */
  changed(rows: number): void
  /** Waits for an analyze under way (tests, and closing the store). */
  settled(): Promise<void>
}

/** Rows changed before statistics are gathered again (autovacuum: 50 rows plus 10% of the table). */
export const ANALYZE_AFTER_ROWS = 200

export function keepStatistics(analyze: () => Promise<void>): StatisticsKeeper {
  let pending = 0
  let running: Promise<void> | null = null
  const start = () => {
    pending = 0
    running = analyze()
      .catch(() => {
        // Statistics are an optimisation: a failed run (the store closing) is tried next time.
      })
      .finally(() => {
        running = null
        if (pending >= ANALYZE_AFTER_ROWS) start()
      })
  }
  return {
    changed(rows) {
      pending += rows
      if (pending >= ANALYZE_AFTER_ROWS && !running) start()
    },
    settled: async () => {
      while (running) await running
    },
  }
}
