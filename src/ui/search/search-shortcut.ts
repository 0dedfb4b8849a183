import { useEffect } from 'react'
import { useAppActors } from '../shell/app-actors'

/**
 * Ctrl+K (⌘K on a Mac) opens search (docs/product/search.md) from anywhere on the signed-in
 * screen, the message box included; the browser's own use of the key gives way, as in other
 * web apps.
 */
export function useSearchShortcut() {
  const { app } = useAppActors()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return
      if (!(event.ctrlKey || event.metaKey)) return
      event.preventDefault()
      // Through the app machine, which loads search's code first if need be.
      app.send({ type: 'search.open' })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [app])
}
