import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  Suspense,
  useRef,
  useState,
} from 'react'
import { lazyComponent } from './lazy-view'
import type { TooltipCue } from './tooltip-tip'

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void
  onClick?: (event: MouseEvent<HTMLElement>) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
  onBlur?: (event: FocusEvent<HTMLElement>) => void
}

// The tooltip's machine, placement and look are not in the first paint: they load with the
// first cue, well within a hover's open delay (docs/performance.md, "Split").
const Tip = lazyComponent(() => import('./tooltip-tip').then((m) => m.TooltipTip))

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
 * aria-describedby). A cue that comes before the tooltip's code waits for it (the latest one).
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
  const tip = useRef<((cue: TooltipCue) => void) | null>(null)
  const waiting = useRef<TooltipCue | null>(null)
  const [cued, setCued] = useState(false)
  const cue = (next: TooltipCue) => {
    if (tip.current) return tip.current(next)
    waiting.current = next
    setCued(true)
  }
  const connect = (to: ((cue: TooltipCue) => void) | null) => {
    tip.current = to
    if (to && waiting.current) to(waiting.current)
    waiting.current = null
  }

  const own = (children as ReactElement<TriggerProps>).props
  const handlers: TriggerProps = {
    onPointerEnter(event) {
      own.onPointerEnter?.(event)
      if (event.pointerType !== 'touch')
        cue({ event: { type: 'pointer.enter' }, trigger: event.currentTarget })
    },
    onPointerLeave(event) {
      own.onPointerLeave?.(event)
      cue({ event: { type: 'pointer.leave' } })
    },
    onPointerDown(event) {
      own.onPointerDown?.(event)
      cue({ event: { type: 'press' } })
    },
    onClick(event) {
      own.onClick?.(event)
      cue({ event: { type: 'press' } })
    },
    onFocus(event) {
      own.onFocus?.(event)
      if (focusVisible(event.currentTarget))
        cue({ event: { type: 'focus.visible' }, trigger: event.currentTarget })
    },
    onBlur(event) {
      own.onBlur?.(event)
      cue({ event: { type: 'blur' } })
    },
  }

  return (
    <>
      {cloneElement(children as ReactElement<TriggerProps>, handlers)}
      {cued && (
        <Suspense fallback={null}>
          <Tip.Component label={label} className={className} connect={connect} />
        </Suspense>
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
