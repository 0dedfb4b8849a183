import { useSelector } from '@xstate/react'
import { type ReactNode, useId } from 'react'
import { cx } from 'styled-system/css'
import type { Conversation } from '../../domain/conversation'
import {
  type ConversationFolder,
  type FolderSection,
  sectionsOf,
} from '../../domain/conversation-folder'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { ChevronDownIcon, PencilIcon, TrashIcon } from '../shell/session-icons'
import { conversationList } from './conversations.recipe'
import { FolderNameField } from './folder-name-field'
import { folderSections } from './folder-sections.recipe'
import { OrganiseDialogs } from './organise-dialogs'
import { ArchiveIcon, FolderIcon, FolderPlusIcon } from './organise-icons'

const styles = conversationList()
const parts = folderSections()
const iconButton = cx(button({ variant: 'ghost', size: 'icon' }), styles.action)
const dangerIconButton = cx(
  button({ variant: 'ghost', size: 'icon', tone: 'danger' }),
  styles.action,
)

/**
 * The user's folders in the conversations list (docs/product/conversations.md#pins-and-folders):
 * each opens and closes to show its conversations (`rows` draws them), and is renamed or
 * deleted from its row. New folder, beside the heading, shows its name field on top while it
 * is typed. The sidebar's holds the Move and Delete folder dialogs.
 */
export function FolderSections({
  conversations,
  folders,
  rows,
  hostsDialogs,
}: {
  conversations: readonly Conversation[]
  folders: readonly ConversationFolder[]
  rows: (list: readonly Conversation[]) => ReactNode
  hostsDialogs?: boolean
}) {
  const sections = sectionsOf(conversations, folders).folders
  const { organise } = useSessionActors()
  const draftId = useSelector(organise, (s) => s?.context.draft?.id)
  // A folder named from a conversation's More dialog has its field there.
  const moving = useSelector(organise, (s) => s?.hasTag('moving') ?? false)
  const closed = useSelector(organise, (s) => s?.context.closed ?? [])
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={parts.headingRow}>
        <h2 id={headingId} className={styles.heading}>
          Folders
        </h2>
        <button
          type="button"
          aria-label="New folder"
          title="New folder"
          className={cx(button({ variant: 'ghost', size: 'icon' }), styles.action)}
          onClick={() => organise?.send({ type: 'folder.new' })}
        >
          <FolderPlusIcon />
        </button>
        {/* docs/product/conversations.md#backup */}
        <button
          type="button"
          aria-label="Back up and restore"
          title="Back up and restore conversations"
          className={cx(button({ variant: 'ghost', size: 'icon' }), styles.action)}
          onClick={() => organise?.send({ type: 'backup.open' })}
        >
          <ArchiveIcon />
        </button>
      </div>
      {draftId === null && !moving && <FolderNameField label="New folder name" />}
      <ul aria-label="Folders" className={styles.list}>
        {sections.map((section) =>
          section.folder.id === draftId ? (
            <li key={section.folder.id}>
              <FolderNameField label="Folder name" />
            </li>
          ) : (
            <Folder
              key={section.folder.id}
              section={section}
              open={!closed.includes(section.folder.id)}
              rows={rows}
            />
          ),
        )}
      </ul>
      {hostsDialogs && <OrganiseDialogs />}
    </section>
  )
}

function Folder({
  section: { folder, conversations },
  open,
  rows,
}: {
  section: FolderSection
  open: boolean
  rows: (list: readonly Conversation[]) => ReactNode
}) {
  const { organise } = useSessionActors()
  const listId = useId()
  const { id, name } = folder
  return (
    <li>
      <div data-row="" className={styles.row}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          className={parts.toggle}
          onClick={() => organise?.send({ type: 'folder.toggle', id })}
        >
          <ChevronDownIcon width={14} height={14} className={parts.chevron} />
          <FolderIcon width={15} height={15} />
          <span className={parts.name} title={name}>
            {name}
          </span>
          <span className={parts.count}>
            {conversations.length}
            <span className={parts.srOnly}> conversations</span>
          </span>
        </button>
        <span className={styles.actions}>
          <button
            type="button"
            aria-label={`Rename folder ${name}`}
            title="Rename folder"
            className={iconButton}
            onClick={() => organise?.send({ type: 'folder.rename', id })}
          >
            <PencilIcon />
          </button>
          <button
            type="button"
            aria-label={`Delete folder ${name}`}
            title="Delete folder"
            className={dangerIconButton}
            onClick={() => organise?.send({ type: 'folder.delete', id })}
          >
            <TrashIcon />
          </button>
        </span>
      </div>
      {open && (
        <ul id={listId} aria-label={name} className={cx(styles.list, parts.folderList)}>
          {conversations.length === 0 && <li className={styles.empty}>No conversations here</li>}
          {rows(conversations)}
        </ul>
      )}
    </li>
  )
}
