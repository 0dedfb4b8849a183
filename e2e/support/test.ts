import { type BrowserContext, type BrowserContextOptions, test as base } from '@playwright/test'

export { expect } from '@playwright/test'

/** Opens a browser context that closes with the test (a second device, another user). */
export type FreshContext = (options?: BrowserContextOptions) => Promise<BrowserContext>

/**
 * Playwright closes only the contexts it made itself. One a test opens with
 * `browser.newContext()` lives on until the worker ends, signed in, with its sockets, timers
 * and change feed, and every later test of that worker shares two cores with it (docs/quality.md,
 * "Speed"). Specs that need another browser ask for `freshContext` instead: whatever the test
 * opened is closed when it ends, passed or failed.
 */
export const test = base.extend<{ freshContext: FreshContext }>({
  freshContext: async ({ browser }, use) => {
    const opened: BrowserContext[] = []
    await use(async (options) => {
      const context = await browser.newContext(options)
      opened.push(context)
      return context
    })
    await Promise.all(opened.map((context) => context.close()))
  },
})
