import { type ReactNode, useId, useRef } from 'react'
import { lazyDialog, useWhenIdle } from './lazy-view'
import type { SheetProps } from './sheet'
import { AppTooltip } from './tooltip'

// Ark's Dialog, with its focus trap and scroll lock, stays out of the signed-in first paint:
// only the trigger is eager (docs/performance.md, "Split").
const LazyDialog = lazyDialog(
  () => import('./sheet').then((m) => m.Sheet),
  (props: SheetProps) => props.open,
)

export interface LazySheetProps extends Omit<SheetProps, 'trigger' | 'contentId' | 'closeLabel'> {
  /** The trigger's accessible name and tooltip. */
  label: string
  triggerClassName: string
  triggerIcon: ReactNode
  closeLabel: string
}

/**
 * A narrow screen's sheet from the left and the header button that opens it. The button is a
 * plain one with a dialog trigger's attributes; the open state is the caller's view state.
 */
export function LazySheet({
  label,
  triggerClassName,
  triggerIcon,
  open,
  onOpenChange,
  ...sheet
}: LazySheetProps) {
  const trigger = useRef<HTMLButtonElement>(null)
  const contentId = useId()
  // Preloaded where the button shows (under 768 px), so that opening it waits for nothing.
  useWhenIdle(() => {
    if (trigger.current?.checkVisibility?.() !== false) void LazyDialog.preload()
  })
  return (
    <>
      <AppTooltip label={label}>
        <button
          ref={trigger}
          type="button"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={contentId}
          data-state={open ? 'open' : 'closed'}
          className={triggerClassName}
          onClick={() => onOpenChange(!open)}
        >
          {triggerIcon}
        </button>
      </AppTooltip>
      <LazyDialog.Dialog
        {...sheet}
        open={open}
        onOpenChange={onOpenChange}
        trigger={trigger}
        contentId={contentId}
      />
    </>
  )
}
