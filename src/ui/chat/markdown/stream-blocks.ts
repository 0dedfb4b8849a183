import type { Token, Tokens } from 'marked'
import type { Lexed } from './lex-markdown'

/**
 * A reply that is still arriving, cut into top-level blocks that are done (no text appended
 * later can change them) and the open tail after them. Each new chunk re-lexes only the tail,
 * from the start of its first block, so the work per chunk is the size of the open blocks, not
 * of the whole message (docs/rendering.md).
 */
export interface StreamBlocks {
  /** The text so far, with `\r\n` and `\r` read as `\n` (as the lexer reads them). */
  readonly text: string
  /** The done blocks, in order: lexed once each, never again. */
  readonly committed: readonly Token[]
  /** How much of `text` the done blocks cover: the tail is `text.slice(committedLength)`. */
  readonly committedLength: number
  /** Whether every lex that gave a done block was self-contained (see `Lexed`). */
  readonly committedSelfContained: boolean
  /** The tail's blocks; null when the lexer refused the tail (it then shows as typed). */
  readonly tail: readonly Token[] | null
  /** The tail's fenced code block whose closing fence has not arrived, if it ends in one. */
  readonly openCode: Token | null
}

export type BlockLexer = (src: string) => Lexed | null

export const NO_BLOCKS: StreamBlocks = {
  text: '',
  committed: [],
  committedLength: 0,
  committedSelfContained: true,
  tail: [],
  openCode: null,
}

/**
 * Blocks that are done once another block follows: the end of each is fixed by its own text
 * (a blank line, an ATX heading's single line, a rule, a code block's end), so nothing after it
 * can reopen it, and the next block does not read it either (marked only looks back at a
 * paragraph or a text token, to let a line continue it). A paragraph, list, quote or table
 * followed directly by another block stays open until a blank line: rare in replies, and safe.
 */
const ENDS_BY_ITSELF = new Set(['space', 'heading', 'hr', 'code'])

/**
 * The state after the text grew to `text`. When `text` does not extend the previous text (a
 * new reply, or an edit), it starts over. Pure: `previous` is never changed.
 */
export function advanceBlocks(
  previous: StreamBlocks | null,
  text: string,
  lex: BlockLexer,
): StreamBlocks {
  const normalized = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text
  const base = previous && normalized.startsWith(previous.text) ? previous : NO_BLOCKS
  if (base.text === normalized && base !== NO_BLOCKS) return base
  const src = normalized.slice(base.committedLength)
  const lexed = lex(src)
  if (!lexed) return { ...base, text: normalized, tail: null, openCode: null }

  const { tokens } = lexed
  // The last block that may start a new tail: after one that ends by itself, at the start of a
  // line, with its first line complete (`-` may still become `-x`, `#` `#x`) and not indented
  // (an indented line after a blank one may still belong to the list or code above it).
  let split = 0
  let splitAt = 0
  let offset = 0
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    if (
      i > 0 &&
      token.type !== 'space' &&
      ENDS_BY_ITSELF.has(tokens[i - 1]!.type) &&
      src[offset - 1] === '\n' &&
      src[offset] !== ' ' &&
      src[offset] !== '\t' &&
      src.indexOf('\n', offset) !== -1
    ) {
      split = i
      splitAt = offset
    }
    offset += token.raw.length
  }
  // The raws should cover the text exactly; if they ever do not, commit nothing.
  if (offset !== src.length) split = splitAt = 0

  const tail = split === 0 ? tokens : tokens.slice(split)
  const tailSrc = splitAt === 0 ? src : src.slice(splitAt)
  return {
    text: normalized,
    committed: split === 0 ? base.committed : [...base.committed, ...tokens.slice(0, split)],
    committedLength: base.committedLength + splitAt,
    committedSelfContained:
      split === 0
        ? base.committedSelfContained
        : base.committedSelfContained && lexed.selfContained,
    tail,
    openCode: openFence(tail, tailSrc),
  }
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/

/**
 * The fenced code block at the very end of `tokens` (the last block, or the last thing nested in
 * it), when its closing fence has not arrived or its line is not complete yet: more text may
 * still belong to it. Only that one can be open: every block before it has ended.
 */
export function openFence(tokens: readonly Token[], src: string): Token | null {
  let token = lastBlock(tokens)
  while (token && token.type !== 'code') token = lastBlock(childBlocks(token))
  if (!token) return null
  const fence = FENCE.exec(token.raw)?.[1]
  if (!fence) return token // Indented code: open while it is the last thing.
  const lines = token.raw.replace(/\n+$/, '').split('\n')
  const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`)
  const closed = lines.length > 1 && close.test(lines.at(-1)!)
  // The closing line is complete once a newline follows it (`` ``` `` may still become `` ```x ``).
  return closed && /\n[ \t]*$/.test(src) ? null : token
}

function lastBlock(tokens: readonly Token[] | undefined): Token | undefined {
  if (!tokens) return undefined
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (tokens[i]!.type !== 'space') return tokens[i]
  }
  return undefined
}

/** The blocks inside a list (its last item's) or a quote; none for a leaf or inline content. */
function childBlocks(token: Token): readonly Token[] | undefined {
  if (token.type === 'list') return (token as Tokens.List).items.at(-1)?.tokens
  if (token.type === 'blockquote') return (token as Tokens.Blockquote).tokens
  return undefined
}
