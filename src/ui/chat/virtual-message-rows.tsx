import { useWindowVirtualizer } from '@tanstack/react-virtual'
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import type { ChatMessage } from '../../domain/chat-message'
import type { ReadingPlace } from './use-conversation-scroll'
import { virtualMessageRows } from './virtual-message-rows.recipe'

const styles = virtualMessageRows()

/** A row's height before it is measured (px): about a short question or a short reply. */
const ESTIMATED_ROW = 160
/** Rows placed beyond each edge of the window, so a fast wheel rarely meets an empty gap. */
const OVERSCAN = 8

export interface VirtualMessageRowsProps {
  rows: readonly ChatMessage[]
  /** A row's key: the same on screen whether the row is placed or not. */
  keyOf: (message: ChatMessage, previous: ChatMessage | undefined) => string
  renderRow: (message: ChatMessage, index: number) => ReactNode
  /** Where the message the user reads sat before an older page went above it, if one did. */
  keep: RefObject<ReadingPlace | null>
  /** A message to bring to the middle of the window: one a search opened at. */
  reveal: string | null
}

/**
 * A conversation longer than one page, with only the rows near the viewport in the page
 * (docs/rendering.md, "Long conversations"): the page (the document) scrolls a box as tall as
 * every row, measured as they are placed, and estimated until then. An older page going above
 * keeps the row at the top of the window where it was (`anchorTo: 'end'`); a row measured
 * above the window moves the scroll with it, so what the user reads stays still.
 */
export function VirtualMessageRows({
  rows,
  keyOf,
  renderRow,
  keep,
  reveal,
}: VirtualMessageRowsProps) {
  const root = useRef<HTMLDivElement>(null)
  // Where the box starts on the page: it moves as `Load earlier messages` comes and goes.
  const [top, setTop] = useState(0)
  const keyAt = useCallback((i: number) => keyOf(rows[i]!, rows[i - 1]), [keyOf, rows])
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW,
    overscan: OVERSCAN,
    scrollMargin: top,
    getItemKey: keyAt,
    anchorTo: 'end',
    // Its first rows are placed around the message being read, where the effect below puts
    // the window, not around where the plain list left it: that placed rows far above the
    // window for a frame, and the window was empty.
    initialOffset: () => {
      const kept = keep.current
      const index = kept ? rows.findIndex((m) => m.id === kept.id) : -1
      return kept && index >= 0 ? index * ESTIMATED_ROW - kept.top : window.scrollY
    },
  })
  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect()
    if (box) setTop(Math.round(box.top + window.scrollY))
  })
  // Mounted as the list outgrows one page, which is when an older page goes above: the plain
  // list had the message being read at `kept.top` in the window; it stays there.
  useLayoutEffect(() => {
    const kept = keep.current
    const box = root.current?.getBoundingClientRect()
    const item = kept && virtualizer.measurementsCache[rows.findIndex((m) => m.id === kept.id)]
    if (!kept || !box || !item) return
    const start = item.start - virtualizer.options.scrollMargin
    window.scrollTo(0, box.top + window.scrollY + start - kept.top)
    // Once, when it takes over from the plain list.
  }, [])
  // Once per message revealed: rows arriving later (a reply streaming) do not pull it back.
  const rowsNow = useRef(rows)
  rowsNow.current = rows
  useLayoutEffect(() => {
    const index = reveal === null ? -1 : rowsNow.current.findIndex((m) => m.id === reveal)
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' })
  }, [reveal, virtualizer])
  const margin = virtualizer.options.scrollMargin
  return (
    <div ref={root} className={styles.root} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className={styles.row}
          style={{ transform: `translateY(${item.start - margin}px)` }}
        >
          {renderRow(rows[item.index]!, item.index)}
        </div>
      ))}
    </div>
  )
}
