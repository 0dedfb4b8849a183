import { describe, expect, test, vi } from 'vitest'
import { ANALYZE_AFTER_ROWS, keepStatistics } from '../../mocks/platform/store/pglite-statistics'
import { openPgliteStore } from '../../mocks/platform/store/pglite-store'

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
})
