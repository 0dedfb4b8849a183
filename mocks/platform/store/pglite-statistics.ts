/**
 * PGlite has no autovacuum, so nothing gathers the planner's statistics or clears dead rows.
 * Without statistics a table filled after it was created keeps looking empty, and the planner
 * then picks any index that matches a prefix (a 3,000-message conversation's path page scanned
 * the whole conversation for each of its 100 messages: 1.6 s, 11 ms once analyzed). Without
 * vacuum, a table whose rows are updated and deleted grows for good, and every scan and analyze
 * of it with it. This does autovacuum's work: once enough rows have changed, it asks which
 * tables need it (`TABLES_DUE`) and vacuums and analyzes those, in the background, one run at a
 * time (docs/rendering.md, "Long conversations"; docs/performance.md, "Soak").
 */
export interface StatisticsKeeper {
  /** Counts rows a statement changed; schedules an analyze once enough have. */
  changed(rows: number): void
  /** Waits for an analyze under way (tests, and closing the store). */
  settled(): Promise<void>
}

/** Rows changed, in any table, before the store asks again which tables are due. */
export const ANALYZE_AFTER_ROWS = 200

/**
 * The tables due for autovacuum's work, by its default rules: analyze once 50 rows plus 10% of
 * the table have changed since the last analyze, vacuum once 50 plus 20% are dead. Analyzing the
 * whole database every 200 rows instead took 100-400 ms in the server's one thread once the
 * soak's tables had grown, and without vacuum the churned tables (prompts, refresh tokens) kept
 * growing: p95 tripled in 10 minutes (docs/performance.md, "Soak").
 */
export const TABLES_DUE = `
  select format('%I.%I', schemaname, relname) as name,
         n_mod_since_analyze >= 50 + 0.1 * n_live_tup as analyze,
         n_dead_tup >= 50 + 0.2 * n_live_tup as vacuum
    from pg_stat_user_tables
   where n_mod_since_analyze >= 50 + 0.1 * n_live_tup or n_dead_tup >= 50 + 0.2 * n_live_tup`

/** A row of `TABLES_DUE`. */
export interface TableDue {
  name: string
  analyze: boolean
  vacuum: boolean
}

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
