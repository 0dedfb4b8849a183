import type { Token, Tokens } from 'marked'
import { type CSSProperties, type ReactNode, Suspense } from 'react'
import { safeUrl } from '../../../domain/safe-url'
import { lazyComponent } from '../../shell/lazy-view'
import { CodeBlock } from './code-block'
import { decodeEntities } from './decode-entities'
import { lexMarkdown } from './lex-markdown'
import { isRemoteImage } from './remote-image-check'

// Its code loads with the first reply that has one (docs/performance.md, "Split"); until then
// the image's place stays empty, as an image's does before it loads.
const RemoteImage = lazyComponent(() => import('./remote-image').then((m) => m.RemoteImage))

/**
 * Markdown as React elements, straight from marked's tokens: no HTML string is ever built, so
 * React escapes every piece of text and no markup from a message can become an element. Keys
 * are indexes throughout: a message's parts never reorder.
 */

/** Nesting deeper than this (lists in quotes in lists...) shows as the text typed. */
const MAX_DEPTH = 32
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const
const ALIGN: Record<string, CSSProperties> = {
  left: { textAlign: 'left' },
  center: { textAlign: 'center' },
  right: { textAlign: 'right' },
}

/** The plain text of some inline tokens (an image's alt text). */
function plainText(tokens: Token[] | undefined): string {
  if (!tokens) return ''
  let out = ''
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        out += token.tokens ? plainText(token.tokens) : decodeEntities(token.raw)
        break
      case 'escape':
      case 'codespan':
        out += token.text
        break
      case 'html':
        out += token.raw
        break
      case 'checkbox':
      case 'br':
        break
      default:
        out += plainText((token as Tokens.Generic).tokens)
    }
  }
  return out
}

function renderAll(tokens: Token[] | undefined, depth: number): ReactNode[] | null {
  if (!tokens || tokens.length === 0) return null
  const out: ReactNode[] = []
  for (let i = 0; i < tokens.length; i++) out.push(renderToken(tokens[i]!, i, depth))
  return out
}

function renderList(token: Tokens.List, key: number, depth: number): ReactNode {
  const items = token.items.map((item, i) => <li key={i}>{renderAll(item.tokens, depth + 1)}</li>)
  if (!token.ordered) return <ul key={key}>{items}</ul>
  const start = typeof token.start === 'number' && token.start !== 1 ? token.start : undefined
  return (
    <ol key={key} start={start}>
      {items}
    </ol>
  )
}

function renderTable(token: Tokens.Table, key: number, depth: number): ReactNode {
  return (
    <table key={key}>
      <thead>
        <tr>
          {token.header.map((cell, i) => (
            <th key={i} style={cell.align ? ALIGN[cell.align] : undefined}>
              {renderAll(cell.tokens, depth + 1)}
            </th>
          ))}
        </tr>
      </thead>
      {token.rows.length > 0 && (
        <tbody>
          {token.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i} style={cell.align ? ALIGN[cell.align] : undefined}>
                  {renderAll(cell.tokens, depth + 1)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      )}
    </table>
  )
}

function renderToken(token: Token, key: number, depth: number): ReactNode {
  if (depth > MAX_DEPTH) return token.raw
  switch (token.type) {
    case 'space':
    case 'def':
      return null
    case 'paragraph':
      return <p key={key}>{renderAll(token.tokens, depth + 1)}</p>
    case 'heading': {
      const Heading = HEADINGS[Math.min(Math.max(token.depth, 1), 6) - 1]!
      return <Heading key={key}>{renderAll(token.tokens, depth + 1)}</Heading>
    }
    case 'code': {
      const language = /^[\w+#-]*/.exec(token.lang ?? '')![0]
      return (
        <CodeBlock
          key={key}
          code={token.text.replace(/\n$/, '')}
          language={language}
          open={openCode.has(token)}
        />
      )
    }
    case 'blockquote':
      return <blockquote key={key}>{renderAll(token.tokens, depth + 1)}</blockquote>
    case 'list':
      return renderList(token as Tokens.List, key, depth)
    case 'table':
      return renderTable(token as Tokens.Table, key, depth)
    case 'hr':
      return <hr key={key} />
    case 'html':
      // Raw HTML shows as the characters typed, never as elements.
      return token.block ? <p key={key}>{token.raw.replace(/\n+$/, '')}</p> : token.raw
    case 'checkbox':
      return <input key={key} type="checkbox" checked={token.checked} disabled readOnly />
    case 'text':
      // Block text (a tight list item) has inline tokens; inline text is the source itself.
      return token.tokens ? renderAll(token.tokens, depth) : decodeEntities(token.raw)
    case 'escape':
      return token.text
    case 'strong':
      return <strong key={key}>{renderAll(token.tokens, depth + 1)}</strong>
    case 'em':
      return <em key={key}>{renderAll(token.tokens, depth + 1)}</em>
    case 'del':
      return <del key={key}>{renderAll(token.tokens, depth + 1)}</del>
    case 'codespan':
      return <code key={key}>{token.text}</code>
    case 'br':
      return <br key={key} />
    case 'link': {
      const link = token as Tokens.Link
      // Autolinks are literal; a written destination may hold character references, which are
      // resolved before the scheme is checked (`javascript&#58;` is javascript:).
      const href = safeUrl(link.autolink ? link.href : decodeEntities(link.href))
      const content = renderAll(link.tokens, depth + 1)
      // An unsafe URL: the text stays, without anything to follow.
      if (!href) return <span key={key}>{content}</span>
      return (
        <a
          key={key}
          href={href}
          title={link.title ? decodeEntities(link.title) : undefined}
          target="_blank"
          rel="noopener noreferrer nofollow"
        >
          {content}
        </a>
      )
    }
    case 'image': {
      const image = token as Tokens.Image
      const src = safeUrl(decodeEntities(image.href))
      const alt = plainText(image.tokens)
      // Likewise an unsafe image: an empty src would make the browser fetch the page itself.
      if (!src) return <span key={key}>{alt}</span>
      const title = image.title ? decodeEntities(image.title) : undefined
      if (isRemoteImage(src, window.location.origin)) {
        return (
          <Suspense key={key} fallback={null}>
            <RemoteImage.Component src={src} alt={alt} title={title} />
          </Suspense>
        )
      }
      return (
        <img
          key={key}
          src={src}
          alt={alt}
          title={title}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      )
    }
    default:
      // A token type this renderer does not know: its content, else its source, as text.
      return 'tokens' in token && token.tokens ? renderAll(token.tokens, depth + 1) : token.raw
  }
}

/**
 * Fenced code still arriving (its closing fence not there yet): shown as plain text, and
 * highlighted once closed, so a streamed block does not flicker on every chunk.
 */
const openCode = new WeakSet<Token>()

/**
 * One top-level block (a token of `lexMarkdown`), keyed by its index among the message's
 * blocks: the same element `renderMarkdown` gives at that index. `open` is a fenced code token
 * inside it that is still arriving.
 */
export function renderBlock(token: Token, index: number, open: Token | null = null): ReactNode {
  if (open) openCode.add(open)
  return renderToken(token, index, 0)
}

/** What a message the lexer cannot take shows: the text typed. */
export function asTyped(text: string, key?: number): ReactNode {
  return <p key={key}>{text}</p>
}

/**
 * A message as GitHub-flavoured markdown, as React nodes. Never throws: input the lexer cannot
 * take (nesting deep enough to exhaust the stack) shows as the text typed.
 */
export function renderMarkdown(text: string): ReactNode {
  try {
    const lexed = lexMarkdown(text)
    if (lexed) return renderAll(lexed.tokens, 0)
  } catch {
    // Below: whatever the lexer could not take shows as the text typed.
  }
  return asTyped(text)
}
