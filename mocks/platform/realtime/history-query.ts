/**
 * The query of `GET …/messages?channel&limit&start&end`. A bound is a message id (exclusive:
 * strictly after `start`, strictly before `end`) or a time (inclusive), given as ISO 8601 or
 * epoch milliseconds.
 */
export type HistoryBound = { kind: 'id'; id: string } | { kind: 'time'; at: Date }

export interface HistoryQuery {
  channel: string
  limit: number
  start?: HistoryBound
  end?: HistoryBound
}

export const DEFAULT_HISTORY_LIMIT = 50
export const MAX_HISTORY_LIMIT = 1000
/** Message ids are `msg_` and 32 hex digits (see realtime-hub.ts). */
export const MESSAGE_ID = /^msg_[0-9a-f]{32}$/

function boundOf(value: string): HistoryBound | null {
  if (MESSAGE_ID.test(value)) return { kind: 'id', id: value }
  const at = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value)
  return Number.isNaN(at.getTime()) ? null : { kind: 'time', at }
}

/** The parsed query, or the message of the 400 answer. */
export function parseHistoryQuery(params: URLSearchParams): HistoryQuery | { error: string } {
  const channel = params.get('channel')?.trim()
  if (!channel) return { error: 'channel is required' }
  const rawLimit = params.get('limit')
  const limit = rawLimit === null || rawLimit === '' ? DEFAULT_HISTORY_LIMIT : Number(rawLimit)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_LIMIT) {
    return { error: `limit must be a whole number from 1 to ${MAX_HISTORY_LIMIT}` }
  }
  const query: HistoryQuery = { channel, limit }
  for (const name of ['start', 'end'] as const) {
    const raw = params.get(name)
    if (raw === null || raw === '') continue
    const bound = boundOf(raw)
    if (!bound) return { error: `${name} must be a message id or a timestamp` }
    query[name] = bound
  }
  return query
}
