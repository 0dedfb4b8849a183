import { createPromptMenu, type MenuView } from './menu'
import {
  type MenuFrameMessage,
  parseRouterAnswer,
  type RouterAnswer,
  type RuntimeMessage,
} from './runtime-messages'
import {
  isFresh,
  onStateChange,
  readState,
  type StorageArea,
  type StorageEvents,
  type StoredState,
} from './state'

export interface MenuFrameOptions {
  doc: Document
  appUrl: string
  storage: StorageArea
  storageEvents: StorageEvents
  /** `chrome.runtime.sendMessage` to the service worker. */
  sendMessage(message: RuntimeMessage | MenuFrameMessage): Promise<unknown>
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

/**
 * The extension's menu page (menu.html), framed by a chat site's content script: it reads the
 * prompts from extension storage itself, and sends the user's choice to the service worker,
 * which hands an insert to this tab's content script and a toggle to the app tab. The chat
 * site's page never sees a prompt (docs/security.md "The extension menu lives in the
 * extension's frame").
 */
export function startMenuFrame(options: MenuFrameOptions) {
  const { doc, storage, storageEvents } = options
  const now = options.now ?? Date.now
  let state: StoredState | null = null
  let appOpen: boolean | null = null
  let inserted = false

  async function ask(message: RuntimeMessage): Promise<RouterAnswer> {
    try {
      return parseRouterAnswer(await options.sendMessage(message))
    } catch {
      return { appOpen: false, ok: false } // e.g. the extension was reloaded under the page
    }
  }
  const tell = (message: MenuFrameMessage) => void options.sendMessage(message).catch(() => {})

  const menu = createPromptMenu(doc, {
    appUrl: options.appUrl,
    onInsert(prompt) {
      // The insert closes the frame too (one message, so a close cannot overtake it).
      inserted = true
      tell({ kind: 'prompt-chat/insert', text: prompt.content })
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
    onClose() {
      if (!inserted) tell({ kind: 'prompt-chat/close-menu' })
      inserted = false
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
  doc.body.append(menu.root)
  menu.open()
  void readState(storage).then((stored) => {
    state = stored
    render()
  })

  return {
    menu,
    stop() {
      unsubscribe()
      menu.root.remove()
    },
  }
}
