import type { Versions } from './history-page'

/** Where a message sits among its versions: `‹ 2 / 3 ›`, and the ids either side. */
export function versionOf(versions: Versions, messageId: string) {
  const all = versions[messageId]
  if (!all || all.length < 2) return null
  const at = all.indexOf(messageId)
  return {
    position: at + 1,
    count: all.length,
    previous: at > 0 ? (all[at - 1] ?? null) : null,
    next: at < all.length - 1 ? (all[at + 1] ?? null) : null,
  }
}
