import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import { useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { LazySheet } from '../shell/lazy-sheet'
import { PanelLeftIcon } from '../shell/session-icons'
import { ConversationList } from './conversation-list'
import { drawerTrigger } from './conversations.recipe'

/**
 * Under 768 px the conversations open in a drawer from the left, from the header's
 * Conversations button or its shortcut (the panels machine's `drawerOpen`); choosing a
 * conversation or New chat closes it. The drawer's dialog loads on first open.
 */
export function ConversationDrawer() {
  const { conversations, panels } = useSessionActors()
  const renaming = useSelector(conversations, (s) => s.context.editing !== null)
  const open = useSelector(panels, (s) => s.hasTag('drawerOpen'))
  const setOpen = (open: boolean) => panels.send({ type: open ? 'drawer.open' : 'drawer.close' })
  return (
    <LazySheet
      label="Conversations"
      triggerClassName={cx(button({ variant: 'ghost', size: 'icon' }), drawerTrigger())}
      triggerIcon={<PanelLeftIcon width={18} height={18} />}
      open={open}
      onOpenChange={setOpen}
      // Escape in the rename field closes the field, not the drawer.
      onEscapeKeyDown={(event) => {
        if (renaming) event.preventDefault()
      }}
      title="Conversations"
      closeLabel="Close conversations"
    >
      <ConversationList onChosen={() => setOpen(false)} />
    </LazySheet>
  )
}
