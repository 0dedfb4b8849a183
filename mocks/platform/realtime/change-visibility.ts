import { type RequestRole, roleSwitch, sqlLiteral } from '../rest/request-role'
import type { SqlStore } from '../store/sql-store'
import type { WatchedTable } from './change-catalog'
import { type ChangeFilter, filterCondition, quoteIdent } from './change-filter'

/**
 * Who may see a change, decided by the database's own row-level security, as each viewer
 * (docs/wire-contract.md, "Changes"): never a re-implementation of the policies.
 */

/** One identity (a signed-in user, or anon) and the filters its subscriptions ask for. */
export interface Viewer {
  key: string
  caller: RequestRole
  filters: Array<ChangeFilter | null>
}

/** What a viewer reads: the row (sealed columns removed) and which filters it matches. */
export interface Sight {
  row: Record<string, unknown>
  hits: boolean[]
}

type Row = Record<string, unknown>

const keyCondition = (table: WatchedTable, row: Row) =>
  table.primaryKey
    .map((column) => `t.${quoteIdent(column)} = ${sqlLiteral(String(row[column]))}`)
    .join(' and ')

const hitsOf = (viewer: Viewer) =>
  `array[${viewer.filters.map(filterCondition).join(', ')}]::boolean[]`

/** The primary key of a row: what a delete announces. */
export const keyOf = (table: WatchedTable, row: Row): Row =>
  Object.fromEntries(table.primaryKey.map((column) => [column, row[column]]))

/**
 * The live row as each viewer reads it now: one script (one round trip), a role switch and a
 * select by primary key per viewer. A viewer who cannot read it is absent from the answer.
 */
export async function seeNow(
  store: SqlStore,
  table: WatchedTable,
  row: Row,
  viewers: Viewer[],
): Promise<Map<string, Sight>> {
  const hidden = `array[${table.sealed.map(sqlLiteral).join(', ')}]::text[]`
  const statements = viewers.flatMap((viewer) => [
    ...roleSwitch(viewer.caller),
    `select to_jsonb(t) - ${hidden} as row, ${hitsOf(viewer)} as hits
     from ${quoteIdent(table.name)} t where ${keyCondition(table, row)}`,
  ])
  const results = await store.script(statements)
  const step = statements.length / viewers.length
  const seen = new Map<string, Sight>()
  viewers.forEach((viewer, i) => {
    const found = results[i * step + step - 1]?.rows[0] as Sight | undefined
    if (found) seen.set(viewer.key, found)
  })
  return seen
}

const ROLLED_BACK = new Error('rolled back')

/**
 * Whether each viewer could read the row as it was before (a delete, or an update): in one
 * transaction, always rolled back, as the owner with triggers and foreign keys off
 * (session_replication_role = replica), the old row is put back in place of the current one,
 * then each viewer's role selects it. A put-back the table refuses (a unique index taken
 * meanwhile) counts as unseen: the check fails closed.
 */
export async function sawBefore(
  store: SqlStore,
  table: WatchedTable,
  old: Row,
  current: Row | null,
  viewers: Viewer[],
): Promise<Map<string, boolean[]>> {
  const seen = new Map<string, boolean[]>()
  const name = quoteIdent(table.name)
  const columns = table.writable.map(quoteIdent).join(', ')
  try {
    await store.asOwner(async (tx) => {
      await tx.query('set local session_replication_role = replica')
      await tx.query(`delete from ${name} t where ${keyCondition(table, current ?? old)}`)
      await tx.query(
        `insert into ${name} (${columns}) overriding system value
         select ${columns} from jsonb_populate_record(null::${name}, $1::jsonb)`,
        [JSON.stringify(old)],
      )
      for (const viewer of viewers) {
        for (const statement of roleSwitch(viewer.caller)) await tx.query(statement)
        const { rows } = await tx.query<{ hits: boolean[] }>(
          `select ${hitsOf(viewer)} as hits from ${name} t where ${keyCondition(table, old)}`,
        )
        if (rows[0]) seen.set(viewer.key, rows[0].hits)
      }
      throw ROLLED_BACK
    })
  } catch (error) {
    if (error !== ROLLED_BACK) throw error
  }
  return seen
}
