import { useSelector } from '@xstate/react'
import { css } from 'styled-system/css'
import { ApiKeysDialog } from './api-keys-dialog'
import { useAppActors } from './app-actors'
import { AppHeader } from './app-header'
import { MessageInput } from './message-input'
import { MessageList } from './message-list'
import { ModelPickerDialog } from './model-picker-dialog'
import { PromptOverlays } from './prompt-overlays'
import { SharedPromptBanner } from './shared-prompt-banner'

export function SignedInScreen() {
  const { auth } = useAppActors()
  const name = useSelector(auth, (s) => s.context.user?.displayName || s.context.user?.email || '')
  return (
    <div className={css({ minH: '100vh', display: 'flex', flexDirection: 'column' })}>
      <AppHeader />
      <main
        className={css({ flex: 1, w: 'full', maxW: '3xl', mx: 'auto', px: '4', pt: '8', pb: '36' })}
      >
        <SharedPromptBanner />
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          Welcome, <strong className={css({ color: 'fg', fontWeight: 'semibold' })}>{name}</strong>
        </p>
        <MessageList />
      </main>
      <MessageInput />
      <ModelPickerDialog />
      <ApiKeysDialog />
      <PromptOverlays />
    </div>
  )
}
