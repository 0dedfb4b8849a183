import { useSelector } from '@xstate/react'
import { useId, useLayoutEffect, useRef } from 'react'
import { cx } from 'styled-system/css'
import type { Conversation } from '../../domain/conversation'
import { relativeTime } from '../../domain/relative-time'
import { useAppActors, useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { field } from '../shell/field.recipe'
import { PencilIcon, PlusIcon, SearchIcon, TrashIcon } from '../shell/session-icons'
import { conversationList } from './conversations.recipe'

const styles = conversationList()
const iconButton = cx(button({ variant: 'ghost', size: 'icon' }), styles.action)
const dangerIconButton = cx(
  button({ variant: 'ghost', size: 'icon', tone: 'danger' }),
  styles.action,
)

/**
 * New chat, Search, and the user's conversations, newest activity first (docs/product/conversations.md).
 * Used by the sidebar and by the drawer, which passes `onChosen` to close itself once a
 * conversation (or a new chat) is opened.
 */
export function ConversationList({ onChosen }: { onChosen?: () => void }) {
  const { conversations, openConversation } = useSessionActors()
  const { app } = useAppActors()
  const list = useSelector(conversations, (s) => s.context.conversations)
  const currentId = useSelector(openConversation, (s) => s.context.conversationId)
  const loading = useSelector(conversations, (s) => s.hasTag('loading'))
  const editingId = useSelector(conversations, (s) => s.context.editing?.id ?? null)
  // A reply keeps streaming in its conversation while the user reads another.
  const answeringId = useSelector(useSessionActors().turn, (s) =>
    s.hasTag('busy') ? (s.context.pending?.message.conversationId ?? null) : null,
  )
  const deletingId = useSelector(conversations, (s) =>
    s.hasTag('busy') || s.hasTag('confirmingDelete') ? (s.context.pendingDelete?.id ?? null) : null,
  )
  const now = Date.now()
  return (
    <nav aria-label="Conversations" data-conversations="" className={styles.root}>
      <div className={styles.top}>
        <button
          type="button"
          className={cx(button({ variant: 'outline' }), styles.newChat)}
          disabled={loading}
          onClick={() => {
            openConversation.send({ type: 'conversation.open', conversationId: null })
            onChosen?.()
          }}
        >
          <PlusIcon width={16} height={16} />
          New chat
        </button>
        {/* docs/product/search.md: every conversation and prompt; Ctrl+K or ⌘K as well. */}
        <button
          type="button"
          aria-label="Search"
          title="Search (Ctrl+K)"
          className={button({ variant: 'outline', size: 'icon' })}
          onClick={() => {
            onChosen?.()
            app.send({ type: 'search.open' })
          }}
        >
          <SearchIcon width={16} height={16} />
        </button>
      </div>
      <ul aria-label="Your conversations" aria-busy={loading} className={styles.list}>
        {loading && list.length === 0 && <li className={styles.empty}>Loading…</li>}
        {!loading && list.length === 0 && <li className={styles.empty}>No conversations yet</li>}
        {list.map((conversation) =>
          conversation.id === editingId ? (
            <RenameRow key={conversation.id} conversation={conversation} />
          ) : (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              current={conversation.id === currentId}
              busy={conversation.id === deletingId}
              answering={conversation.id === answeringId}
              now={now}
              onChosen={onChosen}
            />
          ),
        )}
      </ul>
    </nav>
  )
}

function ConversationRow({
  conversation,
  current,
  busy,
  answering,
  now,
  onChosen,
}: {
  conversation: Conversation
  current: boolean
  busy: boolean
  answering: boolean
  now: number
  onChosen?: () => void
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
function RenameRow({ conversation }: { conversation: Conversation }) {
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
