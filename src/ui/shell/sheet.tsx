import { Dialog } from '@ark-ui/react/dialog'
import { type RefObject, useContext } from 'react'
import { AppDialogFrame, type AppDialogFrameProps } from './app-dialog'
import { HoldClosed } from './lazy-view'

export interface SheetProps extends Omit<AppDialogFrameProps, 'placement'> {
  /** View state of the eager component that owns the trigger (`LazySheet`). */
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The trigger, to take focus back on close: it lives outside this dialog's Ark root. */
  trigger: RefObject<HTMLElement | null>
  /** The content's id, which the trigger's aria-controls names. */
  contentId: string
  onEscapeKeyDown?: (event: KeyboardEvent) => void
}

/**
 * The Ark part of a narrow screen's sheet from the left (the conversation drawer, the side
 * menu): its own chunk, loaded on first open or in idle time (docs/performance.md, "Split").
 */
export function Sheet({
  open,
  onOpenChange,
  trigger,
  contentId,
  onEscapeKeyDown,
  ...frame
}: SheetProps) {
  // Mounted for this opening, it starts closed for two frames (lazy-view.tsx).
  const held = useContext(HoldClosed)
  return (
    <Dialog.Root
      open={open && !held}
      onOpenChange={(details) => onOpenChange(details.open)}
      onEscapeKeyDown={onEscapeKeyDown}
      finalFocusEl={() => trigger.current}
      ids={{ content: contentId }}
      lazyMount
      unmountOnExit
    >
      <AppDialogFrame placement="left" {...frame} />
    </Dialog.Root>
  )
}
