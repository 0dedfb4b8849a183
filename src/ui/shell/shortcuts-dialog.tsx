import { useSelector } from '@xstate/react'
import { keysOf, SHORTCUTS, type ShortcutId } from '../../domain/keyboard-shortcuts'
import { useSessionActors } from './app-actors'
import { AppDialog } from './app-dialog'
import { onMac } from './on-mac'
import { shortcutsDialog } from './shortcuts-dialog.recipe'

const styles = shortcutsDialog()

/** What each shortcut does, as the list says it. */
const DOES: Record<ShortcutId, string> = {
  newChat: 'New chat',
  search: 'Search conversations and prompts',
  focusMessage: 'Focus the message box',
  toggleSidebar: 'Show or hide the conversations',
  copyReply: 'Copy the last reply',
  stop: 'Stop the reply',
  list: 'Show these shortcuts',
}

/** The `?` list of keyboard shortcuts (docs/product/screens.md#keyboard-shortcuts). */
export function ShortcutsDialog() {
  const { panels } = useSessionActors()
  const open = useSelector(panels, (s) => s.hasTag('shortcutsOpen'))
  const mac = onMac()
  return (
    <AppDialog
      open={open}
      onClose={() => panels.send({ type: 'shortcuts.close' })}
      title="Keyboard shortcuts"
      description="Anywhere on the chat screen. ? works outside a text field, Esc while a reply streams."
      closeLabel="Close"
    >
      <dl className={styles.list}>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.id} className={styles.row}>
            <dt className={styles.does}>{DOES[shortcut.id]}</dt>
            <dd className={styles.keys}>
              <kbd>{keysOf(shortcut.id, mac)}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </AppDialog>
  )
}
