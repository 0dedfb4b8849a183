import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { ChatMessage } from '../../domain/chat-message'
import { costOf, formatCost, formatTokens } from '../../domain/model-prices'
import { columnId, type compareMachine } from '../../machines/compare.machine'
import type { compareColumnMachine } from '../../machines/compare-column.machine'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { RotateCcwIcon, StopIcon } from '../shell/session-icons'
import { usageLine } from './chat-message'
import { compareReplies } from './compare-replies.recipe'
import { useFramedSelector } from './framed-selector'
import { MarkdownContent } from './markdown/lazy-markdown'
import { ProviderBadge } from './provider-badge'

const styles = compareReplies()

type ComparerRef = ActorRefFrom<typeof compareMachine>
type ColumnRef = ActorRefFrom<typeof compareColumnMachine>

/** A column's reply as it shows: read on the framed clock's ticks (./framed-selector). */
interface ShownReply {
  text: string
  streaming: boolean
}
const replyOf = (s: ReturnType<ColumnRef['getSnapshot']>): ShownReply => ({
  text: s.context.text,
  streaming: s.hasTag('streaming'),
})
const sameReply = (a: ShownReply, b: ShownReply) => a.text === b.text && a.streaming === b.streaming
// The end of a stream, a new one (Regenerate) and a first chunk show at once: the whole reply
// renders once, from its final text, and nothing waits on an empty column.
const replyEnded = (shown: ShownReply, next: ShownReply) =>
  shown.streaming !== next.streaming || !next.text.startsWith(shown.text) || shown.text === ''

/**
 * A comparison under its question (docs/product/compare.md): a column per model, each with
 * its reply as it streams, its usage, its Stop, its error and Regenerate; `Use this reply`
 * goes on with one. While no column has a reply to pick, Close gives the comparison up.
 */
export function CompareReplies() {
  const { turn } = useSessionActors()
  // The turn's comparison, once its code has come.
  const comparer = useSelector(turn, (s) => s.children.comparer) as ComparerRef | undefined
  return comparer ? <CompareColumns comparer={comparer} /> : null
}

function CompareColumns({ comparer }: { comparer: ComparerRef }) {
  // The question goes to the top of the window: the columns, each scrolling inside itself
  // past 60% of its height, then grow into view below it rather than out of it.
  const root = useRef<HTMLElement>(null)
  useEffect(() => {
    root.current?.previousElementSibling?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [])
  const modelIds = useSelector(comparer, (s) => s.context.modelIds)
  const saved = useSelector(comparer, (s) => s.context.saved)
  const columns = useSelector(comparer, (s) => s.children)
  const running = useSelector(comparer, (s) => s.matches('running'))
  const nothingToPick = saved.every((reply) => reply === null)
  return (
    <section ref={root} aria-label="Compared replies" className={styles.root}>
      <p className={styles.hint}>
        {running ? 'Pick the reply to continue with.' : 'Reading the conversation so far…'}
      </p>
      <div className={styles.columns}>
        {modelIds.map((modelId, index) => {
          const column = columns[columnId(index)] as ColumnRef | undefined
          return column ? (
            <CompareColumn
              key={modelId}
              column={column}
              saved={saved[index] ?? null}
              onPick={() => comparer.send({ type: 'compare.pick', index })}
            />
          ) : null
        })}
      </div>
      {running && nothingToPick && (
        <button
          type="button"
          className={button({ variant: 'outline', size: 'sm' })}
          onClick={() => comparer.send({ type: 'compare.close' })}
        >
          Close comparison
        </button>
      )}
    </section>
  )
}

function CompareColumn({
  column,
  saved,
  onPick,
}: {
  column: ColumnRef
  saved: ChatMessage | null
  onPick: () => void
}) {
  const { models } = useSessionActors()
  const modelId = useSelector(column, (s) => s.context.modelId)
  const model = useSelector(models, (s) => s.context.models.find((m) => m.id === modelId))
  const { text, streaming } = useFramedSelector(column, replyOf, sameReply, replyEnded)
  const error = useSelector(column, (s) => s.context.error)
  const busy = useSelector(column, (s) => s.hasTag('busy'))
  const name = model?.name ?? modelId
  return (
    <fieldset
      aria-label={`Reply from ${name}`}
      aria-busy={busy}
      // Reachable from the keyboard when it scrolls inside the row of cards.
      tabIndex={-1}
      className={styles.column}
    >
      <div className={styles.head}>
        <ProviderBadge provider={model?.provider ?? ''} />
        <span className={styles.name}>{name}</span>
      </div>
      <div className={styles.body}>
        {text === '' && busy ? (
          <p role="status">Thinking…</p>
        ) : (
          // Framed already: each render shows what it is given.
          <MarkdownContent text={text} streaming={streaming} frameMs={0} />
        )}
      </div>
      <div className={styles.foot}>
        <ColumnUsage column={column} text={text} />
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {busy ? (
          <button
            type="button"
            className={button({ variant: 'outline', size: 'sm' })}
            onClick={() => column.send({ type: 'column.stop' })}
          >
            <StopIcon width={14} height={14} aria-hidden="true" />
            Stop
          </button>
        ) : (
          <button
            type="button"
            className={button({ variant: 'ghost', size: 'sm' })}
            onClick={() => column.send({ type: 'column.regenerate' })}
          >
            <RotateCcwIcon width={14} height={14} aria-hidden="true" />
            Regenerate
          </button>
        )}
        {saved && !busy && (
          <button type="button" className={button({ size: 'sm' })} onClick={onPick}>
            Use this reply
          </button>
        )}
      </div>
    </fieldset>
  )
}

/** About four characters a token: the count while the reply streams, before the provider's. */
const CHARS_PER_TOKEN = 4
/**
 * The estimate moves in steps of this many tokens: it follows the text on screen, and a whole
 * step reads more calmly than a count that changes ten times a second.
 */
const ESTIMATE_STEP = 10

/**
 * The column's usage: while it streams, an estimate (≈) from the text so far, priced as its
 * model's output; once in, the provider's count and cost, as under any reply.
 */
function ColumnUsage({ column, text }: { column: ColumnRef; text: string }) {
  const modelId = useSelector(column, (s) => s.context.modelId)
  const reply = useSelector(column, (s) => s.context.reply)
  const busy = useSelector(column, (s) => s.hasTag('busy'))
  // Counted from the text on screen, so it moves with the reply above it.
  const estimate = Math.ceil(text.length / CHARS_PER_TOKEN / ESTIMATE_STEP) * ESTIMATE_STEP
  const counted = reply && !busy ? usageLine(reply) : null
  let summary = counted?.summary ?? ''
  if (!counted && estimate > 0) {
    const cost = costOf(modelId, {
      promptTokens: 0,
      completionTokens: estimate,
      totalTokens: estimate,
    })
    summary = `≈ ${formatTokens(estimate)}${cost === null ? '' : ` · ${formatCost(cost)}`}`
  }
  return <span className={styles.usage}>{summary}</span>
}
