import { useEffect, useState } from 'react'
import { cx } from 'styled-system/css'
import { button } from '../../shell/button.recipe'
import { CopyButton } from '../../shell/copy-button'
import { highlight, highlightedBefore } from './highlight-loader'
import './code-theme.css'
import { markdown } from './markdown.recipe'

const styles = markdown()

const frame = styles.frame
const toolbar = styles.toolbar
const copyButton = cx(button({ variant: 'ghost', size: 'sm' }), styles.copy)
const pre = styles.pre
const plainCode = styles.plainCode
const highlightedCode = cx('hljs', plainCode)

/** Runs `task` when the page is idle (within a second at the latest); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 0)
  return () => clearTimeout(id)
}

/**
 * A fenced code block with its language, a copy button and (once loaded) highlighting. While
 * `open` (streaming, its closing fence not there yet) it shows as plain text in the same frame:
 * it is highlighted once, when it closes, rather than on every chunk.
 */
export function CodeBlock({
  code,
  language,
  open = false,
}: {
  code: string
  language: string
  open?: boolean
}) {
  const [html, setHtml] = useState(() => (open ? null : highlightedBefore(code, language)))
  // Loading the highlighter is a view concern (a lazy chunk), not part of any process. It waits
  // for idle time: a history's first paint shows the code plain (the same text and size) and
  // the colours follow, rather than the paint waiting on them (docs/rendering.md).
  useEffect(() => {
    let current = true
    const before = open ? null : highlightedBefore(code, language)
    setHtml(before)
    if (!language || open || before !== null) return
    const cancel = whenIdle(() =>
      highlight(code, language).then(
        (result) => current && setHtml(result),
        () => {},
      ),
    )
    return () => {
      current = false
      cancel()
    }
  }, [code, language, open])
  return (
    <div className={frame}>
      <div className={toolbar}>
        <span>{language || 'text'}</span>
        <CopyButton text={code} label="Copy code" className={copyButton} />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a line wider than the bubble scrolls, and the keyboard must reach it (WCAG 2.1.1). */}
      <pre className={pre} tabIndex={0}>
        {html === null ? (
          <code className={plainCode}>{code}</code>
        ) : (
          <code
            className={highlightedCode}
            // highlight.js escapes the code it is given; its output holds only its own spans.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
      </pre>
    </div>
  )
}
