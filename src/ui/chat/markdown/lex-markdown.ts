import { Lexer, type Token, Tokenizer, type Tokens } from 'marked'

/**
 * A long unbroken run of the characters GFM's e-mail autolink looks ahead through, taken as
 * plain text in one go. Left to marked, a run split into many small pieces (`_a_a_a...`,
 * `*a*a*a...`) re-scans the rest of the run for an `@` at every piece: 100 KB took 2-10 s (it
 * was as slow, or slower, in micromark). Legitimate prose has no run this long outside code
 * (code spans and fenced blocks never get here); `www.` links are left to the URL rule.
 */
const LONG_RUN = /^[a-zA-Z0-9.!#$%&'*+/=?_{|}~;-]{64,}/

function longRun(src: string): Tokens.Text | undefined {
  if (src.startsWith('www.')) return undefined
  const run = LONG_RUN.exec(src)?.[0]
  return run === undefined ? undefined : { type: 'text', raw: run, text: run }
}

/**
 * Matching emphasis is quadratic too: every opener that never closes scans all later delimiters
 * (`_a_a_a _a_a_a ...` in runs short enough for LONG_RUN: 100 KB took over a second). Past this
 * much lexing time, a message's remaining `*`, `_` and `~` show as typed: a bounded cost that
 * only input like that ever reaches (a long reply lexes in a few milliseconds).
 */
const EMPHASIS_BUDGET_MS = 50

class BoundedTokenizer extends Tokenizer {
  readonly deadline = performance.now() + EMPHASIS_BUDGET_MS
  /** Whether the budget ran out: the result then depends on timing, not only on the text. */
  expired = false

  private late(): boolean {
    if (!this.expired && performance.now() > this.deadline) this.expired = true
    return this.expired
  }

  override emStrong(src: string, maskedSrc: string, prevChar?: string) {
    return this.late() ? undefined : super.emStrong(src, maskedSrc, prevChar)
  }

  override del(src: string, maskedSrc: string, prevChar?: string) {
    return this.late() ? undefined : super.del(src, maskedSrc, prevChar)
  }
}

/**
 * A line opening this many nested quotes or list items: the lexer would recurse once per level
 * (the stack runs out near 10,000, after seconds), so such a message shows as the text typed.
 * Unambiguous on purpose: whitespace belongs to exactly one place, so no backtracking blow-up.
 */
const TOO_DEEP = /^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])[ \t])){64}/m

export interface Lexed {
  /** The top-level block tokens; their `raw`s put end to end are the text (with `\r\n` as `\n`). */
  tokens: Token[]
  /**
   * Whether each block depends on its own text only: false when the text defines a link
   * reference (a definition reaches links in other blocks) or lexing ran out of time (the rest
   * of the emphasis then shows as typed, at a point that depends on the clock).
   */
  selfContained: boolean
}

/**
 * GitHub-flavoured, no hard breaks on single newlines: what react-markdown + remark-gfm did.
 * Null for input the lexer cannot take (nesting deep enough to exhaust the stack): it shows as
 * the text typed. Never throws.
 */
export function lexMarkdown(text: string): Lexed | null {
  if (TOO_DEEP.test(text)) return null
  try {
    // Fresh options and tokenizer each time: the lexer keeps its state on them.
    const tokenizer = new BoundedTokenizer()
    const tokens = Lexer.lex(text, {
      tokenizer,
      gfm: true,
      breaks: false,
      pedantic: false,
      silent: false,
      extensions: { renderers: {}, childTokens: {}, inline: [longRun] },
    })
    const selfContained = !tokenizer.expired && Object.keys(tokens.links).length === 0
    return { tokens, selfContained }
  } catch {
    return null
  }
}
