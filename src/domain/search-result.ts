/**
 * What a search finds (docs/product/search.md): a conversation of the user's, at its best
 * matching message (or its title), or a prompt the user can read.
 */
export type SearchResult = ConversationResult | PromptResult

export interface ConversationResult {
  kind: 'conversation'
  /** The conversation's id. */
  id: string
  /** The message that matched best, or null when the title did. */
  messageId: string | null
  title: string
  /** The matching text around its matches, marked (see `snippetParts`). */
  snippet: string
  at: string
}

export interface PromptResult {
  kind: 'prompt'
  id: string
  title: string
  snippet: string
  promptType: 'user' | 'system'
  /** The user's own prompt, or another user's public one. */
  own: boolean
  at: string
}

/** What the database marks a match with: two control characters no text of ours carries. */
const MATCH_START = '\u0002'
const MATCH_END = '\u0003'

/** One piece of a snippet: text, and whether it is a match to mark. */
export interface SnippetPart {
  text: string
  match: boolean
}

/**
 * A snippet as text with its matches marked, never as HTML: the text is the user's own and
 * is shown as text (docs/security.md, "Markdown").
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  // The database reads '<' as the start of a tag, so it is sent as \u0001 (db/migrations/search-everything.ts).
  const text = snippet.replaceAll('\u0001', '<')
  for (const [i, piece] of text.split(MATCH_START).entries()) {
    const end = piece.indexOf(MATCH_END)
    if (i === 0 || end < 0) {
      if (piece) parts.push({ text: piece.replaceAll(MATCH_END, ''), match: false })
      continue
    }
    if (end > 0) parts.push({ text: piece.slice(0, end), match: true })
    const rest = piece.slice(end + 1).replaceAll(MATCH_END, '')
    if (rest) parts.push({ text: rest, match: false })
  }
  return parts
}

/** A query worth sending: some text that is not only spaces, at most the database's length. */
export function searchQuery(typed: string): string | null {
  const query = typed.trim()
  return query === '' ? null : query
}
