import { ConversationList } from './conversation-list'
import { conversationSidebar } from './conversations.recipe'

const styles = conversationSidebar()

/** From 768 px: the conversations beside the chat (under 768 px see `ConversationDrawer`). */
export function ConversationSidebar() {
  return (
    <aside aria-label="Conversation sidebar" className={styles.root}>
      <ConversationList hostsDialogs />
    </aside>
  )
}
