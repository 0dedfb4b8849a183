import { useActorRef, useSelector } from '@xstate/react'
import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react'
import { cx } from 'styled-system/css'
import { tooltipMachine } from '../../machines/tooltip.machine'
import { tooltip } from './tooltip.recipe'

/** Between the trigger and the tooltip, room for the arrow. */
const GAP = 8
/** The least distance from the viewport's left and right edges. */
const EDGE = 8

const styles = tooltip()

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void
  onClick?: (event: MouseEvent<HTMLElement>) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
  onBlur?: (event: FocusEvent<HTMLElement>) => void
}

/**
 * Names a control on hover and keyboard focus; when it shows is `tooltipMachine`'s. Our own
 * rather than Ark UI's Tooltip: the landing card's theme toggle uses it, and Ark's would put
 * zag, floating-ui and popper (about 25 KB gzipped) in the signed-out first paint
 * (docs/performance.md, "Budgets").
 *
 * The one child is the trigger: an element (or a component that passes its props on to one)
 * whose pointer and focus handlers are composed with the tooltip's. There is no wrapper: the
 * header's flex layout and container queries need the control to be a direct child. The
 * tooltip is its next sibling, absolute, in the same containing block rather than in a portal,
 * so a container query on an ancestor (the header's) still reaches it: `className` goes to the
 * tooltip, e.g. to hide it while the control shows its label anyway. The triggers carry the
 * label as their aria-label, so the tooltip adds nothing for a screen reader (no
 * aria-describedby).
 */
export function AppTooltip({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactElement
}) {
  // When it shows is the tooltip machine's; here are its events and where it is placed.
  const actor = useActorRef(tooltipMachine)
  const open = useSelector(actor, (s) => s.hasTag('open'))
  const trigger = useRef<HTMLElement | null>(null)
  const tip = useRef<HTMLSpanElement>(null)

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

  const own = (children as ReactElement<TriggerProps>).props
  const handlers: TriggerProps = {
    onPointerEnter(event) {
      own.onPointerEnter?.(event)
      if (event.pointerType === 'touch') return
      trigger.current = event.currentTarget
      actor.send({ type: 'pointer.enter' })
    },
    onPointerLeave(event) {
      own.onPointerLeave?.(event)
      actor.send({ type: 'pointer.leave' })
    },
    onPointerDown(event) {
      own.onPointerDown?.(event)
      actor.send({ type: 'press' })
    },
    onClick(event) {
      own.onClick?.(event)
      actor.send({ type: 'press' })
    },
    onFocus(event) {
      own.onFocus?.(event)
      if (!focusVisible(event.currentTarget)) return
      trigger.current = event.currentTarget
      actor.send({ type: 'focus.visible' })
    },
    onBlur(event) {
      own.onBlur?.(event)
      actor.send({ type: 'blur' })
    },
  }

  return (
    <>
      {cloneElement(children as ReactElement<TriggerProps>, handlers)}
      {open && (
        <span ref={tip} role="tooltip" className={cx(styles.root, className)}>
          <span className={styles.arrow} />
          {label}
        </span>
      )}
    </>
  )
}

/** Keyboard focus only, as the browser draws its focus ring; any focus where it cannot tell. */
function focusVisible(element: HTMLElement) {
  try {
    return element.matches(':focus-visible')
  } catch {
    return true
  }
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
