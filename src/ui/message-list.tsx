import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { useSessionActors } from './app-actors'
import { ChatEmptyState } from './chat-empty-state'
import { ChatMessage } from './chat-message'
import { SparklesIcon } from './icons'

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
    <section
      aria-label="Conversation"
      className={css({ display: 'flex', flexDirection: 'column', gap: '5', py: '6' })}
    >
      {messages.map((message) => (
        <ChatMessage
          key={message.id}
          message={message}
          modelName={nameOf(message.modelId)}
          display={display}
        />
      ))}
      {sending && (
        <div
          role="status"
          aria-label="Waiting for the reply"
          className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' })}
        >
          <span
            className={css({
              w: '8',
              h: '8',
              borderRadius: 'full',
              display: 'grid',
              placeItems: 'center',
              bg: 'primary.muted',
              color: 'primary',
              animation: 'pulse 1.4s ease-in-out infinite',
            })}
          >
            <SparklesIcon width={16} height={16} />
          </span>
          <span className={css({ fontSize: 'sm' })}>Thinking…</span>
        </div>
      )}
      {/* Scrolled to with room for the fixed composer below it. */}
      <div ref={end} className={css({ scrollMarginBottom: '32' })} />
    </section>
  )
}
