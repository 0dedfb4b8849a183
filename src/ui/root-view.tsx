import { useSelector } from '@xstate/react'
import { useAppActors } from './app-actors'
import { LoadingScreen } from './loading-screen'
import { SignedInScreen } from './signed-in-screen'
import { SignedOutScreen } from './signed-out-screen'

/** The one root view; the auth machine's tags pick which of its three states shows. */
export function RootView() {
  const { auth } = useAppActors()
  const view = useSelector(auth, (s) =>
    s.hasTag('signedIn') ? 'signedIn' : s.hasTag('signedOut') ? 'signedOut' : 'loading',
  )
  if (view === 'signedIn') return <SignedInScreen />
  if (view === 'signedOut') return <SignedOutScreen />
  return <LoadingScreen />
}
