import type { KeyValueStorage } from '../types'

/** A logged event waiting to be sent; `key` tells queued copies apart, and is never sent. */
export interface QueuedEvent {
  key: string
  event: Record<string, unknown>
}

export const QUEUE_KEY = 'platform_analytics_queue'
/** Beyond this, the oldest events give way: a long outage must not fill the visitor's storage. */
export const MAX_QUEUED_EVENTS = 1000

/**
 * The events not yet delivered, kept in storage so they survive a reload. An event leaves the
 * queue only once the platform has accepted it; a failed send leaves it where it was.
 */
export function createEventQueue(storage: KeyValueStorage) {
  function read(): QueuedEvent[] {
    try {
      const stored = JSON.parse(storage.getItem(QUEUE_KEY) ?? '[]') as unknown
      return Array.isArray(stored)
        ? stored.filter((item): item is QueuedEvent => typeof item?.key === 'string')
        : []
    } catch {
      return []
    }
  }

  function write(events: QueuedEvent[]) {
    if (events.length === 0) storage.removeItem(QUEUE_KEY)
    else storage.setItem(QUEUE_KEY, JSON.stringify(events.slice(-MAX_QUEUED_EVENTS)))
  }

  return {
    all: read,
    size: () => read().length,
    push(item: QueuedEvent) {
      write([...read(), item])
    },
    /** Drops the events that were delivered (by key), keeping any logged meanwhile. */
    remove(keys: ReadonlySet<string>) {
      write(read().filter((item) => !keys.has(item.key)))
    },
    clear: () => storage.removeItem(QUEUE_KEY),
  }
}
