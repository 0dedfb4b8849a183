import { MENU_BUTTON_CSS } from './menu-styles'

export const MENU_HOST_ATTRIBUTE = 'data-prompt-chat-menu'
export const MENU_FRAME_ATTRIBUTE = 'data-prompt-chat-frame'

export interface MenuButtonOptions {
  /** The site, for `data-site` on the host element. */
  site: string
  /** The extension's menu page (chrome.runtime.getURL('menu.html')). */
  frameUrl: string
}

const FRAME_WIDTH = 340

/**
 * What the chat site's page holds of the menu: a button, and while open an iframe of the
 * extension's own menu page. No prompt text is ever put here: the page's scripts can read
 * this shadow root, but not the cross-origin frame (docs/security.md "The extension menu lives
 * in the extension's frame").
 */
export function createMenuButton(doc: Document, options: MenuButtonOptions) {
  const host = doc.createElement('div')
  host.setAttribute(MENU_HOST_ATTRIBUTE, '')
  host.dataset.site = options.site
  const root = host.attachShadow({ mode: 'open' })
  const style = doc.createElement('style')
  style.textContent = MENU_BUTTON_CSS
  const trigger = doc.createElement('button')
  for (const [key, value] of Object.entries({
    type: 'button',
    class: 'trigger',
    'aria-haspopup': 'dialog',
    'aria-expanded': 'false',
    'aria-label': 'Prompt Chat prompts',
    title: 'Prompt Chat prompts',
  })) {
    trigger.setAttribute(key, value)
  }
  const icon = doc.createElement('span')
  icon.setAttribute('aria-hidden', 'true')
  icon.textContent = '✦'
  const label = doc.createElement('span')
  label.textContent = 'Prompts'
  trigger.append(icon, label)
  root.append(style, trigger)

  let frame: HTMLIFrameElement | null = null

  /** Where the panel showed: above the button when it sits low (composers usually do). */
  function place(box: HTMLIFrameElement) {
    const rect = trigger.getBoundingClientRect()
    const win = doc.defaultView
    const viewportWidth = win?.innerWidth ?? 1024
    const viewportHeight = win?.innerHeight ?? 768
    box.style.left = `${Math.max(8, Math.min(rect.left, viewportWidth - FRAME_WIDTH - 8))}px`
    if (rect.top > viewportHeight / 2) {
      box.style.bottom = `${Math.max(8, viewportHeight - rect.top + 6)}px`
    } else {
      box.style.top = `${rect.bottom + 6}px`
    }
  }

  function open() {
    if (frame) return
    const box = doc.createElement('iframe')
    box.setAttribute(MENU_FRAME_ATTRIBUTE, '')
    box.className = 'frame'
    box.title = 'Prompt Chat'
    box.src = options.frameUrl
    // The frame's own page focuses its search box; this moves the keyboard into the frame.
    box.addEventListener('load', () => box.focus())
    frame = box
    root.append(box)
    place(box)
    trigger.setAttribute('aria-expanded', 'true')
  }

  function close() {
    if (!frame) return
    frame.remove()
    frame = null
    trigger.setAttribute('aria-expanded', 'false')
    trigger.focus()
  }

  trigger.addEventListener('click', () => (frame ? close() : open()))

  return {
    host,
    root,
    open,
    close,
    get isOpen() {
      return frame !== null
    },
  }
}
