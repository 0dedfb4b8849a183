import { createHash, randomBytes } from 'node:crypto'
import pg from 'pg'
import type { RealtimeMessage } from '../../../contract/realtime-frames'
import { isPlainObject } from '../http/json-error'
import { SERVING_ROLE, type SqlStore } from '../store/sql-store'
import { createSharedPresence, type SharedPresence } from './shared-presence'

/**
 * Realtime across several servers on one PostgreSQL: each server tells the others what
 * happened on its sockets with `pg_notify` and hears theirs on a `LISTEN` connection of its
 * own; presence is shared in `realtime_presence` (shared-presence.ts). PGlite is one process,
 * so it needs none of this (docs/wire-contract.md, "Several servers").
 */

/** What one server tells the others. */
export type ClusterNotice =
  /** A message published on the sender's sockets or HTTP route, whole. */
  | { kind: 'message'; message: RealtimeMessage }
  /** A message too big for a notification: the receiver reads it from realtime_messages. */
  | { kind: 'message-id'; channel: string; id: string }
  /** The channel's membership changed on the sender: re-read its rows. */
  | { kind: 'presence'; channel: string }

/** PostgreSQL refuses a payload of 8000 bytes or more (its default build). */
export const NOTIFY_PAYLOAD_LIMIT = 7999

/** A server renews its presence rows this often… */
export const DEFAULT_HEARTBEAT_MS = 10_000
/** …and they expire this long after the last renewal: three missed heartbeats. */
export const DEFAULT_PRESENCE_TTL_MS = 30_000

export interface ClusterOptions {
  store: SqlStore
  /** The serving role's address, for the LISTEN connection (same server and database). */
  connectionString: string
  projectId: string
  log: (line: string) => void
  heartbeatMs?: number
  presenceTtlMs?: number
  /** Delay before the LISTEN connection is opened again after it dropped. */
  reconnectMs?: number
}

export interface RealtimeCluster {
  /** This server's id, in its presence rows and its notices. */
  readonly serverId: string
  readonly heartbeatMs: number
  readonly presence: SharedPresence
  /** Tells every other server (this one ignores its own notices). */
  notify(notice: ClusterNotice): Promise<void>
  /**
   * Hears the other servers' notices, in the order they were sent, and `resync` after the
   * LISTEN connection came back (notices of the gap are lost: re-read what matters).
   */
  listen(handlers: { notice: (notice: ClusterNotice) => void; resync: () => void }): void
  close(): Promise<void>
}

/** One notification channel per database schema and project, so test schemas stay apart. */
export function notifyChannelName(schema: string, projectId: string): string {
  const digest = createHash('sha256').update(`${schema}\u0000${projectId}`).digest('hex')
  return `platform_realtime_${digest.slice(0, 24)}`
}

/** The wire form of a notice: short keys, the sender's id, and a version for later change. */
function encode(serverId: string, notice: ClusterNotice): string {
  switch (notice.kind) {
    case 'message': {
      const whole = JSON.stringify({ v: 1, s: serverId, k: 'm', m: notice.message })
      if (Buffer.byteLength(whole) <= NOTIFY_PAYLOAD_LIMIT) return whole
      const { channel, id } = notice.message
      return JSON.stringify({ v: 1, s: serverId, k: 'i', c: channel, id })
    }
    case 'message-id':
      return JSON.stringify({ v: 1, s: serverId, k: 'i', c: notice.channel, id: notice.id })
    case 'presence':
      return JSON.stringify({ v: 1, s: serverId, k: 'p', c: notice.channel })
  }
}

/** The notice a payload carries, with its sender; null for anything else (ignored). */
function decode(payload: string): { from: string; notice: ClusterNotice } | null {
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return null
  }
  if (!isPlainObject(value) || value.v !== 1 || typeof value.s !== 'string') return null
  const from = value.s
  if (value.k === 'm' && isPlainObject(value.m) && typeof value.m.channel === 'string') {
    return { from, notice: { kind: 'message', message: value.m as unknown as RealtimeMessage } }
  }
  if (typeof value.c !== 'string') return null
  if (value.k === 'i' && typeof value.id === 'string') {
    return { from, notice: { kind: 'message-id', channel: value.c, id: value.id } }
  }
  if (value.k === 'p') return { from, notice: { kind: 'presence', channel: value.c } }
  return null
}

export async function openRealtimeCluster(options: ClusterOptions): Promise<RealtimeCluster> {
  const serverId = `srv_${randomBytes(8).toString('hex')}`
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
  const presenceTtlMs = options.presenceTtlMs ?? DEFAULT_PRESENCE_TTL_MS
  if (presenceTtlMs <= heartbeatMs) {
    throw new Error('The presence TTL must be longer than the heartbeat interval')
  }
  const { rows } = await options.store.query<{ schema: string }>(
    'select current_schema() as schema',
  )
  // The store's schema (tests isolate by schema): servers of one schema hear each other only.
  const channel = notifyChannelName(rows[0]?.schema ?? 'public', options.projectId)
  let handlers: Parameters<RealtimeCluster['listen']>[0] | undefined
  let listener: pg.Client | undefined
  let closed = false
  let retry: ReturnType<typeof setTimeout> | undefined

  /** Opens the LISTEN connection; when it drops, opens another and asks for a resync. */
  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'platform realtime listener',
    })
    let lost = false
    const onLost = (reason: string) => {
      // Only a connection that was listening is replaced; a failed attempt throws instead.
      if (lost || closed || listener !== client) return
      lost = true
      options.log(`realtime: the LISTEN connection dropped (${reason}); reconnecting`)
      client.end().catch(() => {})
      retry = setTimeout(reconnect, options.reconnectMs ?? 1000)
      retry.unref?.()
    }
    client.on('error', (error) => onLost(error.name))
    client.on('end', () => onLost('end'))
    client.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return
      const read = decode(message.payload)
      if (read && read.from !== serverId) handlers?.notice(read.notice)
    })
    try {
      await client.connect()
      await client.query(`listen "${channel}"`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    listener = client
  }

  async function reconnect(): Promise<void> {
    if (closed) return
    try {
      await connect()
      handlers?.resync()
    } catch (error) {
      options.log(`realtime: LISTEN failed (${(error as Error).name}); retrying`)
      retry = setTimeout(reconnect, options.reconnectMs ?? 1000)
      retry.unref?.()
    }
  }

  await connect()
  return {
    serverId,
    heartbeatMs,
    presence: createSharedPresence(options.store, serverId, presenceTtlMs),
    async notify(notice) {
      await options.store.query('select pg_notify($1, $2)', [channel, encode(serverId, notice)])
    },
    listen(given) {
      handlers = given
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      await listener?.end().catch(() => {})
    },
  }
}

/**
 * The serving role's address, for the LISTEN connection: `databaseUrl` itself when an owner
 * address is given for migrations, else the same server as `platform_authenticator` (the way
 * openStore serves, docs/security.md).
 */
export function servingAddress(config: {
  databaseUrl?: string
  databaseOwnerUrl?: string
  servingPassword?: string
}): string {
  if (!config.databaseUrl) throw new Error('Realtime across servers needs a DATABASE_URL')
  if (config.databaseOwnerUrl) return config.databaseUrl
  const url = new URL(config.databaseUrl)
  url.username = SERVING_ROLE
  url.password = config.servingPassword ?? ''
  return url.toString()
}
