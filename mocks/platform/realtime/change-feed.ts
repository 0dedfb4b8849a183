import type { TableChange } from '../../../contract/realtime-frames'
import { asRequestRole, type RequestRole } from '../rest/request-role'
import type { SqlStore } from '../store/sql-store'
import { readWatchedTables, type WatchedTable } from './change-catalog'
import { type ChangeFilter, filterCondition, parseChangeFilter, quoteIdent } from './change-filter'
import { openChangeListener } from './change-listener'
import type { ChangeRequest } from './change-protocol'
import { keyOf, rowKey, type Sight, sawBefore, seeNow, type Viewer } from './change-visibility'
import { serverFrame } from './realtime-protocol'

/** A catch-up longer than this is a reload instead. */
export const CATCH_UP_LIMIT = 1000

/**
 * Changes waiting to be checked beyond this are given up on: every subscription is told to
 * reload instead (docs/wire-contract.md, "Changes"). A batch's checks grow with its rows, so a
 * bulk write (a restore, an import) would otherwise keep the database busy for seconds, and
 * every other user's requests behind it (docs/security.md); and a list read again serves a
 * client better than hundreds of changes. A stall of a few seconds at 100 writes a second
 * stays within it.
 */
export const BACKLOG_LIMIT = 500

/**
 * A change that comes within this many ms of the last batch's end waits this long for others
 * to join its batch: under a steady stream the checks' cost (per identity, whatever the batch's
 * size) is shared, while a lone change is checked at once (docs/performance.md).
 */
export const GATHER_MS = 15

/** What the feed needs of a socket: where its frames go. */
export interface FeedPeer {
  send(frame: string): void
}

interface Subscription {
  peer: FeedPeer
  table: string
  filterText: string | null
  filter: ChangeFilter | null
  viewer: string
  caller: RequestRole
  /** Changes up to this id were before the subscription or sent by its catch-up. */
  skipThrough: number
}

interface LoggedChange {
  id: number
  table_name: string
  op: TableChange['op']
  old_row: Record<string, unknown> | null
  new_row: Record<string, unknown> | null
}

export interface ChangeFeedOptions {
  store: SqlStore
  log: (line: string) => void
  /** PostgreSQL: the serving role's address, to LISTEN on (change-listener.ts). */
  listenUrl?: string
}

/** A change and the subscriptions it may reach. */
interface Plan {
  change: LoggedChange
  audience: Subscription[]
}

/** The frame's payload a subscription gets for a change, or none. */
type PayloadFor = (s: Subscription) => TableChange | undefined

const LOG_COLUMNS = 'id::float8 as id, table_name, op, old_row, new_row'

/**
 * The change feed under row-level security (docs/wire-contract.md, "Changes"): sockets
 * subscribe to a table (and a filter); each captured change is checked as each distinct
 * identity subscribed, once, and sent to the subscriptions that may read it. Changes are
 * handled in batches of what waits, and sent in the order their NOTIFYs arrive (commit order).
 */
export function createChangeFeed(options: ChangeFeedOptions) {
  const { store } = options
  const subscriptions = new Set<Subscription>()
  let tables: Map<string, WatchedTable> | undefined
  let listening: Promise<() => Promise<void>> | undefined
  let queue = Promise.resolve()
  let closed = false
  /** Changes notified and not yet taken by a drain, in commit order. */
  let waiting: number[] = []
  /** A drain is queued and has not yet taken `waiting`. */
  let draining = false
  /** When the last drain ended (performance.now()). */
  let drainedAt = Number.NEGATIVE_INFINITY
  /** The newest change notified so far. */
  let newest = 0
  /** Changes up to this id are given up on (BACKLOG_LIMIT): their subscribers reload. */
  let givenUpThrough = 0

  const enqueue = (step: () => Promise<void>) => {
    queue = queue.then(step).catch((error: Error) => {
      options.log(`realtime: a change could not be delivered (${error.name}: ${error.message})`)
    })
    return queue
  }

  async function tableOf(name: string): Promise<WatchedTable | undefined> {
    if (!tables?.has(name)) tables = await readWatchedTables(store)
    return tables.get(name)
  }

  function listen() {
    listening ??= openChangeListener({
      store,
      connectionString: options.listenUrl,
      log: options.log,
      onChange: (id) => {
        newest = Math.max(newest, id)
        waiting.push(id)
        if (waiting.length > BACKLOG_LIMIT) giveUp()
        if (draining) return
        draining = true
        // Changes keep coming: gather them a moment, so one check serves several.
        if (performance.now() - drainedAt >= GATHER_MS) return void enqueue(drain)
        setTimeout(() => void enqueue(drain), GATHER_MS).unref?.()
      },
      onResync: () => options.log('realtime: change notices of a LISTEN gap were lost'),
    })
    return listening
  }

  /** Behind by more than BACKLOG_LIMIT: what is waiting is dropped, and every list reloads. */
  function giveUp(): void {
    givenUpThrough = newest
    options.log(`realtime: ${waiting.length} changes waiting; subscribers told to reload`)
    waiting = []
    for (const s of subscriptions) {
      s.skipThrough = Math.max(s.skipThrough, givenUpThrough)
      s.peer.send(serverFrame('changes.reload', { table: s.table, filter: s.filterText }))
    }
  }

  /**
   * Takes every change waiting and delivers them as one batch: while one batch is checked the
   * next gathers, so under load the checks' cost is shared by more changes, not queued behind.
   */
  async function drain(): Promise<void> {
    draining = false
    const ids = waiting.filter((id) => id > givenUpThrough)
    waiting = []
    if (closed || !subscriptions.size || !ids.length) return
    const { rows } = await store.query<LoggedChange>(
      `select ${LOG_COLUMNS} from realtime_changes where id = any($1::bigint[])`,
      [ids],
    )
    const order = new Map(ids.map((id, index) => [id, index]))
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    await deliver(rows, (change) =>
      [...subscriptions].filter((s) => s.table === change.table_name && s.skipThrough < change.id),
    )
    drainedAt = performance.now()
  }

  /** One viewer per identity, with the distinct filters its subscriptions ask for. */
  function viewersOf(audience: Subscription[]): Map<string, Viewer> {
    const viewers = new Map<string, Viewer>()
    for (const s of audience) {
      const viewer = viewers.get(s.viewer) ?? { key: s.viewer, caller: s.caller, filters: [] }
      if (!viewer.filters.includes(s.filter)) viewer.filters.push(s.filter)
      viewers.set(s.viewer, viewer)
    }
    return viewers
  }

  /**
   * Checks a batch of changes (each table's once, as every identity of their audiences), then
   * sends each subscription what it may read, in commit order. One frame is built per identity
   * and filter, however many of its sockets get it.
   */
  async function deliver(
    changes: LoggedChange[],
    audienceOf: (change: LoggedChange) => Subscription[],
  ): Promise<void> {
    const plans = changes
      .map((change) => ({ change, audience: audienceOf(change) }))
      .filter((plan) => plan.audience.length)
    const byTable = new Map<string, Plan[]>()
    for (const plan of plans) {
      byTable.set(plan.change.table_name, [...(byTable.get(plan.change.table_name) ?? []), plan])
    }
    const payloads = new Map<LoggedChange, PayloadFor>()
    for (const [name, group] of byTable) {
      const table = await tableOf(name)
      if (table)
        for (const [change, payloadFor] of await check(table, group))
          payloads.set(change, payloadFor)
    }
    for (const { change, audience } of plans) {
      const payloadFor = payloads.get(change)
      if (!payloadFor) continue
      const frames = new Map<string, string | undefined>()
      for (const s of audience) {
        const key = `${s.viewer}\n${s.filterText}`
        if (!frames.has(key)) {
          const payload = payloadFor(s)
          frames.set(key, payload && serverFrame('change', payload))
        }
        const frame = frames.get(key)
        if (frame) s.peer.send(frame)
      }
    }
  }

  /** What each subscription of a table's changes may be sent, decided as its identity. */
  async function check(table: WatchedTable, group: Plan[]): Promise<Map<LoggedChange, PayloadFor>> {
    const viewers = viewersOf(group.flatMap((plan) => plan.audience))
    const hit = (sight: Sight | boolean[] | undefined, s: Subscription) => {
      const hits = Array.isArray(sight) ? sight : sight?.hits
      return hits?.[viewers.get(s.viewer)?.filters.indexOf(s.filter) ?? -1] === true
    }
    const now = await seeNow(
      store,
      table,
      group.flatMap((plan) => (plan.change.new_row ? [plan.change.new_row] : [])),
      [...viewers.values()],
    )
    const nowOf = (change: LoggedChange) =>
      change.new_row ? now.get(rowKey(table, change.new_row)) : undefined
    // Only who does not see the row now is asked whether they saw it before.
    const unsureOf = (plan: Plan) =>
      plan.change.old_row
        ? plan.audience.filter((s) => !hit(nowOf(plan.change)?.get(s.viewer), s))
        : []
    const unsure = group.filter((plan) => unsureOf(plan).length)
    const asked = new Set(unsure.flatMap((plan) => unsureOf(plan).map((s) => s.viewer)))
    const before = await sawBefore(
      store,
      table,
      unsure.map(({ change }) => ({ old: change.old_row!, current: change.new_row })),
      [...viewers.values()].filter((viewer) => asked.has(viewer.key)),
      options.log,
    )
    const beforeOf = new Map(unsure.map((plan, index) => [plan.change, before[index]]))
    return new Map(
      group.map(({ change }): [LoggedChange, PayloadFor] => {
        const seen = nowOf(change)
        const saw = beforeOf.get(change)
        return [
          change,
          (s) => {
            const base = { id: change.id, table: table.name, filter: s.filterText }
            const sight = seen?.get(s.viewer)
            if (sight && hit(sight, s)) {
              return { ...base, op: change.op === 'DELETE' ? 'UPDATE' : change.op, row: sight.row }
            }
            if (change.old_row && hit(saw?.get(s.viewer), s)) {
              return { ...base, op: 'DELETE', old: keyOf(table, change.old_row) }
            }
            return undefined
          },
        ]
      }),
    )
  }

  const refuse = (peer: FeedPeer, table: string, error: string) =>
    peer.send(serverFrame('error', { error, table }))

  async function subscribe(
    peer: FeedPeer,
    caller: RequestRole,
    request: Extract<ChangeRequest, { type: 'changes.subscribe' }>,
  ): Promise<void> {
    const table = await tableOf(request.table)
    if (!table) return refuse(peer, request.table, `Changes of ${request.table} are not watched`)
    let filter: ChangeFilter | null = null
    if (request.filter) {
      const read = parseChangeFilter(request.filter)
      if ('error' in read) return refuse(peer, table.name, read.error)
      if (!table.columns.includes(read.column) || table.sealed.includes(read.column)) {
        return refuse(peer, table.name, `Unknown column in filter: ${read.column}`)
      }
      filter = read
    }
    try {
      // A table the subscriber may not read at all, or a value the column's type refuses, is
      // refused now rather than failing every delivery later.
      await asRequestRole(store, caller, (tx) =>
        tx.query(
          `select 1 from ${quoteIdent(table.name)} t where ${filterCondition(filter)} limit 0`,
        ),
      )
    } catch (error) {
      return refuse(peer, table.name, `Cannot subscribe: ${(error as Error).message}`)
    }
    await listen()
    unsubscribe(peer, table.name, request.filter)
    // In the change queue: live changes wait until the catch-up is sent.
    await enqueue(async () => {
      const { rows } = await store.query<{ last: number; through: number }>(
        `select greatest(coalesce((select max(id) from realtime_changes), 0), p.through)::float8
           as last, p.through::float8 as through from realtime_changes_pruned p`,
      )
      const { last = 0, through = 0 } = rows[0] ?? {}
      const s: Subscription = {
        peer,
        table: table.name,
        filterText: request.filter,
        filter,
        viewer: caller.role === 'anon' ? 'anon' : `user:${caller.claims.sub}`,
        caller,
        skipThrough: last,
      }
      subscriptions.add(s)
      peer.send(
        serverFrame('changes.subscribed', {
          table: table.name,
          filter: s.filterText,
          lastId: last,
        }),
      )
      if (request.since === null || request.since >= last) return
      const missed =
        request.since < through
          ? null
          : await store.query<LoggedChange>(
              `select ${LOG_COLUMNS} from realtime_changes
               where table_name = $1 and id > $2 and id <= $3 order by id limit $4`,
              [table.name, request.since, last, CATCH_UP_LIMIT + 1],
            )
      if (!missed || missed.rows.length > CATCH_UP_LIMIT) {
        peer.send(serverFrame('changes.reload', { table: table.name, filter: s.filterText }))
        return
      }
      await deliver(missed.rows, () => [s])
    })
  }

  function unsubscribe(peer: FeedPeer, table: string, filterText: string | null): void {
    for (const s of subscriptions) {
      if (s.peer === peer && s.table === table && s.filterText === filterText) {
        subscriptions.delete(s)
      }
    }
  }

  return {
    subscribe,
    unsubscribe(peer: FeedPeer, table: string, filterText: string | null) {
      unsubscribe(peer, table, filterText)
      peer.send(serverFrame('changes.unsubscribed', { table, filter: filterText }))
    },
    /** Forgets every subscription of a socket that closed. */
    drop(peer: FeedPeer): void {
      for (const s of subscriptions) if (s.peer === peer) subscriptions.delete(s)
    },
    async close(): Promise<void> {
      closed = true
      subscriptions.clear()
      const stop = await listening?.catch(() => undefined)
      await stop?.()
    },
  }
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>
