import {
  type AppTabAnswer,
  isOkAnswer,
  type RouterAnswer,
  type RuntimeMessage,
} from './runtime-messages'

/** The part of `chrome.tabs` the service worker uses (no `tabs` permission needed). */
export interface TabsApi {
  query(info: { url: string }): Promise<Array<{ id?: number; active?: boolean }>>
  sendMessage(tabId: number, message: unknown): Promise<unknown>
}

/** The app's tabs: found by URL, which the host permission for the app origin allows. */
export function appTabPattern(appOrigin: string): string {
  return `${appOrigin}/*`
}

/**
 * The service worker's one job: hand a chat site's request to an open app tab's content
 * script (which talks to the app's bridge) and answer whether one was there and did it.
 */
export function createRouter(tabs: TabsApi, appOrigin: string) {
  async function appTabIds(): Promise<number[]> {
    const found = await tabs.query({ url: appTabPattern(appOrigin) })
    return found
      .sort((a, b) => Number(b.active ?? false) - Number(a.active ?? false))
      .flatMap((tab) => (tab.id === undefined ? [] : [tab.id]))
  }

  return async function route(message: RuntimeMessage): Promise<RouterAnswer> {
    let appOpen = false
    for (const tabId of await appTabIds()) {
      let answer: unknown
      try {
        answer = (await tabs.sendMessage(tabId, message)) as AppTabAnswer | undefined
      } catch {
        continue // a tab whose content script is not there (opened before the extension)
      }
      appOpen = true
      if (isOkAnswer(answer)) return { appOpen, ok: true }
    }
    return { appOpen, ok: false }
  }
}
