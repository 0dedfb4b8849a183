import { setup } from 'xstate'

/** How long a resting pointer waits before the label shows, and leaving before it goes. */
export const TOOLTIP_OPEN_DELAY_MS = 300
export const TOOLTIP_CLOSE_DELAY_MS = 100

export type TooltipEvent =
  /** A mouse or pen came over the trigger (a tap is a press, not a hover). */
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  /** Keyboard focus, as the browser draws its ring. */
  | { type: 'focus.visible' }
  | { type: 'blur' }
  /** The trigger was pressed or clicked. */
  | { type: 'press' }
  | { type: 'escape' }

/**
 * An icon-only control's label (`AppTooltip` in src/ui/shell/tooltip.tsx): shown after a
 * resting pointer's delay or at once on keyboard focus, and dismissible (WCAG 1.4.13). After a
 * press or Escape it stays shut until the pointer leaves or focus goes, so the focus a click
 * gives, or the pointer still resting there, does not bring it back. Tag `open`: it shows.
 */
export const tooltipMachine = setup({
  types: { events: {} as TooltipEvent },
  delays: {
    'open delay': TOOLTIP_OPEN_DELAY_MS,
    'close delay': TOOLTIP_CLOSE_DELAY_MS,
  },
}).createMachine({
  id: 'tooltip',
  initial: 'closed',
  on: { press: '.dismissed' },
  states: {
    closed: {
      on: { 'pointer.enter': 'opening', 'focus.visible': 'open' },
    },
    opening: {
      after: { 'open delay': 'open' },
      on: { 'focus.visible': 'open', 'pointer.leave': 'closed', blur: 'closed' },
    },
    open: {
      tags: 'open',
      on: { 'pointer.leave': 'closing', blur: 'closed', escape: 'dismissed' },
    },
    // Still shown for a moment: coming back keeps it.
    closing: {
      tags: 'open',
      after: { 'close delay': 'closed' },
      on: {
        'pointer.enter': 'open',
        'focus.visible': 'open',
        blur: 'closed',
        escape: 'dismissed',
      },
    },
    dismissed: {
      on: { 'pointer.leave': 'closed', blur: 'closed' },
    },
  },
})
