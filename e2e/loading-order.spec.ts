import { expect, test } from '@playwright/test'
import { signUp } from './support/session'

// What a sign-in downloads, and when (docs/performance.md, "Split"): once the session is known,
// the chat's views come beside the session's actors, not after them.

test("signing in from the address asks for the chat's views while the session's actors still download", async ({
  page,
  browser,
}) => {
  await signUp(page, 'Early Eve')
  const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_tokens')!))

  // A new browser, nothing cached or stored, arriving as the hosted sign-in page sends it back.
  const context = await browser.newContext()
  const fresh = await context.newPage()
  let actorsDownloading = false
  let viewsAskedMeanwhile = false
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await fresh.route(/\/assets\/session-actors-[^/]+\.js$/, async (route) => {
    actorsDownloading = true
    // Held until the views are asked for, or 5 s: after that they would be asked in order.
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 5000))])
    actorsDownloading = false
    await route.continue()
  })
  await fresh.route(/\/assets\/signed-in-screen-[^/]+\.js$/, async (route) => {
    viewsAskedMeanwhile ||= actorsDownloading
    release()
    await route.continue()
  })
  const address = new URLSearchParams({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
  })
  await fresh.goto(`/?${address}`)
  await expect(fresh.getByText('Welcome,')).toContainText('Early Eve')
  expect(viewsAskedMeanwhile).toBe(true)
  await context.close()
})
