import type { KeyValueStorage } from '../types'

/** docs/product/data.md, docs/product/limits.md: a session `sess_…` with startedAt and lastActivityAt, ended by 30 min idle. */
export interface AnalyticsSession {
  id: string
  /** Milliseconds since the epoch. */
  startedAt: number
  lastActivityAt: number
}

export const SESSION_KEY = 'platform_analytics_session'
export const SESSION_IDLE_MS = 30 * 60 * 1000

function randomId(): string {
  const bytes = new Uint8Array(12)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function readSession(storage: KeyValueStorage): AnalyticsSession | null {
  try {
    const stored = JSON.parse(storage.getItem(SESSION_KEY) ?? 'null') as AnalyticsSession | null
    const valid =
      stored &&
      typeof stored.id === 'string' &&
      stored.id.startsWith('sess_') &&
      typeof stored.startedAt === 'number' &&
      typeof stored.lastActivityAt === 'number'
    return valid ? stored : null
  } catch {
    return null
  }
}

/**
 * The session activity at `now` belongs to: the stored one while it has been idle for at most
 * 30 minutes, else a new one. Either way its last activity becomes `now`, and it is stored.
 */
export function touchSession(storage: KeyValueStorage, now: number): AnalyticsSession {
  const current = readSession(storage)
  const session =
    current && now - current.lastActivityAt <= SESSION_IDLE_MS
      ? { ...current, lastActivityAt: now }
      : { id: `sess_${randomId()}`, startedAt: now, lastActivityAt: now }
  storage.setItem(SESSION_KEY, JSON.stringify(session))
  return session
}
