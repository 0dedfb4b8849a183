/** What the SDK reads from the page it runs in (analytics); injectable for tests and Node. */
export interface BrowserFacts {
  href(): string
  referrer(): string
  screenWidth(): number
  /** The visitor's do-not-track signal (navigator.doNotTrack === '1' or window.doNotTrack). */
  doNotTrack(): boolean
}

export function defaultBrowserFacts(): BrowserFacts {
  const win = globalThis as {
    location?: { href: string }
    document?: { referrer: string }
    screen?: { width: number }
    navigator?: { doNotTrack?: string | null }
    doNotTrack?: string | null
  }
  return {
    href: () => win.location?.href ?? '',
    referrer: () => win.document?.referrer ?? '',
    screenWidth: () => win.screen?.width ?? 0,
    doNotTrack: () => win.navigator?.doNotTrack === '1' || win.doNotTrack === '1',
  }
}
