import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { appMachine } from '../../machines/app.machine'
import { LazyMarkdown } from '../chat/markdown/lazy-markdown'
import { type SessionActors, SessionActorsProvider, useAppActors } from './app-actors'
import { lazyComponent, useWhenIdle } from './lazy-view'
import { LoadingScreen } from './loading-screen'
import { SignedOutScreen } from './signed-out-screen'
import { UnavailableBoundary } from './unavailable-boundary'
import { UnavailableScreen } from './unavailable-screen'

// The signed-out card paints without the chat's code; the chat loads in its own chunk
// (docs/performance.md, "Split").
const SignedIn = lazyComponent(() => import('./signed-in-screen').then((m) => m.SignedInScreen))
// A share link's page, in its own chunk (docs/product/conversations.md#share-by-link).
const SharedPage = lazyComponent(() =>
  import('../shared/shared-conversation-page').then((m) => m.SharedConversationPage),
)

/** The chat and its markdown, fetched together: a stored session's history needs both. */
export const preloadChat = () => Promise.all([SignedIn.preload(), LazyMarkdown.preload()])

/** The session's actors while the app machine has a session (tag `session`), else null. */
function selectSession(snapshot: SnapshotFrom<typeof appMachine>): SessionActors | null {
  const { turn, openConversation, conversations, models, library, organise } = snapshot.children
  const { activation, quickPrompts, picker, usage, installExtension, search } = snapshot.children
  const { panels } = snapshot.children
  if (!snapshot.hasTag('session') || !turn || !openConversation || !conversations) return null
  if (!models || !activation || !panels) return null
  return {
    turn,
    openConversation,
    conversations,
    models,
    usage,
    installExtension,
    search,
    organise,
    panels,
    prompts: { library, activation, quickPrompts, picker },
  }
}

/** Another session only when the actors themselves changed. */
const sameSession = (a: SessionActors | null, b: SessionActors | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.turn === b.turn &&
    a.models === b.models &&
    a.prompts.library === b.prompts.library)

/**
 * The one root view: a session shows the chat, a session whose code did not arrive says so;
 * otherwise the auth machine's tags decide.
 */
export function RootView() {
  const { app, auth } = useAppActors()
  const session = useSelector(app, selectSession, sameSession)
  const signedOut = useSelector(auth, (s) => s.hasTag('signedOut'))
  const signedIn = useSelector(auth, (s) => s.hasTag('signedIn'))
  const unavailable = useSelector(app, (s) => s.hasTag('sessionUnavailable'))
  const shared = useSelector(app, (s) => s.children.sharedConversation)
  if (unavailable) return <UnavailableScreen />
  if (shared)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SharedPage.Component actor={shared} auth={auth} />
      </Suspense>
    )
  // Signed in: the chat and its markdown download now (history needs both), beside the
  // session's actors rather than after them. A failure shows where the chat renders
  // (UnavailableBoundary).
  if (session || signedIn) preloadChat().catch(() => {})
  if (session) {
    return (
      <SessionActorsProvider actors={session}>
        <UnavailableBoundary>
          {/* Its fallback is the screen already shown while auth checks: no flash. */}
          <Suspense fallback={<LoadingScreen />}>
            <SignedIn.Component />
          </Suspense>
        </UnavailableBoundary>
      </SessionActorsProvider>
    )
  }
  if (signedOut) return <SignedOutLanding />
  return <LoadingScreen />
}

/** The landing card; once it has painted, the chat's code loads for the way back from sign-in. */
function SignedOutLanding() {
  useWhenIdle(() => void preloadChat().catch(() => {}))
  return <SignedOutScreen />
}
