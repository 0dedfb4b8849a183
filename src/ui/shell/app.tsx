import { useSelector } from '@xstate/react'
import { createPortal } from 'react-dom'
import { shownTheme } from '../../machines/style.machine'
import { type AppActors, AppActorsProvider } from './app-actors'
import { Toaster } from './lazy-toaster'
import { RootView } from './root-view'
import './toaster.css'

/**
 * Toasts stay top-right (docs/product/errors.md) but start below the header (3.5rem tall), so
 * they never cover Sign Out, the theme toggle or the model picker; rem, so they follow the
 * style editor's font size as the header does.
 */
const TOAST_OFFSET = { top: '4rem' }

export function App({ actors }: { actors: AppActors }) {
  const theme = useSelector(actors.style, (s) => shownTheme(s.context))
  return (
    <AppActorsProvider actors={actors}>
      <RootView />
      {/* Outside #root: an open dialog hides the app's tree from screen readers, and a toast
          must still be announced. The toaster's own live region is a child of body, which the
          dialog's hiding leaves alone. */}
      {createPortal(
        <Toaster
          position="top-right"
          theme={theme}
          richColors
          closeButton
          offset={TOAST_OFFSET}
          mobileOffset={TOAST_OFFSET}
        />,
        document.body,
      )}
    </AppActorsProvider>
  )
}
