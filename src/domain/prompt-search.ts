/** Search is case-insensitive on title or content (docs/product/validation.md); a blank query keeps everything. */
export function filterPrompts<P extends { title: string; content: string }>(
  prompts: readonly P[],
  query: string,
): P[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return [...prompts]
  return prompts.filter(
    (p) => p.title.toLowerCase().includes(needle) || p.content.toLowerCase().includes(needle),
  )
}
