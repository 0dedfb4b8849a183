// Apart from prompt-search.ts, which the first paint carries: only the library's lazy dialog
// orders by rank (docs/performance.md, "Split").

/**
 * The search's matches in the database's order (docs/product/search.md#the-prompt-library):
 * those it ranked first, best first, then the rest in the list's own order.
 */
export function inRankOrder<P extends { id: string }>(
  prompts: readonly P[],
  order: readonly string[],
): P[] {
  if (!order.length) return [...prompts]
  const place = new Map(order.map((id, index) => [id, index]))
  const ranked = prompts.filter((p) => place.has(p.id))
  ranked.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0))
  return [...ranked, ...prompts.filter((p) => !place.has(p.id))]
}
