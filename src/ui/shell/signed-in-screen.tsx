import { useSelector } from '@xstate/react'
import { ApiKeysDialog } from '../chat/api-keys-dialog'
import { MessageInput } from '../chat/message-input'
import { MessageList } from '../chat/message-list'
import { ModelPickerDialog } from '../chat/model-picker-dialog'
import { ConversationSidebar } from '../conversations/conversation-sidebar'
import { DeleteConversationDialog } from '../conversations/delete-conversation-dialog'
import { InstallExtensionDialog } from '../extension/install-extension-dialog'
import { PromptOverlays } from '../prompts/prompt-overlays'
import { SharedPromptBanner } from '../prompts/shared-prompt-banner'
import { SharedStyleBanner } from '../style/shared-style-banner'
import { StyleDialog } from '../style/style-dialog'
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
      <div className={styles.body}>
        <ConversationSidebar />
        <div className={styles.column}>
          <main className={styles.main}>
            <SharedPromptBanner />
            <SharedStyleBanner />
            <p className={styles.welcome}>
              Welcome, <strong className={styles.name}>{name}</strong>
            </p>
            <MessageList />
          </main>
          <div className={styles.composer}>
            <MessageInput />
          </div>
        </div>
      </div>
      <ModelPickerDialog />
      <ApiKeysDialog />
      <PromptOverlays />
      <StyleDialog />
      <InstallExtensionDialog />
      <DeleteConversationDialog />
    </div>
  )
}
