import { css } from 'styled-system/css'
import { SparklesIcon } from './icons'

export function ChatEmptyState() {
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: '3',
        py: '16',
      })}
    >
      <span
        className={css({
          w: '12',
          h: '12',
          borderRadius: 'full',
          bg: 'primary.muted',
          color: 'primary',
          display: 'grid',
          placeItems: 'center',
        })}
      >
        <SparklesIcon width={22} height={22} />
      </span>
      <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Start a conversation</h2>
      <p className={css({ color: 'fg.muted' })}>Choose a model and send your first message</p>
    </div>
  )
}
