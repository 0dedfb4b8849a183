/**
 * The list with the item at `from` moved to `to` (both indexes into the list as it is), or
 * null when that moves nothing: an index outside the list, or the same place.
 */
export function moved<T>(items: readonly T[], from: number, to: number): T[] | null {
  const inside = (i: number) => Number.isInteger(i) && i >= 0 && i < items.length
  if (!inside(from) || !inside(to) || from === to) return null
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}
