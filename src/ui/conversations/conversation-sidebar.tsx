import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { useSessionActors } from '../shell/app-actors'
import { lazyComponent } from '../shell/lazy-view'
import { ConversationList } from './conversation-list'
import { conversationSidebar } from './conversations.recipe'

const styles = conversationSidebar()

// Only a folded sidebar needs it: its code loads then (docs/performance.md, "Split").
const ConversationRail = lazyComponent(() =>
  import('./conversation-rail').then((m) => m.ConversationRail),
)

/**
 * From 768 px: the conversations beside the chat (under 768 px see `ConversationDrawer`), or,
 * folded, a rail (docs/product/screens.md#keyboard-shortcuts).
 */
export function ConversationSidebar() {
  const { panels } = useSessionActors()
  const folded = useSelector(panels, (s) => s.hasTag('sidebarHidden'))
  return (
    <aside
      aria-label="Conversation sidebar"
      data-folded={folded ? '' : undefined}
      className={styles.root}
    >
      {folded ? (
        <Suspense fallback={null}>
          <ConversationRail.Component />
        </Suspense>
      ) : (
        <ConversationList hostsDialogs onFold={() => panels.send({ type: 'sidebar.toggle' })} />
      )}
    </aside>
  )
}
