import { type RequestRole, roleSwitch, sqlLiteral } from '../rest/request-role'
import type { SqlStore } from '../store/sql-store'
import type { WatchedTable } from './change-catalog'
import { type ChangeFilter, filterCondition, quoteIdent } from './change-filter'

/**
 * Who may see a change, decided by the database's own row-level security, as each viewer
 * (docs/wire-contract.md, "Changes"): never a re-implementation of the policies. Both checks
 * take a batch of changes of one table, so their cost is per identity, not per change
 * (docs/performance.md, "Change delivery").
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

/** The primary key of a row: what a delete announces. */
export const keyOf = (table: WatchedTable, row: Row): Row =>
  Object.fromEntries(table.primaryKey.map((column) => [column, row[column]]))

/** A row's primary key as text, the same whichever way the row was read. */
export const rowKey = (table: WatchedTable, row: Row): string => JSON.stringify(keyOf(table, row))

/** `t`'s rows whose primary key is one of `rows`'. */
function keysCondition(table: WatchedTable, rows: Row[]): string {
  const tuple = (row: Row) => table.primaryKey.map((column) => sqlLiteral(String(row[column])))
  const columns = table.primaryKey.map((column) => `t.${quoteIdent(column)}`)
  if (columns.length === 1) return `${columns[0]} in (${rows.map((r) => tuple(r)[0]).join(', ')})`
  return `(${columns.join(', ')}) in (${rows.map((r) => `(${tuple(r).join(', ')})`).join(', ')})`
}

const hitsOf = (viewer: Viewer) =>
  `array[${viewer.filters.map(filterCondition).join(', ')}]::boolean[]`

let prepared = 0

/**
 * The statements that run `selectOf(viewer)` as each viewer, and where each viewer's answer
 * is among their results. Viewers asking the same select (the same filters) share one
 * prepared statement: planning a select under row-level security is most of its cost, and a
 * plan is kept while the role stays (each viewer's identity is only its claims, read when the
 * policy runs). The role is set only when it changes. A prepared statement outlives a failed
 * script (PREPARE is not transactional), so each has a name of its own.
 */
function asEach(viewers: Viewer[], selectOf: (viewer: Viewer) => string) {
  const statements: string[] = []
  const answerAt = new Map<Viewer, number>()
  const bySelect = new Map<string, Viewer[]>()
  for (const viewer of viewers) {
    const select = selectOf(viewer)
    bySelect.set(select, [...(bySelect.get(select) ?? []), viewer])
  }
  let role = ''
  for (const [select, group] of bySelect) {
    const name = group.length > 1 ? `change_sight_${++prepared}` : undefined
    if (name) statements.push(`prepare ${name} as ${select}`)
    for (const viewer of group) {
      const [claims, roleStatement] = roleSwitch(viewer.caller) as [string, string]
      statements.push(claims)
      if (roleStatement !== role) statements.push(roleStatement)
      role = roleStatement
      answerAt.set(viewer, statements.push(name ? `execute ${name}` : select) - 1)
    }
    if (name) statements.push(`deallocate ${name}`)
  }
  return { statements, answerAt }
}

const keyObject = (table: WatchedTable) =>
  `jsonb_build_object(${table.primaryKey.map((c) => `${sqlLiteral(c)}, t.${quoteIdent(c)}`).join(', ')})`

/**
 * The live rows as each viewer reads them now: one script (one round trip), a role switch and
 * one select of all the rows per viewer. Answers by row key, then by viewer; a viewer who
 * cannot read a row is absent from its map.
 */
export async function seeNow(
  store: SqlStore,
  table: WatchedTable,
  rows: Row[],
  viewers: Viewer[],
): Promise<Map<string, Map<string, Sight>>> {
  const seen = new Map<string, Map<string, Sight>>()
  if (!rows.length || !viewers.length) return seen
  const hidden = `array[${table.sealed.map(sqlLiteral).join(', ')}]::text[]`
  const where = keysCondition(table, rows)
  const { statements, answerAt } = asEach(
    viewers,
    (viewer) => `select to_jsonb(t) - ${hidden} as row, ${hitsOf(viewer)} as hits
     from ${quoteIdent(table.name)} t where ${where}`,
  )
  const results = await store.script(statements)
  viewers.forEach((viewer) => {
    for (const sight of (results[answerAt.get(viewer)!]?.rows ?? []) as unknown as Sight[]) {
      const key = rowKey(table, sight.row)
      const byViewer = seen.get(key) ?? new Map<string, Sight>()
      byViewer.set(viewer.key, sight)
      seen.set(key, byViewer)
    }
  })
  return seen
}

/** A change with an old row: an update (`current` is the new row) or a delete. */
export interface PastRow {
  old: Row
  current: Row | null
}

/**
 * Whether each viewer could read each row as it was before (a delete, or an update), answered
 * per change in order. In one transaction as the owner, always rolled back, with triggers and
 * foreign keys off (session_replication_role = replica), the old rows are put back in place of
 * the current ones; then each viewer's role selects them. A row changed twice in the batch is
 * asked in a later round, so each round puts back one version of a row. A round the table
 * refuses (a unique index taken meanwhile) is asked again change by change, and a change that
 * still fails counts as unseen: the check fails closed.
 */
export async function sawBefore(
  store: SqlStore,
  table: WatchedTable,
  changes: PastRow[],
  viewers: Viewer[],
  log: (line: string) => void,
): Promise<Array<Map<string, boolean[]>>> {
  const answers = changes.map(() => new Map<string, boolean[]>())
  if (!viewers.length) return answers
  for (const round of roundsOf(table, changes)) {
    try {
      await askRound(store, table, round, viewers, changes, answers)
    } catch (error) {
      if (round.length === 1) {
        log(`realtime: an old row could not be checked (${(error as Error).name})`)
        continue
      }
      for (const index of round) {
        try {
          await askRound(store, table, [index], viewers, changes, answers)
        } catch (single) {
          log(`realtime: an old row could not be checked (${(single as Error).name})`)
        }
      }
    }
  }
  return answers
}

/** Indexes of `changes`, split so that no row key is touched twice in one round. */
function roundsOf(table: WatchedTable, changes: PastRow[]): number[][] {
  const rounds: Array<{ keys: Set<string>; members: number[] }> = []
  changes.forEach((change, index) => {
    const keys = [
      rowKey(table, change.old),
      ...(change.current ? [rowKey(table, change.current)] : []),
    ]
    let round = rounds.find((r) => keys.every((key) => !r.keys.has(key)))
    if (!round) {
      round = { keys: new Set(), members: [] }
      rounds.push(round)
    }
    for (const key of keys) round.keys.add(key)
    round.members.push(index)
  })
  return rounds.map((round) => round.members)
}

async function askRound(
  store: SqlStore,
  table: WatchedTable,
  round: number[],
  viewers: Viewer[],
  changes: PastRow[],
  answers: Array<Map<string, boolean[]>>,
): Promise<void> {
  const name = quoteIdent(table.name)
  const columns = table.writable.map(quoteIdent).join(', ')
  const olds = round.map((index) => changes[index]!.old)
  const where = keysCondition(table, olds)
  const put = [
    'set local session_replication_role = replica',
    `delete from ${name} t where ${keysCondition(
      table,
      round.map((index) => changes[index]!.current ?? changes[index]!.old),
    )}`,
    `insert into ${name} (${columns}) overriding system value
     select ${columns} from jsonb_populate_recordset(null::${name}, ${sqlLiteral(JSON.stringify(olds))}::jsonb)`,
  ]
  const { statements, answerAt } = asEach(
    viewers,
    (viewer) =>
      `select ${keyObject(table)} as key, ${hitsOf(viewer)} as hits from ${name} t where ${where}`,
  )
  const results = (await store.whatIf([...put, ...statements])).slice(put.length)
  const byKey = new Map(round.map((index) => [rowKey(table, changes[index]!.old), index]))
  viewers.forEach((viewer) => {
    for (const found of results[answerAt.get(viewer)!]?.rows ?? []) {
      const index = byKey.get(rowKey(table, found.key as Row))
      if (index !== undefined) answers[index]!.set(viewer.key, found.hits as boolean[])
    }
  })
}
