import { useSelector } from '@xstate/react'
import type { SnapshotFrom } from 'xstate'
import type { appMachine } from '../../machines/app.machine'
import { type SessionActors, SessionActorsProvider, useAppActors } from './app-actors'
import { LoadingScreen } from './loading-screen'
import { SignedInScreen } from './signed-in-screen'
import { SignedOutScreen } from './signed-out-screen'

/** The session's actors while the app machine has a session (tag `session`), else null. */
function selectSession(snapshot: SnapshotFrom<typeof appMachine>): SessionActors | null {
  const { chat, conversations, modelPicker, library, activation, quickPrompts, picker, usage } =
    snapshot.children
  if (!snapshot.hasTag('session') || !chat || !conversations || !modelPicker) return null
  if (!library || !activation || !quickPrompts || !picker || !usage) return null
  return {
    chat,
    conversations,
    modelPicker,
    usage,
    prompts: { library, activation, quickPrompts, picker },
  }
}

/** Another session only when the actors themselves changed. */
const sameSession = (a: SessionActors | null, b: SessionActors | null) =>
  a === b || (a !== null && b !== null && a.chat === b.chat && a.modelPicker === b.modelPicker)

/** The one root view: a session shows the chat; otherwise the auth machine's tags decide. */
export function RootView() {
  const { app, auth } = useAppActors()
  const session = useSelector(app, selectSession, sameSession)
  const signedOut = useSelector(auth, (s) => s.hasTag('signedOut'))
  if (session) {
    return (
      <SessionActorsProvider actors={session}>
        <SignedInScreen />
      </SessionActorsProvider>
    )
  }
  if (signedOut) return <SignedOutScreen />
  return <LoadingScreen />
}
