import type { KeyValueStorage } from '../platform/types'

/**
 * The few browser facilities the bindings touch, behind one seam, so component tests can
 * watch a navigation or a parent-window message without a real page load.
 */
export interface BrowserEnv {
  currentHref(): string
  /** A full page navigation (login redirect, logout target). */
  navigate(url: string): void
  /** Rewrites the address without a reload (strips tokens and codes after login). */
  replaceHref(url: string): void
  storage: KeyValueStorage
  inIframe: boolean
  /** Subscribes to window messages; returns the unsubscribe. */
  onMessage(listener: (event: { origin: string; data: unknown }) => void): () => void
  rootElement: HTMLElement
}

export function browserEnv(win: Window): BrowserEnv {
  return {
    currentHref: () => win.location.href,
    navigate: (url) => win.location.assign(url),
    replaceHref: (url) => win.history.replaceState(win.history.state, '', url),
    storage: win.localStorage,
    inIframe: isInIframe(win),
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
