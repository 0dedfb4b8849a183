import type { BrowserFacts } from '../browser-facts'
import type { KeyValueStorage } from '../types'

/** Set once the visitor opts out (do-not-track): analytics stays off on this browser. */
export const DISABLED_KEY = 'platform_analytics_disabled'

/** Whether events may be logged; do-not-track, once seen, is remembered for good. */
export function analyticsEnabled(storage: KeyValueStorage, browser: BrowserFacts): boolean {
  if (browser.doNotTrack()) storage.setItem(DISABLED_KEY, '1')
  return storage.getItem(DISABLED_KEY) !== '1'
}
