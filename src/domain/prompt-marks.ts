/**
 * Favourites and tags (docs/product/screens.md#favourites-and-tags): each user's own marks on
 * the prompts they can read. The database checks the same limits (db/migrations/prompt-marks.ts).
 */

/** A row of `prompt_marks`: one user's star and tags on one prompt. */
export interface PromptMark {
  userId: string
  promptId: string
  favourite: boolean
  tags: string[]
}

/** What the library's list is narrowed to, besides its tab and search. */
export interface LibraryFilter {
  favourites: boolean
  /** Prompts with this tag (whatever its case); null: any. */
  tag: string | null
}

export const NO_FILTER: LibraryFilter = { favourites: false, tag: null }

export const TAG_MAX = 30
export const TAGS_MAX = 10

export const TAG_TOO_LONG_MESSAGE = `Tags are at most ${TAG_MAX} characters`
export const TAGS_FULL_MESSAGE = `A prompt can have at most ${TAGS_MAX} tags`

export type TagCheck = { ok: true; tags: string[] } | { ok: false; message: string }

/** A tag as it is kept: spaces at the ends dropped, runs of spaces inside made one. */
export const tidyTag = (input: string) => input.trim().replace(/\s+/g, ' ')

const sameTag = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase()

/**
 * The tags after adding what the user typed. A blank entry or a tag already there (whatever
 * its case) changes nothing; a tag over 30 characters, or an 11th, is refused with a message.
 */
export function withTag(tags: readonly string[], input: string): TagCheck {
  const tag = tidyTag(input)
  if (!tag || tags.some((t) => sameTag(t, tag))) return { ok: true, tags: [...tags] }
  if (Array.from(tag).length > TAG_MAX) return { ok: false, message: TAG_TOO_LONG_MESSAGE }
  if (tags.length >= TAGS_MAX) return { ok: false, message: TAGS_FULL_MESSAGE }
  return { ok: true, tags: [...tags, tag] }
}

/** The tags without this one (whatever its case). */
export const withoutTag = (tags: readonly string[], tag: string) =>
  tags.filter((t) => !sameTag(t, tag))

/** Whether the list is narrowed at all. */
export const isFiltered = (filter: LibraryFilter) => filter.favourites || filter.tag !== null
