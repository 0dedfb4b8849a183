import { type ComponentProps, Suspense } from 'react'
import { css } from 'styled-system/css'
import { lazyComponent } from '../../shell/lazy-view'
import type { MarkdownContent as MarkdownContentView } from './markdown-content'

// marked and the renderer load with the first message that needs them, not with the page
// (docs/performance.md, "Split"); the chat preloads them alongside its own chunk.
export const LazyMarkdown = lazyComponent(() =>
  import('./markdown-content').then((m) => m.MarkdownContent),
)

const asTyped = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })

/** A message as markdown; for the moment the renderer loads, its text as typed (no spinner). */
export function MarkdownContent(props: ComponentProps<typeof MarkdownContentView>) {
  return (
    <Suspense fallback={<div className={asTyped}>{props.text}</div>}>
      <LazyMarkdown.Component {...props} />
    </Suspense>
  )
}
