import type { SqlExecutor } from '../../../contract/app-schema'
import { RestError } from './rest-error'

/**
 * The planned cost (EXPLAIN's "Total Cost") above which PGlite refuses a caller's statement:
 * 1 000 000 unless SQL_COST_CEILING says otherwise (docs/security.md, "Caller SQL limits").
 * PGlite runs in WASM on the server's own thread, where no timer can interrupt a statement, so
 * an expensive one is refused before it starts rather than stopped while it runs.
 */
export function costCeiling(): number {
  const configured = Number(process.env.SQL_COST_CEILING)
  return Number.isFinite(configured) && configured > 0 ? configured : 1_000_000
}

/** Plans `query` with its params, under the caller's role (same transaction), and refuses it
 * with a 400 when its planned cost is over the ceiling. */
export async function assertWithinCost(
  tx: SqlExecutor,
  statement: { query: string; params: unknown[] },
): Promise<void> {
  const { rows } = await tx.query(`explain (format json) ${statement.query}`, statement.params)
  const plan = rows[0]?.['QUERY PLAN'] as Array<{ Plan?: { 'Total Cost'?: number } }> | string
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan
  const cost = Number(parsed?.[0]?.Plan?.['Total Cost'] ?? 0)
  const ceiling = costCeiling()
  if (cost > ceiling) {
    throw new RestError(
      400,
      'PGRST_COST',
      `The statement's planned cost (${Math.round(cost)}) is over the limit (${ceiling})`,
      null,
      'Narrow the query (filters, limit) and try again',
    )
  }
}
