import { useSelector } from '@xstate/react'
import { ApiKeysDialog } from '../chat/api-keys-dialog'
import { MessageInput } from '../chat/message-input'
import { MessageList } from '../chat/message-list'
import { ModelPickerDialog } from '../chat/model-picker-dialog'
import { PromptOverlays } from '../prompts/prompt-overlays'
import { SharedPromptBanner } from '../prompts/shared-prompt-banner'
import { useAppActors } from './app-actors'
import { AppHeader } from './app-header'
import { signedInScreen } from './screens.recipe'

const styles = signedInScreen()

export function SignedInScreen() {
  const { auth } = useAppActors()
  const name = useSelector(auth, (s) => s.context.user?.displayName || s.context.user?.email || '')
  return (
    <div className={styles.page}>
      <AppHeader />
      <main className={styles.main}>
        <SharedPromptBanner />
        <p className={styles.welcome}>
          Welcome, <strong className={styles.name}>{name}</strong>
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
