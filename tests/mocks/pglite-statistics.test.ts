import { describe, expect, test, vi } from 'vitest'
import { openStore } from '../../mocks/platform/store/open-store'
import { ANALYZE_AFTER_ROWS, keepStatistics } from '../../mocks/platform/store/pglite-statistics'
import { openPgliteStore } from '../../mocks/platform/store/pglite-store'
import { SERVING_ROLE } from '../../mocks/platform/store/sql-store'

describe('statistics on PGlite, which has no autovacuum', () => {
  test('analyzes once enough rows have changed, one run at a time, and again after more', async () => {
    let runs = 0
    let finish: () => void = () => {}
    const keeper = keepStatistics(
      () =>
        new Promise<void>((resolve) => {
          runs++
          finish = resolve
        }),
    )
    keeper.changed(ANALYZE_AFTER_ROWS - 1)
    expect(runs).toBe(0)
    keeper.changed(1)
    expect(runs).toBe(1)
    // Changes while it runs wait for it: no second run alongside.
    keeper.changed(ANALYZE_AFTER_ROWS)
    expect(runs).toBe(1)
    finish()
    await vi.waitFor(() => expect(runs).toBe(2))
    finish()
    await keeper.settled()
    expect(runs).toBe(2)
  })

  test('a failed run is no error: the next changes try again', async () => {
    let runs = 0
    const keeper = keepStatistics(async () => {
      runs++
      throw new Error('closing')
    })
    keeper.changed(ANALYZE_AFTER_ROWS)
    await keeper.settled()
    keeper.changed(ANALYZE_AFTER_ROWS)
    await keeper.settled()
    expect(runs).toBe(2)
  })

  test('a table filled after it was made gets its statistics, so the planner uses the right index', async () => {
    const store = await openPgliteStore()
    try {
      await store.exec(`
        create table items (owner text, grp text, id text, parent text, primary key (owner, id));
        create unique index items_in_group on items (owner, grp, id);
        create index items_children on items (owner, grp, parent);
      `)
      for (let from = 0; from < 3000; from += 500) {
        await store.query(
          `insert into items select 'u', 'g', 'i' || n, 'i' || (n - 1)
             from generate_series($1::int, $1::int + 499) n`,
          [from],
        )
      }
      await vi.waitFor(async () => {
        const { rows } = await store.query(
          `select reltuples from pg_class where relname = 'items'`,
          [],
        )
        expect(Number(rows[0]?.reltuples)).toBe(3000)
      })
      const plan = await store.query(
        `explain select * from items where owner = 'u' and grp = 'g' and id = 'i5'`,
        [],
      )
      // By id (either unique index), never a scan of the whole group through the children's.
      expect(JSON.stringify(plan.rows)).not.toContain('items_children')
    } finally {
      await store.close()
    }
  })

  test('analyzes only the tables that changed enough since their last analyze, as autovacuum does', async () => {
    const store = await openPgliteStore()
    const rowsSeen = async (table: string) => {
      const { rows } = await store.query(`select reltuples from pg_class where relname = $1`, [
        table,
      ])
      return Number(rows[0]?.reltuples)
    }
    try {
      await store.exec(
        'create table big (id int primary key); create table small (id int primary key)',
      )
      await store.query('insert into big select generate_series(1, 10000)', [])
      await vi.waitFor(async () => expect(await rowsSeen('big')).toBe(10_000), 10_000)
      // 300 rows: under big's threshold (50 plus 10% of 10,000), over small's.
      await store.query('insert into big select generate_series(10001, 10300)', [])
      await store.query('insert into small select generate_series(1, 300)', [])
      await vi.waitFor(async () => expect(await rowsSeen('small')).toBe(300), 10_000)
      expect(await rowsSeen('big')).toBe(10_000)
    } finally {
      await store.close()
    }
  })

  test('vacuums a table whose rows were deleted, as its owner, and goes on serving as the serving role', async () => {
    const store = await openStore({})
    const churn = async () =>
      store.asOwner(async (tx) => {
        // Counts reach the view once the session is next idle, so: flush, then read.
        await tx.query('select pg_stat_force_next_flush()', [])
        return (
          await tx.query<{ dead: number; vacuums: number }>(
            `select n_dead_tup::int as dead, vacuum_count::int as vacuums
               from pg_stat_user_tables where relname = 'churn'`,
            [],
          )
        ).rows[0]
      })
    try {
      await store.asOwner(async (tx) => {
        await tx.query('create table churn (id int primary key, body text)', [])
        await tx.query(
          `insert into churn select n, repeat('x', 200) from generate_series(1, 1000) n`,
          [],
        )
      })
      await store.asOwner((tx) => tx.query('delete from churn where id > 100', []))
      await vi.waitFor(async () => {
        await churn()
        expect(await churn()).toEqual({ dead: 0, vacuums: 1 })
      }, 10_000)
      const { rows } = await store.query('select session_user as session, current_user as role', [])
      expect(rows[0]).toEqual({ session: SERVING_ROLE, role: SERVING_ROLE })
    } finally {
      await store.close()
    }
  })
})
