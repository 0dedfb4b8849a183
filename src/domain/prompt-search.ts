import type { LibraryPrompt } from './prompt-types'

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

/** Mean of the whole-star ratings (stored as text); unreadable ones are ignored; 0 if none. */
export function ratingSummary(ratings: ReadonlyArray<{ rating: string | number }>): {
  averageRating: number
  ratingCount: number
} {
  const stars = ratings.map((r) => Number(r.rating)).filter((n) => n >= 1 && n <= 5)
  if (!stars.length) return { averageRating: 0, ratingCount: 0 }
  return {
    averageRating: stars.reduce((a, b) => a + b, 0) / stars.length,
    ratingCount: stars.length,
  }
}

export function isActivePrompt(prompt: Pick<LibraryPrompt, 'isActive'>): boolean {
  return Number(prompt.isActive) === 1
}
