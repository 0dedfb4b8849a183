import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useSessionActors } from '../shell/app-actors'
import { iconTile } from '../shell/icon-tile.recipe'
import { SparklesIcon } from '../shell/icons'
import { ChatEmptyState } from './chat-empty-state'
import { ChatMessage } from './chat-message'
import { messageList } from './message-list.recipe'

const styles = messageList()

/** The conversation, oldest first, with a thinking row while a reply is on its way. */
export function MessageList() {
  const { chat } = useSessionActors()
  const messages = useSelector(chat, (s) => s.context.messages)
  const models = useSelector(chat, (s) => s.context.models)
  const display = useSelector(chat, (s) => s.context.display)
  const sending = useSelector(chat, (s) => s.hasTag('busy'))
  const end = useRef<HTMLDivElement>(null)
  // Keep the newest message in view as the conversation grows.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [messages.length, sending])

  if (messages.length === 0 && !sending) return <ChatEmptyState />
  const nameOf = (modelId: string) => models.find((m) => m.id === modelId)?.name ?? modelId
  return (
    <section aria-label="Conversation" className={styles.root}>
      {messages.map((message) => (
        <ChatMessage
          key={message.id}
          message={message}
          modelName={nameOf(message.modelId)}
          display={display}
        />
      ))}
      {sending && (
        <div role="status" aria-label="Waiting for the reply" className={styles.thinking}>
          <span className={iconTile({ size: 'sm', pulse: 'fast' })}>
            <SparklesIcon width={16} height={16} />
          </span>
          <span className={styles.thinkingText}>Thinking…</span>
        </div>
      )}
      <div ref={end} className={styles.end} />
    </section>
  )
}
