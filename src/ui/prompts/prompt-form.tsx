import type { ReactNode } from 'react'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { fieldLabel, textField } from './prompt-field.recipe'

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
 */
export function PromptFormDialog({
  open,
  title,
  submitLabel,
  busy,
  blank,
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
  onCancel: () => void
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      title={title}
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
      footer={
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
      }
    >
      {children}
    </AppDialog>
  )
}
