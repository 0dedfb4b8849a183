import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef } from 'react'
import { discardGuardMachine } from '../../machines/discard-guard.machine'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { discardQuestion, fieldLabel, textField } from './prompt-field.recipe'

type TextPatch = { title: string } | { content: string }

/** A prompt's Title and Content fields, shared by Create New Prompt and Edit Prompt. */
export function PromptTextFields({
  title,
  content,
  onChange,
}: {
  title: string
  content: string
  onChange: (patch: TextPatch) => void
}) {
  return (
    <>
      <label>
        <span className={fieldLabel}>Title</span>
        <input
          className={textField}
          value={title}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </label>
      <label>
        <span className={fieldLabel}>Content</span>
        <textarea
          rows={6}
          className={textField}
          value={content}
          onChange={(e) => onChange({ content: e.target.value })}
        />
      </label>
    </>
  )
}

/**
 * A prompt form in a dialog: Cancel and a submit button in the footer, no close button (focus
 * starts on the first field). The library machine owns the draft and what the events do.
 * Escape or a click outside closes it at once when nothing was changed, and otherwise asks
 * first, in the footer: `Discard changes?` with `Keep editing` and `Discard`
 * (`discardGuardMachine`). Cancel is a choice already made and closes it at once.
 */
export function PromptFormDialog({
  open,
  title,
  submitLabel,
  busy,
  blank,
  changed,
  onCancel,
  onSubmit,
  children,
}: {
  open: boolean
  title: string
  submitLabel: string
  busy: boolean
  /** A required field is blank: submitting is off. */
  blank: boolean
  /** The form holds what closing it would lose. */
  changed: boolean
  onCancel: () => void
  onSubmit: () => void
  children: ReactNode
}) {
  const cancel = useRef(onCancel)
  cancel.current = onCancel
  const guard = useActorRef(
    discardGuardMachine.provide({ actions: { close: () => cancel.current() } }),
  )
  const asking = useSelector(guard, (s) => s.hasTag('asking'))
  // The question takes the focus, so Enter keeps editing and Tab reaches Discard.
  const keep = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (asking) keep.current?.focus()
  }, [asking])
  return (
    <AppDialog
      open={open}
      onClose={() => guard.send({ type: 'dismiss', changed })}
      title={title}
      onSubmit={(e) => {
        e.preventDefault()
        if (!asking) onSubmit()
      }}
      footer={
        asking ? (
          <>
            <p role="alert" className={discardQuestion}>
              Discard changes?
            </p>
            <button
              ref={keep}
              type="button"
              className={button({ variant: 'outline' })}
              onClick={() => guard.send({ type: 'keep' })}
            >
              Keep editing
            </button>
            <button
              type="button"
              className={button({ variant: 'outline', tone: 'danger' })}
              onClick={() => guard.send({ type: 'discard' })}
            >
              Discard
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={button({ variant: 'outline' })}
              disabled={busy}
              onClick={onCancel}
            >
              Cancel
            </button>
            <button type="submit" className={button()} disabled={blank || busy}>
              {submitLabel}
            </button>
          </>
        )
      }
    >
      {children}
    </AppDialog>
  )
}
