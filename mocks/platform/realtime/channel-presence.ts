import type { PresenceUser } from '../../../contract/realtime-frames'

/** One socket's membership of a channel (times: epoch ms on the platform clock). */
export type Membership = PresenceUser

/**
 * The channel's users: one entry per user however many sockets they hold (two tabs are one
 * person), joined at their first join, last seen at their latest sign of life, described by
 * the metadata of their latest join.
 */
export function presenceUsers(memberships: Iterable<Membership>): PresenceUser[] {
  const users = new Map<string, PresenceUser & { latestJoin: number }>()
  for (const m of memberships) {
    const known = users.get(m.userId)
    if (!known) {
      users.set(m.userId, { ...m, latestJoin: m.joinedAt })
      continue
    }
    known.lastSeen = Math.max(known.lastSeen, m.lastSeen)
    if (m.joinedAt >= known.latestJoin) {
      known.metadata = m.metadata
      known.latestJoin = m.joinedAt
    }
    known.joinedAt = Math.min(known.joinedAt, m.joinedAt)
  }
  return [...users.values()]
    .map(({ latestJoin: _, ...user }) => user)
    .sort((a, b) => a.joinedAt - b.joinedAt || a.userId.localeCompare(b.userId))
}

export interface PresenceThrottleOptions {
  /** Shortest gap between two presence frames of one channel; 0 sends every change at once. */
  minIntervalMs: number
  /** Added per member: a presence frame goes to every member, so big channels hear less often. */
  perMemberMs: number
}

/**
 * Coalesces presence broadcasts per channel: the first change is sent at once, changes within
 * the interval after it go out together at its end. Without this, 1,000 joins would cost a
 * million frames, each listing up to 1,000 users.
 */
export function createPresenceThrottle(
  options: PresenceThrottleOptions,
  memberCount: (channel: string) => number,
  broadcast: (channel: string) => void,
) {
  const lastSent = new Map<string, number>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()

  const send = (channel: string) => {
    timers.delete(channel)
    lastSent.set(channel, performance.now())
    broadcast(channel)
  }

  return {
    schedule(channel: string): void {
      if (timers.has(channel)) return
      const interval = Math.max(options.minIntervalMs, memberCount(channel) * options.perMemberMs)
      const since = performance.now() - (lastSent.get(channel) ?? Number.NEGATIVE_INFINITY)
      if (interval <= 0 || since >= interval) {
        send(channel)
        return
      }
      const timer = setTimeout(() => send(channel), interval - since)
      timer.unref?.()
      timers.set(channel, timer)
    },
    forget(channel: string): void {
      const timer = timers.get(channel)
      if (timer) clearTimeout(timer)
      timers.delete(channel)
      lastSent.delete(channel)
    },
    stop(): void {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
