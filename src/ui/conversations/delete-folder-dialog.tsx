import { useSelector } from '@xstate/react'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { organiseDialogs } from './organise-dialogs.recipe'

const styles = organiseDialogs()

/**
 * Asks before a folder is deleted (docs/product/conversations.md#pins-and-folders). Its
 * conversations are kept: out of any folder, or moved into another folder chosen here (the
 * organiser keeps the choice, and forgets it with the dialog).
 */
export function DeleteFolderDialog() {
  const { organise, conversations } = useSessionActors()
  const open = useSelector(organise, (s) => s?.hasTag('confirmingDelete') ?? false)
  const folder = useSelector(organise, (s) => s?.context.pendingDelete ?? null)
  const folders = useSelector(organise, (s) => s?.context.folders)
  // The organiser keeps its folders by name.
  const others = (folders ?? []).filter((f) => f.id !== folder?.id)
  const inside = useSelector(
    conversations,
    (s) => s.context.conversations.filter((c) => folder && c.folderId === folder.id).length,
  )
  const moveTo = useSelector(organise, (s) => s?.context.moveTo ?? null)
  const cancel = () => organise?.send({ type: 'folder.deleteCancelled' })
  const name = folder?.name ?? ''
  return (
    <AppDialog
      open={open}
      onClose={cancel}
      title="Delete folder?"
      description={
        inside === 0
          ? `“${name}” will be deleted. It holds no conversations.`
          : `“${name}” will be deleted. Its conversations are kept.`
      }
      footer={
        <>
          <button type="button" className={button({ variant: 'outline' })} onClick={cancel}>
            Cancel
          </button>
          <button
            type="button"
            className={button({ variant: 'outline', tone: 'danger' })}
            onClick={() => organise?.send({ type: 'folder.deleteConfirmed' })}
          >
            Delete folder
          </button>
        </>
      }
    >
      {inside > 0 && (
        <fieldset className={styles.choices}>
          <legend className={styles.note}>Move its conversations to</legend>
          {[{ id: null, name: 'No folder' }, ...others].map((target) => (
            <label key={target.id ?? ''} className={styles.radio}>
              <input
                type="radio"
                name="move-to"
                checked={moveTo === target.id}
                onChange={() => organise?.send({ type: 'folder.moveTo', moveTo: target.id })}
              />
              {target.name}
            </label>
          ))}
        </fieldset>
      )}
    </AppDialog>
  )
}
