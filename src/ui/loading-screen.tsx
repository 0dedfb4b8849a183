import { css } from 'styled-system/css'
import { ChatIcon } from './icons'

export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-label="Loading"
      className={css({ minH: '100vh', display: 'grid', placeItems: 'center' })}
    >
      <div
        className={css({
          w: '14',
          h: '14',
          borderRadius: 'xl',
          bg: 'primary.muted',
          color: 'primary',
          display: 'grid',
          placeItems: 'center',
          animation: 'pulse 1.6s ease-in-out infinite',
        })}
      >
        <ChatIcon width={28} height={28} />
      </div>
    </div>
  )
}
