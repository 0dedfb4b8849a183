import { startTransition, useEffect, useRef, useState } from 'react'

/** How often a framed value catches up: ten updates a second read as smoothly as fifty. */
const FRAME_MS = 100

const waiting = new Set<() => void>()
let lastTick = Number.NEGATIVE_INFINITY
let timer: ReturnType<typeof setTimeout> | undefined

function tick(): void {
  timer = undefined
  lastTick = performance.now()
  const due = [...waiting]
  waiting.clear()
  for (const catchUp of due) catchUp()
}

/**
 * Calls `catchUp` on the next tick of the page's one clock for framed values: every column of
 * a comparison catches up in the same task, so React renders them together and the browser lays
 * the page out once per tick, not once per column at four moments out of step
 * (docs/rendering.md). A clock that has been still for a period ticks at once (on the next
 * task). Returns the cancel.
 */
function onNextFrame(catchUp: () => void): () => void {
  waiting.add(catchUp)
  if (timer === undefined) {
    const now = performance.now()
    // A last tick in the future is a test's fake clock starting over: tick at once.
    timer = setTimeout(tick, lastTick > now ? 0 : lastTick + FRAME_MS - now)
  }
  return () => waiting.delete(catchUp)
}

/** What `useFramedSelector` reads: an actor, or anything else that says when it changed. */
interface Watched<S> {
  subscribe(observer: (snapshot: S) => void): { unsubscribe(): void }
  getSnapshot(): S
}

/**
 * What `select` reads of a streaming actor, read again on the page's clock for framed values
 * rather than on every change: a reply arriving a token at a time renders ten times a second,
 * not fifty, and in the same task as every other framed stream (docs/rendering.md). A change
 * `urgent` says cannot wait (a stream that ended) shows at once. `same` tells an unchanged
 * value from a new one, so a tick with nothing new renders nothing.
 */
export function useFramedSelector<S, T>(
  actor: Watched<S>,
  select: (snapshot: S) => T,
  same: (shown: T, next: T) => boolean,
  urgent: (shown: T, next: T) => boolean,
): T {
  const [value, setValue] = useState(() => select(actor.getSnapshot()))
  const shown = useRef(value)
  const chosen = useRef({ select, same, urgent })
  chosen.current = { select, same, urgent }
  useEffect(() => {
    let cancel: (() => void) | undefined
    const show = (next: T) => {
      if (chosen.current.same(shown.current, next)) return
      shown.current = next
      setValue(next)
    }
    const catchUp = () => {
      cancel = undefined
      show(chosen.current.select(actor.getSnapshot()))
    }
    const subscription = actor.subscribe((snapshot) => {
      const next = chosen.current.select(snapshot)
      if (chosen.current.urgent(shown.current, next)) {
        cancel?.()
        cancel = undefined
        // Not held for the clock, but rendered as a transition, which yields to the browser:
        // four replies ending in one moment render their whole text one after another, never
        // in one long task (docs/rendering.md).
        startTransition(() => show(next))
      } else {
        cancel ??= onNextFrame(catchUp)
      }
    })
    // What changed between the first render and this subscription.
    catchUp()
    return () => {
      subscription.unsubscribe()
      cancel?.()
    }
  }, [actor])
  return value
}
