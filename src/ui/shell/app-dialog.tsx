import { Dialog } from '@ark-ui/react/dialog'
import { ark } from '@ark-ui/react/factory'
import { Portal } from '@ark-ui/react/portal'
import { type FormEvent, type ReactNode, useContext, useLayoutEffect, useRef } from 'react'
import { cx } from 'styled-system/css'
import { type DialogVariants, dialog } from './app-dialog.recipe'
import { button } from './button.recipe'
import { CloseIcon } from './dialog-icons'
import { HoldClosed } from './lazy-view'

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

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex]'

/**
 * A body that scrolls with nothing in it to focus (the install steps on a phone) cannot be
 * scrolled from the keyboard: then the body itself takes focus (WCAG 2.1.1). Only then, so
 * that a form's first field, not its body, still gets the dialog's first focus.
 */
function keyboardScrollable(body: HTMLElement | null) {
  if (!body || typeof ResizeObserver === 'undefined') return
  const update = () => {
    const stuck =
      body.scrollHeight > body.clientHeight &&
      !body.querySelector(`:is(${TABBABLE}):not([tabindex="-1"])`)
    if (stuck) body.tabIndex = 0
    else if (body.tabIndex === 0) body.removeAttribute('tabindex')
  }
  // The body's size changes with the viewport; its content's with what loads into it.
  const sizes = new ResizeObserver(update)
  sizes.observe(body)
  for (const child of body.children) sizes.observe(child)
  return () => sizes.disconnect()
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
      <ark.div ref={keyboardScrollable} asChild={bodyAsChild} className={styles.body}>
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
          {onSubmit ? (
            <form onSubmit={onSubmit} className={styles.form}>
              {parts}
            </form>
          ) : (
            parts
          )}
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
  /** What takes focus as it opens; Ark's first focusable element when absent or null. */
  initialFocus?: () => HTMLElement | null
}

/**
 * The control that opened the dialog, to take focus back when it closes. Ark's own return target
 * is what had focus as the dialog mounted: nothing, when the dialog comes back after another
 * replaced it (the model picker, back from Manage API Keys). Opened from inside another dialog,
 * it keeps the opener it had; one that is gone or hidden by then leaves it to Ark.
 */
function useOpener(open: boolean): () => HTMLElement | null {
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (!open) return
    const focused = document.activeElement
    if (
      focused instanceof HTMLElement &&
      focused !== document.body &&
      !focused.closest('[role="dialog"]')
    ) {
      opener.current = focused
    }
  }, [open])
  return () => {
    const el = opener.current
    return el?.isConnected && el.checkVisibility?.() !== false ? el : null
  }
}

/** A state-driven dialog (docs/architecture.md): open comes from a machine, closing sends it an event. */
export function AppDialog({ open, onClose, initialFocus, ...frame }: AppDialogProps) {
  const opener = useOpener(open)
  // A lazy dialog loaded by its own opening starts closed for one commit (lazy-view.tsx).
  const held = useContext(HoldClosed)
  return (
    <Dialog.Root
      open={open && !held}
      lazyMount
      unmountOnExit
      finalFocusEl={opener}
      initialFocusEl={initialFocus}
      // Focus is trapped inside, so focus outside is only ever programmatic: a dialog that
      // just closed handing focus back to its opener. That must not dismiss the one that
      // replaced it (a quick prompt's variables form); Escape and a click outside still do.
      onFocusOutside={(event) => event.preventDefault()}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
    >
      <AppDialogFrame {...frame} />
    </Dialog.Root>
  )
}
