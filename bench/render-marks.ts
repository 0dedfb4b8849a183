import type { Page } from '@playwright/test'
import type { TokenSet } from '../src/platform/types'

/** The marks `installRenderMarks` leaves on `window.__bench`, in ms since navigation. */
export interface RenderMarks {
  /** The history page's answer reached the page (its headers). */
  arrived: number
  /** The frame after the first articles were committed. */
  firstPainted: number
  /** All 100 articles of the page are in the DOM. */
  allCommitted: number
  /** The frame after that. */
  allPainted: number
  /** The frame after none of them is still shown as typed (`data-typed`). */
  formatted: number
}

/**
 * Signs the page in with `tokens` on every navigation and marks, in the page, when the
 * conversation's history page answers and when its 100 messages are painted and formatted.
 * The history page is the `/sql` call that reads `chat_path` (src/effects/history-pages.ts).
 */
export async function installRenderMarks(page: Page, tokens: TokenSet): Promise<void> {
  // No named functions in here: tsx would wrap them in a helper the page does not have.
  await page.addInitScript((stored) => {
    localStorage.setItem('auth_tokens', stored)
    const bench = { arrived: 0, firstPainted: 0, allCommitted: 0, allPainted: 0, formatted: 0 }
    ;(window as unknown as { __bench: typeof bench }).__bench = bench
    const realFetch = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init)
      const url = String(input instanceof Request ? input.url : input)
      const body = typeof init?.body === 'string' ? init.body : ''
      if (!bench.arrived && url.endsWith('/sql') && body.includes('chat_path')) {
        bench.arrived = performance.now()
      }
      return response
    }
    new MutationObserver((_, observer) => {
      const count = document.querySelectorAll('article').length
      if (count > 0 && !bench.firstPainted) {
        bench.firstPainted = -1
        requestAnimationFrame(() => setTimeout(() => (bench.firstPainted = performance.now())))
      }
      if (count < 100) return
      if (!bench.allCommitted) {
        bench.allCommitted = performance.now()
        requestAnimationFrame(() => setTimeout(() => (bench.allPainted = performance.now())))
      }
      if (document.querySelector('article [data-typed]')) return
      observer.disconnect()
      requestAnimationFrame(() => setTimeout(() => (bench.formatted = performance.now())))
    }).observe(document, { childList: true, subtree: true })
  }, JSON.stringify(tokens))
}

/** Waits for the page's history to be formatted, and returns the marks. */
export async function renderMarks(page: Page): Promise<RenderMarks> {
  await page.waitForFunction(
    () => (window as unknown as { __bench: RenderMarks }).__bench.formatted > 0,
    undefined,
    { polling: 50, timeout: 120_000 },
  )
  return page.evaluate(() => (window as unknown as { __bench: RenderMarks }).__bench)
}
