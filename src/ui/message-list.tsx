import { useSelector } from '@xstate/react'
import { useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { css } from 'styled-system/css'
import type { ChatMessage as ChatMessageRow } from '../machines/chat.machine'
import { useAppActors } from './app-actors'
import { ChatEmptyState } from './chat-empty-state'
import { ChatMessage } from './chat-message'
import { SparklesIcon } from './icons'

/** Messages rendered in the first pass; the rest of the history follows (see below). */
const EAGER_MESSAGES = 20

/**
 * The messages to show. When a long history arrives, its newest messages paint first and the
 * older ones follow in a background render (above the fold, so nothing visible moves). Later
 * renders show the deferred older part plus everything after it: never a gap, never twice.
 */
function useNewestFirstPaint(messages: ChatMessageRow[]): ChatMessageRow[] {
  const split = Math.max(0, messages.length - EAGER_MESSAGES)
  const older = useDeferredValue(useMemo(() => messages.slice(0, split), [messages, split]))
  const isPrefix =
    older.length <= messages.length &&
    (older.length === 0 || messages[older.length - 1] === older[older.length - 1])
  if (!isPrefix) return messages
  if (older.length === 0) return messages.slice(split)
  return [...older, ...messages.slice(older.length)]
}

/** The conversation, oldest first, with a thinking row while a reply is on its way. */
export function MessageList() {
  const { chat } = useAppActors()
  const messages = useSelector(chat, (s) => s.context.messages)
  const models = useSelector(chat, (s) => s.context.models)
  const display = useSelector(chat, (s) => s.context.display)
  const sending = useSelector(chat, (s) => s.hasTag('busy'))
  const shown = useNewestFirstPaint(messages)
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
      {shown.map((message) => (
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
