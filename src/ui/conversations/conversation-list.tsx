import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { cx } from 'styled-system/css'
import type { Conversation } from '../../domain/conversation'
import { useAppActors, useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { lazyComponent } from '../shell/lazy-view'
import { PanelLeftIcon, PlusIcon, SearchIcon } from '../shell/session-icons'
import { shortcutHint } from '../shell/shortcut-hint'
import { ConversationRow, RenameRow, type RenderRow } from './conversation-row'
import { conversationList } from './conversations.recipe'

const styles = conversationList()

// Pins and folders come with the organiser's code, after the first paint: its folders and
// each row's Pin and Move join the list then, around the rows already there.
const load = () => import('./organise-view')
const Folders = lazyComponent(() => load().then((m) => m.FolderSections))
const RowActions = lazyComponent(() => load().then((m) => m.RowActions))

/**
 * New chat, Search, and the user's conversations (docs/product/conversations.md): the pinned
 * on top, then the folders, then the rest (`Your conversations`), each part by newest
 * activity. Used by the sidebar and by the drawer, which passes `onChosen` to close itself
 * once a conversation (or a new chat) is opened.
 */
export function ConversationList({
  onChosen,
  hostsDialogs,
  onFold,
}: {
  onChosen?: () => void
  /** The sidebar's list, which is always there, holds Move and Delete folder for both. */
  hostsDialogs?: boolean
  /** The sidebar's: folds it to its rail (docs/product/screens.md#keyboard-shortcuts). */
  onFold?: () => void
}) {
  const { conversations, openConversation, organise, turn } = useSessionActors()
  const { app } = useAppActors()
  const list = useSelector(conversations, (s) => s.context.conversations)
  const loading = useSelector(conversations, (s) => s.hasTag('loading'))
  const folders = useSelector(organise, (s) => (s?.matches('ready') ? s.context.folders : null))
  const currentId = useSelector(openConversation, (s) => s.context.conversationId)
  const editingId = useSelector(conversations, (s) => s.context.editing?.id ?? null)
  // A reply keeps streaming in its conversation while the user reads another.
  const answeringId = useSelector(turn, (s) =>
    s.hasTag('busy') ? (s.context.pending?.message.conversationId ?? null) : null,
  )
  const deletingId = useSelector(conversations, (s) =>
    s.hasTag('busy') || s.hasTag('confirmingDelete') ? (s.context.pendingDelete?.id ?? null) : null,
  )
  const now = Date.now()
  const row: RenderRow = (conversation, actions) =>
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
        actions={actions}
      />
    )
  const status =
    list.length > 0 ? null : (
      <li className={styles.empty}>{loading ? 'Loading…' : 'No conversations yet'}</li>
    )
  const pinned = list.filter((c) => c.pinned)
  const filed = new Set(folders?.map((folder) => folder.id))
  // Until the folders are known, what is in one waits for them rather than show here first.
  const others = list.filter(
    (c) => !c.pinned && !(c.folderId && (folders === null || filed.has(c.folderId))),
  )
  const rows = (part: readonly Conversation[]) =>
    part.map((conversation) =>
      row(
        conversation,
        folders && (
          <Suspense fallback={null}>
            <RowActions.Component conversation={conversation} />
          </Suspense>
        ),
      ),
    )
  return (
    <nav aria-label="Conversations" data-conversations="" className={styles.root}>
      <div className={styles.top}>
        <button
          type="button"
          className={cx(button({ variant: 'outline' }), styles.newChat)}
          {...shortcutHint('newChat', 'New chat')}
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
          {...shortcutHint('search', 'Search')}
          className={button({ variant: 'outline', size: 'icon' })}
          onClick={() => {
            onChosen?.()
            app.send({ type: 'search.open' })
          }}
        >
          <SearchIcon width={16} height={16} />
        </button>
        {onFold && (
          <button
            type="button"
            aria-label="Hide sidebar"
            {...shortcutHint('toggleSidebar', 'Hide sidebar')}
            className={button({ variant: 'ghost', size: 'icon' })}
            onClick={onFold}
          >
            <PanelLeftIcon width={16} height={16} />
          </button>
        )}
      </div>
      {/* The parts keep their places, so rows already shown are never made again. */}
      <div className={styles.scroller}>
        {pinned.length > 0 && (
          <section className={styles.section}>
            <h2 className={styles.heading}>Pinned</h2>
            <ul aria-label="Pinned" className={styles.list}>
              {rows(pinned)}
            </ul>
          </section>
        )}
        {folders && (
          <Suspense fallback={null}>
            <Folders.Component
              conversations={list}
              folders={folders}
              rows={rows}
              hostsDialogs={hostsDialogs}
            />
          </Suspense>
        )}
        <section className={styles.section}>
          {(folders || pinned.length > 0) && <h2 className={styles.heading}>Chats</h2>}
          <ul aria-label="Your conversations" aria-busy={loading} className={styles.list}>
            {status}
            {rows(others)}
          </ul>
        </section>
      </div>
    </nav>
  )
}
