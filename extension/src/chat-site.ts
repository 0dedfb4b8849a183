import { getComposerText, setComposerText } from './composer'
import { createPromptMenu, MENU_HOST_ATTRIBUTE, type MenuView } from './menu'
import type { MenuSystemPrompt } from './protocol'
import { parseRouterAnswer, type RouterAnswer, type RuntimeMessage } from './runtime-messages'
import type { SiteAdapter } from './sites/site-adapter'
import {
  isFresh,
  onStateChange,
  readState,
  type StorageArea,
  type StorageEvents,
  type StoredState,
} from './state'

export interface ChatSiteOptions {
  doc: Document
  adapter: SiteAdapter
  appUrl: string
  storage: StorageArea
  storageEvents: StorageEvents
  /** `chrome.runtime.sendMessage` to the service worker. */
  sendMessage(message: RuntimeMessage): Promise<unknown>
  now?: () => number
}

/** The menu's view of what is stored: prompts only when fresh and signed in. */
export function menuViewOf(
  state: StoredState | null,
  now: number,
  appOpen: boolean | null,
): MenuView {
  if (appOpen === false || !isFresh(state, now)) return { kind: 'no-app' }
  if (state.status === 'signed-out') return { kind: 'signed-out' }
  return { kind: 'ready', userPrompts: state.userPrompts, systemPrompts: state.systemPrompts }
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
 * A chat site's content script: mounts the prompt menu next to the composer (and again when
 * the site re-renders it away), keeps it in step with storage, inserts prompts, relays
 * system-prompt toggles and puts the active system prompt before a new conversation's first
 * message.
 */
export function startChatSite(options: ChatSiteOptions) {
  const { doc, adapter, storage, storageEvents } = options
  const now = options.now ?? Date.now
  let state: StoredState | null = null
  let appOpen: boolean | null = null

  async function ask(message: RuntimeMessage): Promise<RouterAnswer> {
    try {
      return parseRouterAnswer(await options.sendMessage(message))
    } catch {
      return { appOpen: false, ok: false } // e.g. the extension was reloaded under the page
    }
  }

  const menu = createPromptMenu(doc, {
    appUrl: options.appUrl,
    site: adapter.id,
    onInsert(prompt) {
      const composer = adapter.findComposer(doc)
      if (composer) setComposerText(composer, prompt.content)
    },
    async onToggle(prompt, isActive) {
      const answer = await ask({
        kind: 'prompt-chat/set-system-prompt',
        promptId: prompt.id,
        isActive,
      })
      if (!answer.appOpen) setAppOpen(false)
      return answer.ok
    },
    onOpen() {
      void ask({ kind: 'prompt-chat/refresh' }).then((answer) => setAppOpen(answer.appOpen))
    },
  })

  const render = () => menu.update(menuViewOf(state, now(), appOpen))
  const setAppOpen = (open: boolean) => {
    appOpen = open
    render()
  }

  const unsubscribe = onStateChange(storageEvents, (next) => {
    state = next
    // Fresh data was just written, so an app tab is there.
    if (next) appOpen = true
    render()
  })
  void readState(storage).then((stored) => {
    state = stored
    render()
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
      doc.removeEventListener('keydown', onKeyDown, true)
      doc.removeEventListener('click', onClick, true)
      menu.host.remove()
    },
  }
}
