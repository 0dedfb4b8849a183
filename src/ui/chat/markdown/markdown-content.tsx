import { memo, type ReactNode, useMemo } from 'react'
import { markdown } from './markdown.recipe'
import { renderMarkdown } from './render-tokens'

const prose = markdown().prose

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
