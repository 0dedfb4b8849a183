import { memo } from 'react'
import { css, cva } from 'styled-system/css'
import type { ChatMessage as ChatMessageRow, MessageDisplay } from '../machines/chat.machine'
import { SparklesIcon, UserIcon } from './icons'
import { MarkdownContent } from './markdown/markdown-content'

const row = cva({
  base: {
    display: 'flex',
    gap: '3',
    w: 'full',
    alignItems: 'flex-start',
    // Off-screen messages skip layout and paint until scrolled to: long histories stay cheap.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 140px',
  },
  variants: {
    align: {
      left: { flexDirection: 'row' },
      right: { flexDirection: 'row-reverse' },
      center: { flexDirection: 'column', alignItems: 'center' },
    },
  },
})

const bubble = cva({
  base: { minW: 0, maxW: 'full', display: 'flex', flexDirection: 'column', gap: '1' },
  variants: {
    align: {
      left: { alignItems: 'flex-start' },
      right: { alignItems: 'flex-end' },
      center: { alignItems: 'center' },
    },
    role: {
      user: {},
      assistant: { flex: 1 },
      system: {},
    },
  },
})

const body = cva({
  base: { borderRadius: 'calc(var(--radius, 8px) * 1.75)', px: '4', py: '2.5', maxW: 'full' },
  variants: {
    role: {
      user: { bg: 'primary', color: 'primary.fg', '& a': { color: 'inherit' } },
      assistant: { bg: 'card', borderWidth: '1px', borderColor: 'border', w: 'full' },
      system: { bg: 'primary.muted' },
    },
  },
})

const avatar = cva({
  base: {
    flexShrink: 0,
    w: '8',
    h: '8',
    borderRadius: 'full',
    display: 'grid',
    placeItems: 'center',
    mt: '0.5',
  },
  variants: {
    role: {
      user: { bg: 'accent', color: 'white' },
      assistant: { bg: 'primary.muted', color: 'primary' },
      system: { bg: 'border', color: 'fg.muted' },
    },
  },
})

// One formatter for every message: toLocaleTimeString builds a new one per call, which
// dominated rendering a long history.
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })

function timeOf(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : clock.format(date)
}

// Class names computed once: css() does its work at call time, and a history has 100 rows.
const metaLine = css({ display: 'flex', gap: '2', alignItems: 'baseline', px: '1' })
const authorName = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' })
const timestamp = css({ fontSize: 'xs', color: 'fg.muted', opacity: 0.8 })
const rowClass = {
  left: row({ align: 'left' }),
  right: row({ align: 'right' }),
  center: row({ align: 'center' }),
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
  return (
    <article aria-label={`${author} message`} data-role={message.role} className={rowClass[align]}>
      {display.showAvatars && (
        <span className={avatar({ role: message.role })} data-testid="avatar" aria-hidden="true">
          {message.role === 'user' ? (
            <UserIcon width={16} height={16} />
          ) : (
            <SparklesIcon width={16} height={16} />
          )}
        </span>
      )}
      <div className={bubble({ align, role: message.role })}>
        <div className={metaLine}>
          <span className={authorName}>{author}</span>
          {display.showTimestamps && (
            <time dateTime={message.createdAt} className={timestamp}>
              {timeOf(message.createdAt)}
            </time>
          )}
        </div>
        <div className={body({ role: message.role })}>
          <MarkdownContent text={message.content} />
        </div>
      </div>
    </article>
  )
})
