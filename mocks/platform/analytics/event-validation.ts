import * as v from 'valibot'
import {
  DATE_RANGE,
  fields,
  storableJsonb,
  storableText,
  timestampText,
  validate,
} from '../http/input-schema'

/** What the log endpoint accepts (docs/product/data.md "Analytics event", docs/product/limits.md batch of 10). */
export const MAX_EVENTS_PER_REQUEST = 100
const MAX_EVENT_BYTES = 16 * 1024
const MAX_TYPE_LENGTH = 256

/** Fields of docs/product/data.md that, when present, are text (or null). */
const TEXT_FIELDS = [
  'project_id',
  'user_id',
  'user_email',
  'session_id',
  'pathname',
  'referrer',
  'channel',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
] as const

export interface ValidEvent {
  type: string
  timestamp: string
  userId: string | null
  sessionId: string | null
  event: Record<string, unknown>
}

export type EventsCheck = { ok: true; events: ValidEvent[] } | { ok: false; message: string }

const optionalText = v.nullish(v.string('must be a string'))

/**
 * One event. The whole event is kept as jsonb, so after its own fields every string and key
 * in it must be storable there; `timestamp` goes to a timestamptz column.
 */
function eventSchema(projectId: string) {
  return v.pipe(
    fields(
      {
        type: v.pipe(
          v.string('must be a non-empty string'),
          v.check((type) => type.trim() !== '', 'must be a non-empty string'),
          v.maxLength(MAX_TYPE_LENGTH, `must be at most ${MAX_TYPE_LENGTH} characters`),
          storableText(),
        ),
        timestamp: timestampText(`must be an ISO date string ${DATE_RANGE}`),
        ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, optionalText])),
        project_id: v.nullish(
          v.pipe(
            v.string('must be a string'),
            v.check((id) => id === projectId, 'does not match this project'),
          ),
        ),
        screen_width: v.nullish(
          v.pipe(
            v.number('must be a non-negative number'),
            v.finite('must be a non-negative number'),
            v.minValue(0, 'must be a non-negative number'),
          ),
        ),
      },
      'must be an object',
    ),
    storableJsonb(),
    v.check((event) => JSON.stringify(event).length <= MAX_EVENT_BYTES, 'is larger than 16 KB'),
  )
}

function bodySchema(projectId: string) {
  return fields(
    {
      events: v.pipe(
        v.array(v.unknown(), 'must be an array'),
        v.nonEmpty('must not be empty'),
        v.maxLength(MAX_EVENTS_PER_REQUEST, `At most ${MAX_EVENTS_PER_REQUEST} events per request`),
        v.array(eventSchema(projectId)),
      ),
    },
    'events must be an array',
  )
}

/** Checks a log body `{ events: [...] }`; the first problem found is the 400's message. */
export function createEventsCheck(projectId: string): (body: unknown) => EventsCheck {
  const schema = bodySchema(projectId)
  return (body) => {
    const checked = validate(schema, body)
    if (!checked.ok) return checked
    return {
      ok: true,
      // The events as sent (the schema's output would drop nothing, but may reorder keys).
      events: (body as { events: Record<string, unknown>[] }).events.map((event, index) => {
        const valid = checked.value.events[index]!
        return {
          type: valid.type,
          timestamp: valid.timestamp.toISOString(),
          userId: typeof event.user_id === 'string' && event.user_id ? event.user_id : null,
          sessionId: typeof event.session_id === 'string' ? event.session_id : null,
          event,
        }
      }),
    }
  }
}
