import type { SqlStore } from '../store/sql-store'
import type { Membership } from './channel-presence'

/** One socket's membership of one channel, as a server shares it (`realtime_presence`). */
export interface SharedMember extends Membership {
  memberId: string
  channel: string
}

interface PresenceRow {
  channel: string
  user_id: string
  metadata: unknown
  joined_at: string | number
  last_seen: string | number
}

const membershipOf = (row: PresenceRow): Membership => ({
  userId: row.user_id,
  metadata:
    typeof row.metadata === 'object' && row.metadata !== null && !Array.isArray(row.metadata)
      ? (row.metadata as Record<string, unknown>)
      : {},
  joinedAt: Number(row.joined_at),
  lastSeen: Number(row.last_seen),
})

const channelsOf = (rows: Array<{ channel: string }>) => [...new Set(rows.map((r) => r.channel))]

/**
 * The presence every server on one PostgreSQL shares: each server writes its own sockets'
 * memberships (keyed by its id) and reads the others'. A row lives until `expires_at`, on the
 * database's clock, so servers need not agree on the time; the owning server's heartbeat
 * pushes it forward, and rows of a server that stopped beating expire and are swept.
 * All through the platform's own role (realtime migration 201).
 */
export function createSharedPresence(store: SqlStore, serverId: string, ttlMs: number) {
  const ttl = ttlMs / 1000
  return {
    /** Writes (or rewrites) memberships of this server's sockets. */
    async put(members: SharedMember[]): Promise<void> {
      if (!members.length) return
      await store.query(
        `insert into realtime_presence
           (server_id, member_id, channel, user_id, metadata, joined_at, last_seen, expires_at)
         select $1, m.member_id, m.channel, m.user_id, m.metadata, m.joined_at, m.last_seen,
           now() + make_interval(secs => $3)
         from json_to_recordset($2::json) as m(member_id text, channel text, user_id text,
           metadata json, joined_at bigint, last_seen bigint)
         on conflict (server_id, member_id, channel) do update set user_id = excluded.user_id,
           metadata = excluded.metadata, joined_at = excluded.joined_at,
           last_seen = excluded.last_seen, expires_at = excluded.expires_at`,
        [
          serverId,
          JSON.stringify(
            members.map((m) => ({
              member_id: m.memberId,
              channel: m.channel,
              user_id: m.userId,
              metadata: m.metadata,
              joined_at: m.joinedAt,
              last_seen: m.lastSeen,
            })),
          ),
          ttl,
        ],
      )
    },

    /** A socket's sign of life: its last-seen time on every channel it is on. */
    async touch(memberId: string, lastSeen: number): Promise<void> {
      await store.query(
        `update realtime_presence set last_seen = $3, expires_at = now() + make_interval(secs => $4)
         where server_id = $1 and member_id = $2`,
        [serverId, memberId, lastSeen, ttl],
      )
    },

    /** Removes a socket from one channel, or from all; resolves to the channels it left. */
    async remove(memberId: string, channel?: string): Promise<string[]> {
      const { rows } = await store.query<{ channel: string }>(
        channel === undefined
          ? 'delete from realtime_presence where server_id = $1 and member_id = $2 returning channel'
          : `delete from realtime_presence where server_id = $1 and member_id = $2 and channel = $3
             returning channel`,
        channel === undefined ? [serverId, memberId] : [serverId, memberId, channel],
      )
      return channelsOf(rows)
    },

    /**
     * Deletes this server's rows but for `members` (what its sockets hold now); resolves to
     * the channels that lost a row.
     */
    async retainOnly(members: Array<{ memberId: string; channel: string }>): Promise<string[]> {
      const { rows } = await store.query<{ channel: string }>(
        `delete from realtime_presence p where p.server_id = $1 and not exists (
           select 1 from json_to_recordset($2::json) as m(member_id text, channel text)
           where m.member_id = p.member_id and m.channel = p.channel)
         returning p.channel`,
        [
          serverId,
          JSON.stringify(members.map((m) => ({ member_id: m.memberId, channel: m.channel }))),
        ],
      )
      return channelsOf(rows)
    },

    /** Removes every membership of this server (shutdown); resolves to the channels touched. */
    async removeAll(): Promise<string[]> {
      const { rows } = await store.query<{ channel: string }>(
        'delete from realtime_presence where server_id = $1 returning channel',
        [serverId],
      )
      return channelsOf(rows)
    },

    /** The heartbeat: keeps this server's rows alive; resolves to how many it kept. */
    async keepAlive(): Promise<number> {
      const { rowCount } = await store.query(
        `update realtime_presence set expires_at = now() + make_interval(secs => $2)
         where server_id = $1`,
        [serverId, ttl],
      )
      return rowCount
    },

    /** Deletes expired rows (any server may); resolves to the channels that lost members. */
    async sweep(): Promise<string[]> {
      const { rows } = await store.query<{ channel: string }>(
        'delete from realtime_presence where expires_at <= now() returning channel',
      )
      return channelsOf(rows)
    },

    /** The live memberships other servers hold on each of `channels`. */
    async others(channels: string[]): Promise<Map<string, Membership[]>> {
      const found = new Map<string, Membership[]>(channels.map((c) => [c, []]))
      if (!channels.length) return found
      const { rows } = await store.query<PresenceRow>(
        `select channel, user_id, metadata, joined_at, last_seen from realtime_presence
         where channel = any($1::text[]) and server_id <> $2 and expires_at > now()
         order by joined_at, member_id`,
        [channels, serverId],
      )
      for (const row of rows) found.get(row.channel)?.push(membershipOf(row))
      return found
    },
  }
}

export type SharedPresence = ReturnType<typeof createSharedPresence>
