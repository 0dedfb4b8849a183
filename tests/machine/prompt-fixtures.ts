import type { LibraryPrompt } from '../../src/domain/prompt-types'

/** A library prompt with sensible defaults. */
export function libraryPrompt(overrides: Partial<LibraryPrompt> = {}): LibraryPrompt {
  return {
    id: 'p1',
    userId: 'user_a',
    title: 'Summarise',
    content: 'Summarise this text',
    type: 'user',
    isPublic: '1',
    isActive: '0',
    createdAt: '2026-01-01T00:00:00.000Z',
    isOwn: false,
    averageRating: 0,
    ratingCount: 0,
    ...overrides,
  }
}

/** Lets settled promises reach the machine (fakes resolve on the microtask queue). */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve))
