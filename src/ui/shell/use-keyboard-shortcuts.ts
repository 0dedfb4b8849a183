import { useEffect } from 'react'
import { shortcutOf } from '../../domain/keyboard-shortcuts'
import { focusMessageBox } from '../chat/message-input'
import { useAppActors, useSessionActors } from './app-actors'

/** From 768 px the sidebar shows beside the chat; below, the drawer (screens.recipe.ts). */
const WIDE = '(min-width: 768px)'

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.matches('input, textarea, select'))

/**
 * The signed-in screen's keyboard shortcuts (docs/product/screens.md#keyboard-shortcuts): each
 * key press becomes the event its button sends, to the actor that owns what it changes.
 * Escape, which stops a streaming reply, is the composer's (message-input.tsx). A key another
 * part of the page took first (a dialog, the prompt picker) is left alone, except Ctrl+K,
 * which opens search from anywhere, the message box included.
 */
export function useKeyboardShortcuts() {
  const { app } = useAppActors()
  const { openConversation, panels } = useSessionActors()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.isComposing) return
      const id = shortcutOf(event, typingIn(event.target))
      if (id === null || (event.defaultPrevented && id !== 'search')) return
      const inDialog =
        event.target instanceof Element && event.target.closest('[role="dialog"]') !== null
      // In a dialog only search keeps working, and the sidebar's key closes the drawer: the
      // rest act on the screen behind it.
      const closesDrawer = id === 'toggleSidebar' && panels.getSnapshot().hasTag('drawerOpen')
      if (inDialog && id !== 'search' && !closesDrawer) return
      event.preventDefault()
      switch (id) {
        case 'search':
          // Through the app machine, which loads search's code first if need be.
          app.send({ type: 'search.open' })
          return
        case 'newChat':
          openConversation.send({ type: 'conversation.open', conversationId: null })
          return
        case 'focusMessage':
          focusMessageBox()
          return
        case 'toggleSidebar':
          panels.send({
            type: globalThis.matchMedia?.(WIDE).matches ? 'sidebar.toggle' : 'drawer.toggle',
          })
          return
        case 'copyReply':
          // With the toaster's code, which has loaded by the time anyone asks.
          void import('./copy-last-reply').then((m) =>
            m.copyLastReply(openConversation.getSnapshot().context.messages),
          )
          return
        case 'list':
          panels.send({ type: 'shortcuts.open' })
          return
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [app, openConversation, panels])
}
