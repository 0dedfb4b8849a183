import { getComposerText, setComposerText } from './composer'
import { createMenuButton, MENU_HOST_ATTRIBUTE } from './menu-button'
import type { MenuSystemPrompt } from './protocol'
import { parseMenuFrameMessage } from './runtime-messages'
import type { SiteAdapter } from './sites/site-adapter'
import {
  isFresh,
  onStateChange,
  readState,
  type StorageArea,
  type StorageEvents,
  type StoredState,
} from './state'

/** Who sent a runtime message (the part of `chrome.runtime.MessageSender` we check). */
export interface RuntimeSender {
  id?: string
  tab?: unknown
}

type RuntimeListener = (data: unknown, sender: RuntimeSender) => boolean | undefined

/** `chrome.runtime.onMessage`, or a fake. */
export interface RuntimeMessageEvents {
  addListener(listener: RuntimeListener): void
  removeListener(listener: RuntimeListener): void
}

export interface ChatSiteOptions {
  doc: Document
  adapter: SiteAdapter
  /** The extension's menu page (chrome.runtime.getURL('menu.html')). */
  frameUrl: string
  /** This extension's id (chrome.runtime.id): only its service worker may ask us to insert. */
  extensionId: string
  runtimeMessages: RuntimeMessageEvents
  storage: StorageArea
  storageEvents: StorageEvents
  now?: () => number
}

/** The system prompt to put first in a new conversation, if fresh data names one. */
export function activePromptOf(state: StoredState | null, now: number): MenuSystemPrompt | null {
  if (!isFresh(state, now) || state.status !== 'signed-in') return null
  return state.activeSystemPrompt
}

/** `system` then a blank line then `text`, unless `text` already starts with it. */
export function withSystemPrompt(system: string, text: string): string {
  if (!system.trim() || text.trimStart().startsWith(system.trim())) return text
  return `${system}\n\n${text}`
}

/**
 * A chat site's content script: mounts the menu's button next to the composer (and again when
 * the site re-renders it away), opens the extension's menu frame from it, inserts the prompt the
 * user chose there, and puts the active system prompt before a new conversation's first
 * message. It never holds a prompt's text in the page (docs/security.md "The extension menu
 * lives in the extension's frame").
 */
export function startChatSite(options: ChatSiteOptions) {
  const { doc, adapter, storage, storageEvents } = options
  const now = options.now ?? Date.now
  let state: StoredState | null = null
  const menu = createMenuButton(doc, { site: adapter.id, frameUrl: options.frameUrl })

  // The frame's choice, relayed by our service worker (no sender tab), which checked that it
  // came from menu.html in this tab. A page script cannot send runtime messages at all; a
  // request while our own frame is closed (e.g. menu.html framed by the page) is ignored.
  const onRuntimeMessage: RuntimeListener = (data, sender) => {
    if (sender.id !== options.extensionId || sender.tab) return false
    const message = parseMenuFrameMessage(data)
    if (!message || !menu.isOpen) return false
    if (message.kind === 'prompt-chat/insert') {
      const composer = adapter.findComposer(doc)
      if (composer) setComposerText(composer, message.text)
    }
    menu.close()
    return false
  }
  options.runtimeMessages.addListener(onRuntimeMessage)

  // Only for the active system prompt before a new chat's first message (never shown here).
  const unsubscribe = onStateChange(storageEvents, (next) => {
    state = next
  })
  void readState(storage).then((stored) => {
    state = stored
  })

  /** Puts the menu next to the composer unless it already is there. */
  function mount() {
    const composer = adapter.findComposer(doc)
    if (!composer) return
    const point = adapter.mountPoint(composer)
    if (!point) return
    if (menu.host.isConnected && point.parent.contains(menu.host)) return
    doc.querySelectorAll(`[${MENU_HOST_ATTRIBUTE}]`).forEach((old) => {
      if (old !== menu.host) old.remove()
    })
    point.parent.insertBefore(menu.host, point.before)
  }

  let scheduled = false
  const observer = new MutationObserver(() => {
    if (scheduled) return
    scheduled = true
    queueMicrotask(() => {
      scheduled = false
      mount()
    })
  })
  observer.observe(doc.documentElement, { childList: true, subtree: true })
  mount()

  /** Before a new conversation's first message goes, put the active system prompt first. */
  function beforeSend() {
    const system = activePromptOf(state, now())
    if (!system) return
    const url = new URL(doc.location?.href ?? 'about:blank')
    if (!adapter.isNewConversation(doc, url)) return
    const composer = adapter.findComposer(doc)
    if (!composer) return
    const text = getComposerText(composer)
    if (!text.trim()) return
    const combined = withSystemPrompt(system.content, text)
    if (combined !== text) setComposerText(composer, combined)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return
    const composer = adapter.findComposer(doc)
    const target = event.target as Node | null
    if (composer && target && composer.contains(target)) beforeSend()
  }
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null
    if (target?.closest && adapter.isSendButton(target)) beforeSend()
  }
  // Capture phase: before the site's own handlers read the composer.
  doc.addEventListener('keydown', onKeyDown, true)
  doc.addEventListener('click', onClick, true)

  return {
    menu,
    stop() {
      observer.disconnect()
      unsubscribe()
      options.runtimeMessages.removeListener(onRuntimeMessage)
      doc.removeEventListener('keydown', onKeyDown, true)
      doc.removeEventListener('click', onClick, true)
      menu.host.remove()
    },
  }
}
