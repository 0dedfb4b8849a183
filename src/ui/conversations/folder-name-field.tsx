import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { cx } from 'styled-system/css'
import { useSessionActors } from '../shell/app-actors'
import { field } from '../shell/field.recipe'
import { conversationList } from './conversations.recipe'

const styles = conversationList()

/** The name field of a new folder or of one renamed: Enter saves, Escape cancels. */
export function FolderNameField({ label }: { label: string }) {
  const { organise } = useSessionActors()
  const value = useSelector(organise, (s) => s?.context.draft?.value ?? '')
  const error = useSelector(organise, (s) => s?.context.draft?.error ?? null)
  const busy = useSelector(organise, (s) => s?.hasTag('busy') ?? false)
  const errorId = useId()
  return (
    <form
      className={styles.renameForm}
      onSubmit={(event) => {
        event.preventDefault()
        organise?.send({ type: 'draft.save' })
      }}
    >
      <input
        // The field is what the user just asked for: focus goes to it.
        // biome-ignore lint/a11y/noAutofocus: focus moves to the field the user just opened
        autoFocus
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(field(), styles.renameField)}
        value={value}
        readOnly={busy}
        placeholder="Folder name"
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) =>
          organise?.send({ type: 'draft.change', value: event.currentTarget.value })
        }
        // Left empty, the field goes: nothing was being named.
        onBlur={(event) => {
          if (!event.currentTarget.value.trim()) organise?.send({ type: 'draft.cancel' })
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return
          // Only the field closes, not the drawer around it.
          event.preventDefault()
          event.stopPropagation()
          organise?.send({ type: 'draft.cancel' })
        }}
      />
      {error && (
        <p id={errorId} role="alert" className={styles.renameError}>
          {error}
        </p>
      )}
    </form>
  )
}
