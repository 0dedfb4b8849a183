import * as v from 'valibot'
import {
  DATE_RANGE,
  dateOf,
  fields,
  inTimestampRange,
  storableText,
  validate,
} from '../http/input-schema'

/**
 * The query of `GET …/messages?channel&limit&start&end`. A bound is a message id (exclusive:
 * strictly after `start`, strictly before `end`) or a time (inclusive), given as ISO 8601 or
 * epoch milliseconds. `start=-` and `end=+` mean no bound: the hosted SDK sends them when its
 * caller gives none (as a Redis stream range would).
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

const boundOf = (text: string): HistoryBound =>
  MESSAGE_ID.test(text)
    ? { kind: 'id', id: text }
    : { kind: 'time', at: dateOf(text, { epochDigits: true }) }

// A time bound goes to a timestamptz comparison: valid, and within its range.
const boundSchema = v.optional(
  v.pipe(
    v.string(),
    v.transform(boundOf),
    v.check(
      (bound) => bound.kind === 'id' || inTimestampRange(bound.at),
      `must be a message id or a timestamp ${DATE_RANGE}`,
    ),
  ),
)

const limitMessage = `must be a whole number from 1 to ${MAX_HISTORY_LIMIT}`

const querySchema = fields(
  {
    channel: v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), storableText()),
    limit: v.optional(
      v.pipe(
        v.string(),
        v.transform(Number),
        v.integer(limitMessage),
        v.minValue(1, limitMessage),
        v.maxValue(MAX_HISTORY_LIMIT, limitMessage),
      ),
      String(DEFAULT_HISTORY_LIMIT),
    ),
    start: boundSchema,
    end: boundSchema,
  },
  'Invalid query',
)

/** The parsed query, or the message of the 400 answer. */
export function parseHistoryQuery(params: URLSearchParams): HistoryQuery | { error: string } {
  // An empty parameter counts as an absent one, and so does an open end (`-`, `+`).
  const given = (name: string, open?: string) => {
    const value = params.get(name) || undefined
    return value === open ? undefined : value
  }
  const parsed = validate(querySchema, {
    channel: given('channel'),
    limit: given('limit'),
    start: given('start', '-'),
    end: given('end', '+'),
  })
  if (!parsed.ok) return { error: parsed.message }
  const { channel, limit, start, end } = parsed.value
  return { channel, limit, ...(start && { start }), ...(end && { end }) }
}
