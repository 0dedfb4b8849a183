import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { useAppActors } from './app-actors'
import { AppHeader } from './app-header'
import { ChatEmptyState } from './chat-empty-state'
import { MessageInput } from './message-input'

export function SignedInScreen() {
  const { auth } = useAppActors()
  const name = useSelector(auth, (s) => s.context.user?.displayName || s.context.user?.email || '')
  return (
    <div className={css({ minH: '100vh', display: 'flex', flexDirection: 'column' })}>
      <AppHeader />
      <main
        className={css({ flex: 1, w: 'full', maxW: '3xl', mx: 'auto', px: '4', pt: '8', pb: '36' })}
      >
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          Welcome, <strong className={css({ color: 'fg', fontWeight: 'semibold' })}>{name}</strong>
        </p>
        <ChatEmptyState />
      </main>
      <MessageInput modelName={null} />
    </div>
  )
}
