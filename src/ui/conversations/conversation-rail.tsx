import { useAppActors, useSessionActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { PanelLeftIcon, PlusIcon, SearchIcon } from '../shell/session-icons'
import { shortcutHint } from '../shell/shortcut-hint'
import { conversationRail } from './conversations.recipe'

const styles = conversationRail()

/**
 * The sidebar folded (docs/product/screens.md#keyboard-shortcuts): a narrow column that opens
 * it again, and keeps New chat and Search one click away.
 */
export function ConversationRail() {
  const { app } = useAppActors()
  const { openConversation, panels } = useSessionActors()
  const icon = button({ variant: 'ghost', size: 'icon' })
  return (
    <nav aria-label="Conversations" data-conversations="" className={styles.root}>
      <button
        type="button"
        aria-label="Show sidebar"
        {...shortcutHint('toggleSidebar', 'Show sidebar')}
        className={icon}
        onClick={() => panels.send({ type: 'sidebar.toggle' })}
      >
        <PanelLeftIcon width={18} height={18} />
      </button>
      <button
        type="button"
        aria-label="New chat"
        {...shortcutHint('newChat', 'New chat')}
        className={icon}
        onClick={() => openConversation.send({ type: 'conversation.open', conversationId: null })}
      >
        <PlusIcon width={18} height={18} />
      </button>
      <button
        type="button"
        aria-label="Search"
        {...shortcutHint('search', 'Search')}
        className={icon}
        onClick={() => app.send({ type: 'search.open' })}
      >
        <SearchIcon width={18} height={18} />
      </button>
    </nav>
  )
}
