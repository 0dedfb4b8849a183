import type { Attribution } from './attribution'

/** docs/product/limits.md: every string of an event is cut to 256 characters. */
export const MAX_STRING_LENGTH = 256

/** Cuts every string, however deep, to 256 characters; other values pass unchanged. */
export function truncateStrings(value: unknown): unknown {
  if (typeof value === 'string') return value.slice(0, MAX_STRING_LENGTH)
  if (Array.isArray(value)) return value.map(truncateStrings)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, truncateStrings(v)]),
    )
  }
  return value
}

export interface EventContext {
  projectId: string
  user: { id: string; email: string | null } | null
  sessionId: string
  href: string
  referrer: string
  screenWidth: number
  attribution: Attribution
  /** Milliseconds since the epoch. */
  now: number
}

function pathnameOf(href: string): string {
  try {
    return new URL(href).pathname
  } catch {
    return ''
  }
}

/**
 * The full event of docs/product/data.md Custom data comes first so it can add fields but never overwrite
 * the standard ones (a `type` inside data does not relabel the event).
 */
export function buildEvent(
  type: string,
  data: Record<string, unknown> | undefined,
  context: EventContext,
): Record<string, unknown> {
  const { attribution } = context
  const event = {
    ...data,
    type,
    timestamp: new Date(context.now).toISOString(),
    project_id: context.projectId,
    user_id: context.user?.id ?? null,
    user_email: context.user?.email ?? null,
    session_id: context.sessionId,
    pathname: pathnameOf(context.href),
    referrer: context.referrer || null,
    screen_width: context.screenWidth,
    channel: attribution.channel,
    utm_source: attribution.utm_source,
    utm_medium: attribution.utm_medium,
    utm_campaign: attribution.utm_campaign,
    utm_content: attribution.utm_content,
    utm_term: attribution.utm_term,
  }
  return truncateStrings(event) as Record<string, unknown>
}
