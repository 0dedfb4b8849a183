import { type ComponentProps, isValidElement, memo, type ReactElement, type ReactNode } from 'react'
import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { css } from 'styled-system/css'
import { safeUrl } from '../../domain/safe-url'
import { CodeBlock } from './code-block'
import { remarkHtmlAsText } from './html-as-text'

const prose = css({
  fontSize: 'md',
  lineHeight: '1.65',
  overflowWrap: 'anywhere',
  '& > :first-child': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& p': { my: '2' },
  '& ul, & ol': { my: '2', pl: '6' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { my: '1' },
  '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', mt: '4', mb: '2', lineHeight: '1.3' },
  '& h1': { fontSize: 'xl' },
  '& h2': { fontSize: 'lg' },
  '& a': { color: 'primary', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& blockquote': { borderLeftWidth: '3px', borderColor: 'border', pl: '3', color: 'fg.muted' },
  '& :not(pre) > code': {
    fontFamily: 'mono',
    fontSize: '0.875em',
    bg: 'primary.muted',
    px: '1.5',
    py: '0.5',
    borderRadius: 'sm',
  },
  '& table': {
    my: '3',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    display: 'block',
    overflowX: 'auto',
  },
  '& th, & td': {
    borderWidth: '1px',
    borderColor: 'border',
    px: '3',
    py: '1.5',
    textAlign: 'left',
  },
  '& th': { bg: 'primary.muted', fontWeight: 'semibold' },
  '& hr': { my: '4', borderColor: 'border' },
  '& img': { maxW: 'full', borderRadius: 'card' },
  '& input[type=checkbox]': { mr: '1.5' },
})

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (isValidElement(node)) return textOf((node.props as { children?: ReactNode }).children)
  return ''
}

const components: Components = {
  // A fenced block arrives as <pre><code class="language-x">; it becomes a CodeBlock.
  pre({ children }) {
    const code = (Array.isArray(children) ? children[0] : children) as ReactElement<
      ComponentProps<'code'>
    >
    const language = /language-([\w+#-]+)/.exec(code?.props?.className ?? '')?.[1] ?? ''
    return <CodeBlock code={textOf(code?.props?.children).replace(/\n$/, '')} language={language} />
  },
  // An unsafe URL was emptied by safeUrl: the text stays, without anything to follow.
  a({ children, href }) {
    if (!href) return <span>{children}</span>
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    )
  },
  // Likewise an unsafe image: an empty src would make the browser fetch the page itself.
  img({ src, alt }) {
    if (!src) return <span>{alt}</span>
    return <img src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />
  },
}

const withGfm = [remarkGfm, remarkHtmlAsText]
const withoutGfm = [remarkHtmlAsText]
/**
 * Every GFM construct needs one of these characters (tables |, strikethrough ~, autolinks
 * www./http/@, task lists [ ], footnotes [^). Text without them parses the same without the
 * GFM extensions, which are a third of the parse time of a long history (bench:ui).
 */
const MAY_USE_GFM = /[|~@]|https?:|www\.|\[[ xX]\]|\[\^/i

/**
 * A message as GitHub-flavoured markdown. Raw HTML is never rendered (no rehype-raw: it shows
 * as the text typed), and links and images keep only http, https and mailto URLs.
 */
export const MarkdownContent = memo(function MarkdownContent({ text }: { text: string }) {
  return (
    <div className={prose}>
      <Markdown
        remarkPlugins={MAY_USE_GFM.test(text) ? withGfm : withoutGfm}
        urlTransform={safeUrl}
        components={components}
      >
        {text}
      </Markdown>
    </div>
  )
})
