import { isPlainObject } from '../http/json-error'

/** What the log endpoint accepts (spec §3 "Analytics event", §9 batch of 10). */
export const MAX_EVENTS_PER_REQUEST = 100
const MAX_EVENT_BYTES = 16 * 1024
const MAX_TYPE_LENGTH = 256

/** Fields of spec §3 that, when present, are text (or null). */
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

function checkEvent(value: unknown, index: number, projectId: string): ValidEvent | string {
  const at = `events[${index}]`
  if (!isPlainObject(value)) return `${at} must be an object`
  const { type, timestamp, screen_width: screenWidth } = value
  if (typeof type !== 'string' || !type.trim()) return `${at}.type must be a non-empty string`
  if (type.length > MAX_TYPE_LENGTH) return `${at}.type must be at most 256 characters`
  if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) {
    return `${at}.timestamp must be an ISO date string`
  }
  for (const field of TEXT_FIELDS) {
    const fieldValue = value[field]
    if (fieldValue !== undefined && fieldValue !== null && typeof fieldValue !== 'string') {
      return `${at}.${field} must be a string`
    }
  }
  if (
    value.project_id !== undefined &&
    value.project_id !== null &&
    value.project_id !== projectId
  ) {
    return `${at}.project_id does not match this project`
  }
  if (
    screenWidth !== undefined &&
    screenWidth !== null &&
    (typeof screenWidth !== 'number' || !Number.isFinite(screenWidth) || screenWidth < 0)
  ) {
    return `${at}.screen_width must be a non-negative number`
  }
  if (JSON.stringify(value).length > MAX_EVENT_BYTES) return `${at} is larger than 16 KB`
  return {
    type,
    timestamp: new Date(timestamp).toISOString(),
    userId: typeof value.user_id === 'string' && value.user_id ? value.user_id : null,
    sessionId: typeof value.session_id === 'string' ? value.session_id : null,
    event: value,
  }
}

/** Checks a log body `{ events: [...] }`; the first problem found is the 400's message. */
export function checkEvents(body: unknown, projectId: string): EventsCheck {
  if (!isPlainObject(body) || !Array.isArray(body.events)) {
    return { ok: false, message: 'events must be an array' }
  }
  const { events } = body
  if (events.length === 0) return { ok: false, message: 'events must not be empty' }
  if (events.length > MAX_EVENTS_PER_REQUEST) {
    return { ok: false, message: `At most ${MAX_EVENTS_PER_REQUEST} events per request` }
  }
  const valid: ValidEvent[] = []
  for (const [index, event] of events.entries()) {
    const checked = checkEvent(event, index, projectId)
    if (typeof checked === 'string') return { ok: false, message: checked }
    valid.push(checked)
  }
  return { ok: true, events: valid }
}
