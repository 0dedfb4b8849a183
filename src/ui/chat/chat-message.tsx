import { memo } from 'react'
import type { ChatMessage as ChatMessageRow, MessageDisplay } from '../../machines/chat.machine'
import { SparklesIcon, UserIcon } from '../shell/icons'
import { chatMessage } from './chat-message.recipe'
import { MarkdownContent } from './markdown/markdown-content'

// One formatter for every message: toLocaleTimeString builds a new one per call, which
// dominated rendering a long history.
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })

function timeOf(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : clock.format(date)
}

/** One message: avatar, author, time and markdown body, laid out as the style config says. */
export const ChatMessage = memo(function ChatMessage({
  message,
  modelName,
  display,
}: {
  message: ChatMessageRow
  modelName: string
  display: MessageDisplay
}) {
  const align = display.messageAlignment
  const author = message.role === 'user' ? 'You' : modelName
  const styles = chatMessage({ align, role: message.role })
  return (
    <article aria-label={`${author} message`} data-role={message.role} className={styles.root}>
      {display.showAvatars && (
        <span className={styles.avatar} data-testid="avatar" aria-hidden="true">
          {message.role === 'user' ? (
            <UserIcon width={16} height={16} />
          ) : (
            <SparklesIcon width={16} height={16} />
          )}
        </span>
      )}
      <div className={styles.bubble}>
        <div className={styles.meta}>
          <span className={styles.author}>{author}</span>
          {display.showTimestamps && (
            <time dateTime={message.createdAt} className={styles.time}>
              {timeOf(message.createdAt)}
            </time>
          )}
        </div>
        <div className={styles.body}>
          <MarkdownContent text={message.content} />
        </div>
      </div>
    </article>
  )
})
