import type { LibraryPrompt } from './prompt-types'

// What a prompt's row says about it, for the library and the extension bridge alike. Apart from
// the library's search (prompt-search.ts), whose code is not in the first paint.

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
