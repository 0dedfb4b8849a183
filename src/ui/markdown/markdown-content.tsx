import { memo, type ReactNode, useMemo } from 'react'
import { css } from 'styled-system/css'
import { renderMarkdown } from './render-tokens'

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

/** Rendered messages by text, so a remounted history (or a repeated message) is not parsed again. */
const rendered = new Map<string, ReactNode>()
const CACHE_SIZE = 300

function cachedMarkdown(text: string): ReactNode {
  let nodes = rendered.get(text)
  if (nodes === undefined) {
    nodes = renderMarkdown(text)
    if (rendered.size >= CACHE_SIZE) rendered.delete(rendered.keys().next().value!)
    rendered.set(text, nodes)
  }
  return nodes
}

/**
 * A message as GitHub-flavoured markdown (marked's lexer, rendered straight to React elements by
 * ./render-tokens). Raw HTML is never rendered: it shows as the text typed. Links and images
 * keep only http, https and mailto URLs.
 */
export const MarkdownContent = memo(function MarkdownContent({ text }: { text: string }) {
  const nodes = useMemo(() => cachedMarkdown(text), [text])
  return <div className={prose}>{nodes}</div>
})
