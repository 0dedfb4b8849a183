import { iconTile } from '../shell/icon-tile.recipe'
import { SparklesIcon } from '../shell/session-icons'
import { messageList } from './message-list.recipe'

const styles = messageList()

export function ChatEmptyState() {
  return (
    <div className={styles.empty}>
      <span className={iconTile({ size: 'md' })}>
        <SparklesIcon width={22} height={22} />
      </span>
      <h2 className={styles.emptyTitle}>Start a conversation</h2>
      <p className={styles.emptyText}>Choose a model and send your first message</p>
    </div>
  )
}
