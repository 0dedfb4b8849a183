import type { SqlExecutor } from '../../../contract/app-schema'
import type { RealtimeMessage } from '../../../contract/realtime-frames'
import type { AccessClaims } from '../auth/access-token'
import { asRequestRole, type RequestRole } from '../rest/request-role'
import type { SqlStore } from '../store/sql-store'
import type { HistoryBound, HistoryQuery } from './history-query'

interface MessageRow {
  id: string
  channel: string
  type: string
  data: unknown
  user_id: string
  metadata: unknown
  created_at: Date | string
}

function messageOf(row: MessageRow): RealtimeMessage {
  const metadata = row.metadata
  return {
    id: row.id,
    channel: row.channel,
    type: row.type,
    data: row.data ?? null,
    timestamp: new Date(row.created_at).getTime(),
    userId: row.user_id,
    metadata:
      typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>)
        : {},
  }
}

export class UnknownMessageError extends Error {}

/**
 * Channel history in `realtime_messages`, read and written as the caller (RLS); only an
 * anonymous socket's messages and the fan-out between servers go through the platform's role.
 */
export function createMessageHistory(store: SqlStore) {
  async function seqOf(tx: SqlExecutor, channel: string, id: string): Promise<string> {
    const { rows } = await tx.query<{ seq: string }>(
      'select seq::text as seq from realtime_messages where channel = $1 and id = $2',
      [channel, id],
    )
    if (!rows[0]) throw new UnknownMessageError(`No message ${id} in channel ${channel}`)
    return rows[0].seq
  }

  async function condition(
    tx: SqlExecutor,
    query: HistoryQuery,
    bound: HistoryBound,
    side: 'start' | 'end',
    params: unknown[],
  ): Promise<string> {
    if (bound.kind === 'id') {
      params.push(await seqOf(tx, query.channel, bound.id))
      return side === 'start' ? `seq > $${params.length}` : `seq < $${params.length}`
    }
    params.push(bound.at.toISOString())
    return side === 'start' ? `created_at >= $${params.length}` : `created_at <= $${params.length}`
  }

  return {
    /**
     * Stores a message as its author: a signed-in sender through their own role (RLS checks
     * the author is the caller), an anonymous socket's through the platform's role, which may
     * write only `anon:` authors (realtime migration 201).
     */
    async save(author: AccessClaims | null, message: RealtimeMessage): Promise<void> {
      const insert = (tx: SqlExecutor) =>
        tx.query(
          `insert into realtime_messages (id, channel, type, data, user_id, metadata, created_at)
           values ($1, $2, $3, $4::json, $5, $6::json, $7)`,
          [
            message.id,
            message.channel,
            message.type,
            JSON.stringify(message.data ?? null),
            message.userId,
            JSON.stringify(message.metadata),
            new Date(message.timestamp).toISOString(),
          ],
        )
      if (author) await asRequestRole(store, { role: 'authenticated', claims: author }, insert)
      else await insert(store)
    },

    /** One message by id, read by the platform (a server fanning out another's message). */
    async byId(id: string): Promise<RealtimeMessage | null> {
      const { rows } = await store.query<MessageRow>(
        `select id, channel, type, data, user_id, metadata, created_at
         from realtime_messages where id = $1`,
        [id],
      )
      return rows[0] ? messageOf(rows[0]) : null
    },

    /**
     * Oldest first. With only `start`, the first `limit` messages after it; otherwise the
     * latest `limit` up to `end` (what a chat view pages backwards through).
     */
    list(caller: RequestRole, query: HistoryQuery): Promise<RealtimeMessage[]> {
      return asRequestRole(
        store,
        caller,
        async (tx) => {
          const params: unknown[] = [query.channel]
          const where = ['channel = $1']
          if (query.start) where.push(await condition(tx, query, query.start, 'start', params))
          if (query.end) where.push(await condition(tx, query, query.end, 'end', params))
          const forward = query.start !== undefined && query.end === undefined
          params.push(query.limit)
          const { rows } = await tx.query<MessageRow>(
            `select id, channel, type, data, user_id, metadata, created_at
             from realtime_messages where ${where.join(' and ')}
             order by seq ${forward ? 'asc' : 'desc'} limit $${params.length}`,
            params,
          )
          const messages = rows.map(messageOf)
          return forward ? messages : messages.reverse()
        },
        { readOnly: true },
      )
    },
  }
}
