import type { Token } from 'marked'
import { memo, type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { lexMarkdown } from './lex-markdown'
import { markdown } from './markdown.recipe'
import { asTyped, renderBlock, renderMarkdown } from './render-tokens'
import { advanceBlocks, type StreamBlocks } from './stream-blocks'

const { prose, typed } = markdown()

/** Rendered messages by text, so a remounted history (or a repeated message) is not parsed again. */
const rendered = new Map<string, ReactNode>()
const CACHE_SIZE = 300

function remember(text: string, nodes: ReactNode): ReactNode {
  if (rendered.size >= CACHE_SIZE) rendered.delete(rendered.keys().next().value!)
  rendered.set(text, nodes)
  return nodes
}

function cachedMarkdown(text: string): ReactNode {
  return rendered.get(text) ?? remember(text, renderMarkdown(text))
}

/** One streamed message: its blocks, and the element of each done block, made once. */
interface Stream {
  blocks: StreamBlocks | null
  elements: WeakMap<Token, ReactNode>
}

/**
 * The done blocks' elements, made once each and then the same objects on every chunk, so React
 * skips them (an element that is identical to the last render's is not rendered again): only
 * the open tail renders per chunk. Keys are block indexes, as in `renderMarkdown`.
 */
function streamedMarkdown(stream: Stream, text: string): ReactNode {
  const blocks = advanceBlocks(stream.blocks, text, lexMarkdown)
  stream.blocks = blocks
  const nodes: ReactNode[] = blocks.committed.map((token, i) => doneBlock(stream, token, i))
  const first = blocks.committed.length
  if (blocks.tail === null) {
    nodes.push(asTyped(blocks.text.slice(blocks.committedLength), first))
  } else {
    for (const [i, token] of blocks.tail.entries()) {
      nodes.push(renderBlock(token, first + i, blocks.openCode))
    }
  }
  return nodes
}

function doneBlock(stream: Stream, token: Token, index: number): ReactNode {
  let element = stream.elements.get(token)
  if (element === undefined) {
    element = renderBlock(token, index)
    stream.elements.set(token, element)
  }
  return element
}

/**
 * The stream is over: exactly what `renderMarkdown` gives for the whole text, made from one
 * lex of it, with the done blocks' elements kept wherever the whole text's blocks are the same
 * (they are, unless a marked quirk says otherwise: each is checked by its type and source),
 * so they neither render nor highlight again. When a block's meaning reaches past itself (a link
 * reference definition) or lexing ran out of time, every block is made from the whole text.
 */
function finishedMarkdown(stream: Stream, text: string): ReactNode {
  const blocks = stream.blocks
  const whole = lexMarkdown(text)
  if (!whole || whole.tokens.length === 0) return renderMarkdown(text)
  // Done blocks stay done however the text grew after them (the last chunks may not have been
  // on screen yet).
  const reuse =
    blocks !== null &&
    whole.selfContained &&
    blocks.committedSelfContained &&
    (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).startsWith(blocks.text)
  const committed = reuse ? blocks.committed : []
  let same = 0
  while (
    same < committed.length &&
    same < whole.tokens.length &&
    committed[same]!.raw === whole.tokens[same]!.raw &&
    committed[same]!.type === whole.tokens[same]!.type
  ) {
    same++
  }
  try {
    return whole.tokens.map((token, i) =>
      i < same ? doneBlock(stream, committed[i]!, i) : renderBlock(token, i),
    )
  } catch {
    return renderMarkdown(text)
  }
}

/**
 * While a reply streams, how often what is on screen catches up with the text. Every update of
 * the page costs a style, layout and paint pass of its own, whatever the renderer does; chunks
 * arrive a token at a time (50 a second and more), and ten updates a second read as smoothly.
 */
const STREAM_FRAME_MS = 100

/**
 * The text to show: `text` itself, except while streaming, where it moves on at most every
 * `frameMs` (the first chunk at once, the last one by `frameMs` later at most). Text that does
 * not extend what is shown (a new reply) shows at once.
 */
function useStreamFrames(text: string, streaming: boolean, frameMs: number): string {
  const [shown, setShown] = useState(text)
  const latest = useRef(text)
  latest.current = text
  const lastShown = useRef(Number.NEGATIVE_INFINITY)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const throttled = streaming && frameMs > 0 && text.startsWith(shown)
  useEffect(() => {
    // Not streaming, or a new reply: keep up, so that the next chunk is measured from here.
    if (!throttled) {
      if (frameMs > 0 && shown !== text) setShown(text)
      return
    }
    if (shown === text || timer.current !== undefined) return
    timer.current = setTimeout(
      () => {
        timer.current = undefined
        lastShown.current = performance.now()
        setShown(latest.current)
      },
      Math.max(0, lastShown.current + frameMs - performance.now()),
    )
  }, [throttled, shown, text, frameMs])
  useEffect(() => () => clearTimeout(timer.current), [])
  return throttled ? shown : text
}

/**
 * A message as GitHub-flavoured markdown (marked's lexer, rendered straight to React elements by
 * ./render-tokens). Raw HTML is never rendered: it shows as the text typed. Links and images
 * keep only http, https and mailto URLs.
 *
 * `streaming`: the text only grows (chunks are appended). What is on screen catches up with it
 * every `frameMs` (100 ms by default; 0: on every change), and each update re-lexes and
 * re-renders only the open tail (./stream-blocks); a fenced code block is highlighted once its
 * closing fence arrives. When `streaming` turns false the whole text shows at once, exactly as it
 * would have unstreamed, keeping the blocks already on screen (docs/rendering.md).
 */
export const MarkdownContent = memo(function MarkdownContent({
  text: latest,
  streaming = false,
  frameMs = STREAM_FRAME_MS,
  plain = false,
}: {
  text: string
  streaming?: boolean
  frameMs?: number
  /** The text as typed, lines kept, without lexing: a placeholder until it is formatted. */
  plain?: boolean
}) {
  const text = useStreamFrames(latest, streaming, frameMs)
  const stream = useRef<Stream | null>(null)
  const nodes = useMemo(() => {
    if (plain && !streaming)
      return (
        rendered.get(text) ?? (
          <p className={typed} data-typed="">
            {text}
          </p>
        )
      )
    if (streaming) {
      stream.current ??= { blocks: null, elements: new WeakMap() }
      try {
        return streamedMarkdown(stream.current, text)
      } catch {
        // As unstreamed: whatever cannot be rendered shows as the text typed.
        stream.current = null
        return asTyped(text)
      }
    }
    const done = stream.current
    if (done === null) return cachedMarkdown(text)
    // Once: a later render with the same text (or another message) takes the cache.
    stream.current = null
    return remember(text, finishedMarkdown(done, text))
  }, [text, streaming, plain])
  return <div className={prose}>{nodes}</div>
})
