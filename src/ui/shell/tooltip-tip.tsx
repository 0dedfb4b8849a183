import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { cx } from 'styled-system/css'
import { type TooltipEvent, tooltipMachine } from '../../machines/tooltip.machine'
import { tooltip } from './tooltip.recipe'

/** Between the trigger and the tooltip, room for the arrow. */
const GAP = 8
/** The least distance from the viewport's left and right edges. */
const EDGE = 8

const styles = tooltip()

/** What the trigger tells its tooltip: one of the machine's events, and itself when it may show. */
export interface TooltipCue {
  event: TooltipEvent
  trigger?: HTMLElement
}

/**
 * The tooltip of an `AppTooltip` (tooltip.tsx): when it shows is `tooltipMachine`'s, fed the
 * trigger's cues through `connect`; here is where it is placed and how it looks. It renders
 * nothing while shut, so the trigger's next sibling is the tooltip only while it shows.
 */
export function TooltipTip({
  label,
  className,
  connect,
}: {
  label: string
  className?: string
  /** Hands the trigger a way to cue this tooltip (null once it is gone). */
  connect: (cue: ((cue: TooltipCue) => void) | null) => void
}) {
  const actor = useActorRef(tooltipMachine)
  const open = useSelector(actor, (s) => s.hasTag('open'))
  const trigger = useRef<HTMLElement | null>(null)
  const tip = useRef<HTMLSpanElement>(null)

  // Before paint, so a cue that came while this code loaded (keyboard focus) shows at once.
  useLayoutEffect(() => {
    connect(({ event, trigger: from }) => {
      if (from) trigger.current = from
      actor.send(event)
    })
    return () => connect(null)
  }, [actor, connect])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') actor.send({ type: 'escape' })
    }
    const onMove = () => place(tip.current, trigger.current)
    document.addEventListener('keydown', onKeyDown)
    window.addEventListener('resize', onMove)
    window.addEventListener('scroll', onMove, { capture: true, passive: true })
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      window.removeEventListener('resize', onMove)
      window.removeEventListener('scroll', onMove, { capture: true })
    }
  }, [open, actor])

  // After every render while open (the label may change), before the browser paints.
  useLayoutEffect(() => {
    if (open) place(tip.current, trigger.current)
  })

  return open ? (
    <span ref={tip} role="tooltip" className={cx(styles.root, className)}>
      <span className={styles.arrow} />
      {label}
    </span>
  ) : null
}

/**
 * Below the trigger, centred, kept `EDGE` px inside the viewport. `left`/`top` count from the
 * containing block's padding box, whatever element that is (the sticky header, the page for
 * the landing card's fixed toggle): the tooltip's own box at 0, 0 is that origin.
 */
function place(element: HTMLElement | null, target: HTMLElement | null) {
  if (!element || !target) return
  element.style.left = '0px'
  element.style.top = '0px'
  const origin = element.getBoundingClientRect()
  const anchor = target.getBoundingClientRect()
  const centre = anchor.left + anchor.width / 2
  const right = document.documentElement.clientWidth - EDGE - origin.width
  const left = Math.max(EDGE, Math.min(centre - origin.width / 2, right))
  element.style.left = `${left - origin.left}px`
  element.style.top = `${anchor.bottom + GAP - origin.top}px`
  // The arrow points at the trigger's centre, short of the rounded corners.
  const arrow = Math.max(10, Math.min(centre - left, origin.width - 10))
  element.style.setProperty('--tooltip-arrow-x', `${arrow}px`)
}
