import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { CheckIcon } from '../shell/session-icons'
import { FolderNameField } from './folder-name-field'
import { organiseDialogs } from './organise-dialogs.recipe'
import { FolderIcon, FolderPlusIcon, LinkIcon, PinIcon } from './organise-icons'

const styles = organiseDialogs()
const action = cx(button({ variant: 'outline' }), styles.action)

/**
 * A conversation's More dialog (docs/product/conversations.md#pins-and-folders): Pin or Unpin;
 * Move to folder, one button per folder of the user's and No folder, its own checked (choosing
 * it changes nothing), or New folder…, named here and moved into at once; the two exports
 * (#export); and Share link…, which opens the Share dialog (#share-by-link). Each closes it.
 */
export function ConversationMoreDialog() {
  const { organise } = useSessionActors()
  const open = useSelector(organise, (s) => s?.hasTag('moving') ?? false)
  const conversation = useSelector(organise, (s) => s?.context.moving ?? null)
  const folders = useSelector(organise, (s) => s?.context.folders)
  const current = conversation?.folderId ?? null
  const pinned = Boolean(conversation?.pinned)
  const naming = useSelector(organise, (s) => s?.context.draft?.id === null)
  const cancel = () => organise?.send({ type: 'move.cancel' })
  // The organiser keeps its folders by name.
  const choices = [{ id: null, name: 'No folder' }, ...(folders ?? [])]
  return (
    <AppDialog
      open={open}
      onClose={cancel}
      title={conversation?.title ?? ''}
      description="Pin it, move it to a folder, export it or share it."
      closeLabel="Close"
      footer={
        <button type="button" className={button({ variant: 'outline' })} onClick={cancel}>
          Cancel
        </button>
      }
    >
      <div className={styles.sections}>
        <button
          type="button"
          className={action}
          onClick={() =>
            conversation &&
            organise?.send({ type: 'conversation.pin', conversation, pinned: !pinned })
          }
        >
          <PinIcon width={16} height={16} />
          {pinned ? 'Unpin' : 'Pin to top'}
        </button>
        <section aria-label="Move to folder" className={styles.section}>
          <h3 className={styles.heading}>Move to folder</h3>
          {folders?.length === 0 && <p className={styles.note}>You have no folders yet.</p>}
          {(folders?.length ?? 0) > 0 && (
            <ul aria-label="Folders" className={styles.choices}>
              {choices.map((folder) => (
                <li key={folder.id ?? ''}>
                  <button
                    type="button"
                    className={styles.choice}
                    aria-current={folder.id === current ? 'true' : undefined}
                    onClick={() =>
                      organise?.send({ type: 'conversation.move', folderId: folder.id })
                    }
                  >
                    <FolderIcon width={16} height={16} />
                    {folder.name}
                    {folder.id === current && (
                      <CheckIcon className={styles.check} aria-label="current" />
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {/* A new folder, named here, and the conversation moved into it at once. */}
          {naming ? (
            <FolderNameField label="New folder name" />
          ) : (
            <button
              type="button"
              className={styles.choice}
              onClick={() => organise?.send({ type: 'folder.new' })}
            >
              <FolderPlusIcon width={16} height={16} />
              New folder…
            </button>
          )}
        </section>
        <section aria-label="Export" className={styles.section}>
          <h3 className={styles.heading}>Export</h3>
          <div className={styles.row}>
            {(['markdown', 'json'] as const).map((format) => (
              <button
                key={format}
                type="button"
                className={action}
                onClick={() =>
                  conversation &&
                  organise?.send({ type: 'conversation.export', conversation, format })
                }
              >
                {format === 'markdown' ? 'Export as Markdown' : 'Export as JSON'}
              </button>
            ))}
          </div>
        </section>
        <section aria-label="Share" className={styles.section}>
          <h3 className={styles.heading}>Share</h3>
          <button
            type="button"
            className={action}
            onClick={() => conversation && organise?.send({ type: 'share.open', conversation })}
          >
            <LinkIcon width={16} height={16} />
            Share link…
          </button>
        </section>
      </div>
    </AppDialog>
  )
}
