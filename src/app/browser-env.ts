import type { MessageSource, ParentWindow, SelfWindow } from '../bridge/parent-window'
import type { AddressHistory } from '../effects/address-bar'
import { browserSystemScheme, type StyleEnv } from '../effects/style-effects'
import type { KeyValueStorage } from '../platform/index'

/**
 * The few browser facilities the effects and the bridge touch, behind one seam, so component
 * tests can watch a navigation or a parent-window message without a real page load.
 */
export interface BrowserEnv extends AddressHistory, MessageSource, SelfWindow, StyleEnv {
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
    pushHref: (url) => win.history.pushState(null, '', url),
    onHistoryMove(listener) {
      win.addEventListener('popstate', listener)
      return () => win.removeEventListener('popstate', listener)
    },
    storage: win.localStorage,
    inIframe,
    parent: inIframe ? win.parent : null,
    referrer: win.document.referrer,
    onMessage(listener) {
      const handler = (event: MessageEvent) => listener({ origin: event.origin, data: event.data })
      win.addEventListener('message', handler)
      return () => win.removeEventListener('message', handler)
    },
    postToSelf: (message, targetOrigin) => win.postMessage(message, targetOrigin),
    rootElement: win.document.documentElement,
    systemScheme: browserSystemScheme(win),
  }
}

function isInIframe(win: Window): boolean {
  try {
    return win.self !== win.top
  } catch {
    return true // a cross-origin parent makes `top` unreadable: that is an iframe too
  }
}
