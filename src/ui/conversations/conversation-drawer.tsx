import { Dialog, useDialog } from '@ark-ui/react/dialog'
import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import { useSessionActors } from '../shell/app-actors'
import { AppDialogFrame } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { PanelLeftIcon } from '../shell/icons'
import { AppTooltip } from '../shell/tooltip'
import { ConversationList } from './conversation-list'
import { drawerTrigger } from './conversations.recipe'

/**
 * Under 768 px the conversations open in a drawer from the left, from the header's
 * Conversations button; choosing a conversation or New chat closes it. Whether it is open is
 * view state, so Ark keeps it, as for the side menu.
 */
export function ConversationDrawer() {
  const { conversations } = useSessionActors()
  const renaming = useSelector(conversations, (s) => s.context.editing !== null)
  const drawer = useDialog({
    // Escape in the rename field closes the field, not the drawer.
    onEscapeKeyDown: (event) => {
      if (renaming) event.preventDefault()
    },
  })
  return (
    <Dialog.RootProvider value={drawer} lazyMount unmountOnExit>
      <AppTooltip label="Conversations">
        <Dialog.Trigger
          aria-label="Conversations"
          className={cx(button({ variant: 'ghost', size: 'icon' }), drawerTrigger())}
        >
          <PanelLeftIcon width={18} height={18} />
        </Dialog.Trigger>
      </AppTooltip>
      <AppDialogFrame placement="left" title="Conversations" closeLabel="Close conversations">
        <ConversationList onChosen={() => drawer.setOpen(false)} />
      </AppDialogFrame>
    </Dialog.RootProvider>
  )
}
