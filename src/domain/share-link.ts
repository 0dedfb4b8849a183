import type { PromptDraft } from './prompt-types'

/** Links longer than this are refused before parsing: nobody shares a novel by URL. */
export const MAX_SHARED_PROMPT_CHARS = 20_000

export const INVALID_SHARED_PROMPT = 'Invalid shared prompt URL'

// Reading a shared prompt's link; a card's Share builds one (share-link-builder.ts), in the
// library's code rather than the first paint's.

export type SharedPromptParse =
  | { kind: 'none' }
  | { kind: 'invalid'; error: string }
  | { kind: 'prompt'; prompt: PromptDraft }

const invalid: SharedPromptParse = { kind: 'invalid', error: INVALID_SHARED_PROMPT }

/** Reads the `prompt` parameter of an address. Never throws: garbage is `invalid`. */
export function parseSharedPrompt(href: string): SharedPromptParse {
  let raw: string | null
  try {
    raw = new URL(href).searchParams.get('prompt')
  } catch {
    return { kind: 'none' }
  }
  if (raw === null) return { kind: 'none' }
  return parseSharedPayload(raw)
}

/** The decoded parameter value (URLSearchParams already undid the encoding). */
export function parseSharedPayload(raw: string): SharedPromptParse {
  if (raw.length > MAX_SHARED_PROMPT_CHARS) return invalid
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return invalid
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return invalid
  const { title, content, type } = value as Record<string, unknown>
  if (typeof title !== 'string' || typeof content !== 'string') return invalid
  if (type !== 'user' && type !== 'system') return invalid
  if (!title.trim() || !content.trim()) return invalid
  return { kind: 'prompt', prompt: { title, content, type } }
}

/** The address without its query, after the shared prompt was handled (docs/product/behaviour.md). */
export function addressWithoutQuery(href: string): string {
  try {
    const url = new URL(href)
    return `${url.origin}${url.pathname}${url.hash}`
  } catch {
    return href
  }
}
