import { useSelector } from '@xstate/react'
import { MessageInput } from '../chat/message-input'
import { MessageList } from '../chat/message-list'
import { ConversationSidebar } from '../conversations/conversation-sidebar'
import { SharedPromptBanner } from '../prompts/shared-prompt-banner'
import { SharedStyleBanner } from '../style/shared-style-banner'
import { useAppActors } from './app-actors'
import { AppHeader } from './app-header'
import { signedInScreen } from './screens.recipe'
import { SignedInDialogs } from './signed-in-dialogs'

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
      <SignedInDialogs />
    </div>
  )
}
