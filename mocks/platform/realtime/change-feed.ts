import type { TableChange } from '../../../contract/realtime-frames'
import { asRequestRole, type RequestRole } from '../rest/request-role'
import type { SqlStore } from '../store/sql-store'
import { readWatchedTables, type WatchedTable } from './change-catalog'
import { type ChangeFilter, filterCondition, parseChangeFilter, quoteIdent } from './change-filter'
import { openChangeListener } from './change-listener'
import type { ChangeRequest } from './change-protocol'
import { keyOf, type Sight, sawBefore, seeNow, type Viewer } from './change-visibility'
import { serverFrame } from './realtime-protocol'

/** A catch-up longer than this is a reload instead. */
export const CATCH_UP_LIMIT = 1000

/**
 * Changes waiting to be checked beyond this are given up on: every subscription is told to
 * reload instead (docs/wire-contract.md, "Changes"). Each change is checked as each subscribed
 * identity, so a bulk write (a restore, an import) would otherwise keep the database busy for
 * seconds, and every other user's requests behind it (docs/security.md).
 */
export const BACKLOG_LIMIT = 100

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

const LOG_COLUMNS = 'id::float8 as id, table_name, op, old_row, new_row'

/**
 * The change feed under row-level security (docs/wire-contract.md, "Changes"): sockets
 * subscribe to a table (and a filter); each captured change is checked as each distinct
 * identity subscribed, once, and sent to the subscriptions that may read it. Changes are
 * handled one at a time, in the order their NOTIFYs arrive (commit order).
 */
export function createChangeFeed(options: ChangeFeedOptions) {
  const { store } = options
  const subscriptions = new Set<Subscription>()
  let tables: Map<string, WatchedTable> | undefined
  let listening: Promise<() => Promise<void>> | undefined
  let queue = Promise.resolve()
  let closed = false
  /** Changes notified and waiting to be checked (not given up on). */
  let behind = 0
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
        if (++behind > BACKLOG_LIMIT) giveUp()
        void enqueue(async () => {
          if (id <= givenUpThrough) return
          behind--
          await handle(id)
        })
      },
      onResync: () => options.log('realtime: change notices of a LISTEN gap were lost'),
    })
    return listening
  }

  /** Behind by more than BACKLOG_LIMIT: what is waiting is dropped, and every list reloads. */
  function giveUp(): void {
    givenUpThrough = newest
    options.log(`realtime: ${behind} changes waiting; subscribers told to reload`)
    behind = 0
    for (const s of subscriptions) {
      s.skipThrough = Math.max(s.skipThrough, givenUpThrough)
      s.peer.send(serverFrame('changes.reload', { table: s.table, filter: s.filterText }))
    }
  }

  async function handle(id: number): Promise<void> {
    if (closed || !subscriptions.size) return
    const { rows } = await store.query<LoggedChange>(
      `select ${LOG_COLUMNS} from realtime_changes where id = $1`,
      [id],
    )
    const change = rows[0]
    if (!change) return
    const audience = [...subscriptions].filter(
      (s) => s.table === change.table_name && s.skipThrough < change.id,
    )
    if (audience.length) await deliver(change, audience)
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

  async function deliver(change: LoggedChange, audience: Subscription[]): Promise<void> {
    const table = await tableOf(change.table_name)
    if (!table) return
    const viewers = viewersOf(audience)
    const hit = (v: Map<string, Sight | boolean[]>, s: Subscription) => {
      const seen = v.get(s.viewer)
      const hits = Array.isArray(seen) ? seen : seen?.hits
      return hits?.[viewers.get(s.viewer)?.filters.indexOf(s.filter) ?? -1] === true
    }
    const now = change.new_row
      ? await seeNow(store, table, change.new_row, [...viewers.values()])
      : new Map<string, Sight>()
    // Only who does not see the row now is asked whether they saw it before.
    const unsure = audience.filter((s) => !hit(now, s))
    let before = new Map<string, boolean[]>()
    if (change.old_row && unsure.length) {
      const asked = [...viewers.values()].filter((v) => unsure.some((s) => s.viewer === v.key))
      try {
        before = await sawBefore(store, table, change.old_row, change.new_row, asked)
      } catch (error) {
        options.log(`realtime: an old row could not be checked (${(error as Error).name})`)
      }
    }
    for (const s of audience) {
      const base = { id: change.id, table: table.name, filter: s.filterText }
      let payload: TableChange | undefined
      if (hit(now, s)) {
        const sight = now.get(s.viewer) as Sight
        payload = { ...base, op: change.op === 'DELETE' ? 'UPDATE' : change.op, row: sight.row }
      } else if (change.old_row && hit(before, s)) {
        payload = { ...base, op: 'DELETE', old: keyOf(table, change.old_row) }
      }
      if (payload) s.peer.send(serverFrame('change', payload))
    }
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
      for (const change of missed.rows) await deliver(change, [s])
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
