import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { focusMessageBox, MESSAGE_BOX_ID, MessageInput } from '../chat/message-input'
import { MessageList } from '../chat/message-list'
import { ConversationSidebar } from '../conversations/conversation-sidebar'
import { useAppActors } from './app-actors'
import { AppHeader } from './app-header'
import { lazyComponent } from './lazy-view'
import { signedInScreen } from './screens.recipe'
import { useKeyboardShortcuts } from './use-keyboard-shortcuts'

const styles = signedInScreen()

// A shared prompt's banner shows once the prompt a link names has been read, a shared theme's
// once its link is read: their code loads then, not with the page (docs/performance.md, "Split").
const SharedPromptBanner = lazyComponent(() =>
  import('../prompts/shared-prompt-banner').then((m) => m.SharedPromptBanner),
)
// The dialogs' host, each dialog lazy in turn: it loads as the screen first paints.
const SignedInDialogs = lazyComponent(() =>
  import('./signed-in-dialogs').then((m) => m.SignedInDialogs),
)
const SharedStyleBanner = lazyComponent(() =>
  import('../style/shared-style-banner').then((m) => m.SharedStyleBanner),
)

export function SignedInScreen() {
  const { auth, sharedPrompt, style } = useAppActors()
  const promptOffered = useSelector(sharedPrompt, (s) => s.hasTag('pending'))
  const styleOffered = useSelector(style, (s) => s.hasTag('offered'))
  const name = useSelector(auth, (s) => s.context.user?.displayName || s.context.user?.email || '')
  useKeyboardShortcuts()
  return (
    <div className={styles.page}>
      {/* docs/product/screens.md#keyboard: past the header and the conversation list at once. */}
      <a
        href={`#${MESSAGE_BOX_ID}`}
        className={styles.skip}
        onClick={(event) => {
          // A disabled box (a message sending) takes focus once the send is over; meanwhile
          // the link still scrolls to it.
          focusMessageBox()
          if (document.activeElement?.id === MESSAGE_BOX_ID) event.preventDefault()
        }}
      >
        Skip to message box
      </a>
      <AppHeader />
      <div className={styles.body}>
        <ConversationSidebar />
        <div className={styles.column}>
          <main className={styles.main}>
            <Suspense fallback={null}>
              {promptOffered && <SharedPromptBanner.Component />}
              {styleOffered && <SharedStyleBanner.Component />}
            </Suspense>
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
      <Suspense fallback={null}>
        <SignedInDialogs.Component />
      </Suspense>
    </div>
  )
}
