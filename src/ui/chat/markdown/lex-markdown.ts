import { Lexer, type Rules, type Token, Tokenizer, type Tokens } from 'marked'

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
 * Matching emphasis is quadratic too: every opener that never closes steps through all later
 * delimiters looking for its closer (`_a_a_a _a_a_a ...` in runs short enough for LONG_RUN:
 * 100 KB took over a second). The steps are counted, not timed, so the same text always
 * renders the same: past this many, a message's remaining `*`, `_` and `~` show as typed.
 * A 100 KB reply with ordinary emphasis takes a small fraction of it; only input like the
 * above reaches it.
 */
const EMPHASIS_STEPS = 50_000

class BoundedTokenizer extends Tokenizer {
  private steps = 0
  /** Whether the budget ran out: the rest of the emphasis then shows as typed. */
  expired = false

  constructor() {
    super()
    // The lexer hands its rules to the tokenizer; the closer searches get a counting copy.
    let rules: Rules
    Object.defineProperty(this, 'rules', {
      get: () => rules,
      set: (given: Rules) => {
        const inline = { ...given.inline }
        inline.emStrongRDelimAst = this.counting(given.inline.emStrongRDelimAst)
        inline.emStrongRDelimUnd = this.counting(given.inline.emStrongRDelimUnd)
        inline.delRDelim = this.counting(given.inline.delRDelim)
        rules = { ...given, inline }
      },
    })
  }

  /** The pattern, counting each step of a closer search; past the budget it finds nothing. */
  private counting(pattern: RegExp): RegExp {
    const tokenizer = this
    return new (class extends RegExp {
      override exec(text: string) {
        if (tokenizer.expired || ++tokenizer.steps > EMPHASIS_STEPS) {
          tokenizer.expired = true
          return null
        }
        return super.exec(text)
      }
    })(pattern.source, pattern.flags)
  }

  override emStrong(src: string, maskedSrc: string, prevChar?: string) {
    return this.expired ? undefined : super.emStrong(src, maskedSrc, prevChar)
  }

  override del(src: string, maskedSrc: string, prevChar?: string) {
    return this.expired ? undefined : super.del(src, maskedSrc, prevChar)
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
   * reference (a definition reaches links in other blocks) or emphasis ran out of budget (the
   * rest of it then shows as typed, from a point that depends on the text before).
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
