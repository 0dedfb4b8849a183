import { Dialog } from '@ark-ui/react/dialog'
import { ark } from '@ark-ui/react/factory'
import { Portal } from '@ark-ui/react/portal'
import type { FormEvent, ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { type DialogVariants, dialog } from './app-dialog.recipe'
import { button } from './button.recipe'
import { CloseIcon } from './icons'

export interface AppDialogFrameProps extends DialogVariants {
  /** The dialog's accessible name. */
  title: ReactNode
  description?: ReactNode
  /** Shown before the title, e.g. the brand mark. */
  icon?: ReactNode
  /**
   * The header's close button and its accessible name. Without it there is none, and Ark moves
   * focus to the first field instead.
   */
  closeLabel?: string
  footer?: ReactNode
  /** Makes header, body and footer one form, so a submit button in the footer submits it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  /** The one child becomes the body itself (e.g. `Tabs.Root` or `nav`), taking the body's class. */
  bodyAsChild?: boolean
  children: ReactNode
}

/** The parts inside an Ark `Dialog.Root` (or `Dialog.RootProvider`): portal, backdrop, card. */
export function AppDialogFrame({
  placement,
  size,
  title,
  description,
  icon,
  closeLabel,
  footer,
  onSubmit,
  bodyAsChild,
  children,
}: AppDialogFrameProps) {
  const styles = dialog({ placement, size })
  const parts = (
    <>
      <div className={styles.header}>
        <div className={styles.heading}>
          {icon}
          <div>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {description && (
              <Dialog.Description className={styles.description}>{description}</Dialog.Description>
            )}
          </div>
        </div>
        {closeLabel && (
          <Dialog.CloseTrigger
            aria-label={closeLabel}
            className={cx(button({ variant: 'ghost', size: 'icon' }), styles.close)}
          >
            <CloseIcon width={16} height={16} />
          </Dialog.CloseTrigger>
        )}
      </div>
      <ark.div asChild={bodyAsChild} className={styles.body}>
        {children}
      </ark.div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </>
  )
  return (
    <Portal>
      <Dialog.Backdrop className={styles.backdrop} />
      <Dialog.Positioner className={styles.positioner}>
        <Dialog.Content className={styles.content}>
          {onSubmit ? <form onSubmit={onSubmit}>{parts}</form> : parts}
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  )
}

export interface AppDialogProps extends AppDialogFrameProps {
  /** From the machine. */
  open: boolean
  /** Ark asks to close (Escape, a click outside, the close button): send the machine's event. */
  onClose: () => void
}

/** A state-driven dialog (docs/architecture.md): open comes from a machine, closing sends it an event. */
export function AppDialog({ open, onClose, ...frame }: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
    >
      <AppDialogFrame {...frame} />
    </Dialog.Root>
  )
}
