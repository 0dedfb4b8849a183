import type { MessageSource, ParentWindow } from '../bridge/parent-window'
import type { AddressBar } from '../effects/address-bar'
import type { ThemeEnv } from '../effects/theme-effects'
import type { KeyValueStorage } from '../platform/index'

/**
 * The few browser facilities the effects and the bridge touch, behind one seam, so component
 * tests can watch a navigation or a parent-window message without a real page load.
 */
export interface BrowserEnv extends AddressBar, MessageSource, ThemeEnv {
  storage: KeyValueStorage
  inIframe: boolean
  /** The embedding page when in an iframe, else null. */
  parent: ParentWindow | null
  /** The address of the page that opened or embeds this one (document.referrer). */
  referrer: string
}

export function browserEnv(win: Window): BrowserEnv {
  const inIframe = isInIframe(win)
  return {
    currentHref: () => win.location.href,
    navigate: (url) => win.location.assign(url),
    replaceHref: (url) => win.history.replaceState(win.history.state, '', url),
    storage: win.localStorage,
    inIframe,
    parent: inIframe ? win.parent : null,
    referrer: win.document.referrer,
    onMessage(listener) {
      const handler = (event: MessageEvent) => listener({ origin: event.origin, data: event.data })
      win.addEventListener('message', handler)
      return () => win.removeEventListener('message', handler)
    },
    rootElement: win.document.documentElement,
  }
}

function isInIframe(win: Window): boolean {
  try {
    return win.self !== win.top
  } catch {
    return true // a cross-origin parent makes `top` unreadable: that is an iframe too
  }
}
