import { useSelector } from '@xstate/react'
import { Toaster } from 'sonner'
import { shownTheme } from '../../machines/style.machine'
import { type AppActors, AppActorsProvider } from './app-actors'
import { RootView } from './root-view'

export function App({ actors }: { actors: AppActors }) {
  const theme = useSelector(actors.style, (s) => shownTheme(s.context))
  return (
    <AppActorsProvider actors={actors}>
      <RootView />
      <Toaster position="top-right" theme={theme} richColors closeButton />
    </AppActorsProvider>
  )
}
