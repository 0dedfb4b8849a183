import { useSelector } from '@xstate/react'
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'
import { cx } from 'styled-system/css'
import type { Conversation } from '../../domain/conversation'
import { relativeTime } from '../../domain/relative-time'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { field } from '../shell/field.recipe'
import { PencilIcon, TrashIcon } from '../shell/session-icons'
import { conversationList } from './conversations.recipe'

const styles = conversationList()
const iconButton = cx(button({ variant: 'ghost', size: 'icon' }), styles.action)
const dangerIconButton = cx(
  button({ variant: 'ghost', size: 'icon', tone: 'danger' }),
  styles.action,
)

/** A conversation's row in the list, with more buttons before Rename and Delete if any. */
export type RenderRow = (conversation: Conversation, actions?: ReactNode) => ReactNode

/** One conversation: open it, or Rename or Delete it (and whatever `actions` adds). */
export function ConversationRow({
  conversation,
  current,
  busy,
  answering,
  now,
  onChosen,
  actions,
}: {
  conversation: Conversation
  current: boolean
  busy: boolean
  answering: boolean
  now: number
  onChosen?: () => void
  /** More buttons before Rename and Delete: Pin and Move, once their code is here. */
  actions?: ReactNode
}) {
  const { conversations, openConversation } = useSessionActors()
  const { id, title, updatedAt } = conversation
  return (
    <li
      data-row=""
      data-current={current ? '' : undefined}
      data-busy={busy ? '' : undefined}
      className={styles.row}
    >
      <button
        type="button"
        aria-current={current ? 'true' : undefined}
        className={styles.open}
        onClick={() => {
          openConversation.send({ type: 'conversation.open', conversationId: id })
          onChosen?.()
        }}
      >
        <span className={styles.title} title={title}>
          {title}
        </span>
        {answering ? (
          <span className={styles.answering}>answering…</span>
        ) : (
          <time
            dateTime={updatedAt}
            title={new Date(updatedAt).toLocaleString()}
            className={styles.time}
          >
            {relativeTime(updatedAt, now)}
          </time>
        )}
      </button>
      <span className={styles.actions}>
        {actions}
        <button
          type="button"
          aria-label={`Rename ${title}`}
          data-rename={id}
          title="Rename"
          className={iconButton}
          onClick={() => conversations.send({ type: 'rename.start', id })}
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          aria-label={`Delete ${title}`}
          title="Delete"
          className={dangerIconButton}
          disabled={busy}
          onClick={() => conversations.send({ type: 'conversation.delete', id })}
        >
          <TrashIcon />
        </button>
      </span>
    </li>
  )
}

/** The inline rename field: Enter saves, Escape cancels; a refused title says why beneath. */
export function RenameRow({ conversation }: { conversation: Conversation }) {
  const { conversations } = useSessionActors()
  const draft = useSelector(conversations, (s) => s.context.editing?.draft ?? '')
  const error = useSelector(conversations, (s) => s.context.editing?.error ?? null)
  const errorId = useId()
  const input = useRef<HTMLInputElement>(null)
  // Saved or cancelled, the field goes: focus it held returns to the row's Rename button,
  // not to the page. The cleanup runs while the field is still in the page; the row is
  // there once this commit is done.
  useLayoutEffect(() => {
    const id = conversation.id
    return () => {
      // The list it is in: the sidebar's, or the drawer's.
      const list = input.current?.closest('ul')
      if (!list || document.activeElement !== input.current) return
      queueMicrotask(() => {
        for (const button of list.querySelectorAll<HTMLElement>('[data-rename]'))
          if (button.dataset.rename === id) button.focus()
      })
    }
  }, [conversation.id])
  return (
    <li className={styles.row}>
      <form
        className={styles.renameForm}
        onSubmit={(event) => {
          event.preventDefault()
          conversations.send({ type: 'conversation.rename', id: conversation.id, title: draft })
        }}
      >
        <input
          // The field replaces the row the user chose to rename: focus follows it there.
          // biome-ignore lint/a11y/noAutofocus: focus moves to the field the user just opened
          autoFocus
          ref={input}
          aria-label="Conversation title"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cx(field(), styles.renameField)}
          value={draft}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) =>
            conversations.send({ type: 'rename.change', value: event.currentTarget.value })
          }
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return
            // Only the field closes, not the drawer around it.
            event.preventDefault()
            event.stopPropagation()
            conversations.send({ type: 'rename.cancel' })
          }}
        />
        {error && (
          <p id={errorId} role="alert" className={styles.renameError}>
            {error}
          </p>
        )}
      </form>
    </li>
  )
}
