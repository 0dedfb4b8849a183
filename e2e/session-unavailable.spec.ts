import { expect, test } from '@playwright/test'
import { axeBlocking } from './support/axe'
import { ARTIFACTS, signUp } from './support/session'

// The session's code is its own download (docs/performance.md, "Split"). When it does not
// arrive, the signed-in user is told so and can reload (docs/product/screens.md#unavailable).

test("the session's code failing to download says so; Reload brings the chat back", async ({
  page,
}) => {
  await signUp(page, 'Offline Olga')
  await page.route(/\/assets\/session-actors-[^/]+\.js$/, (route) => route.abort('failed'))
  for (const theme of ['dark', 'light']) {
    await page.evaluate((shown) => localStorage.setItem('theme', shown), theme)
    await page.reload()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Prompt Chat could not load')
    await expect(alert).toContainText(
      'Part of the app did not arrive. Check your connection, then reload the page.',
    )
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0)
    expect(await axeBlocking(page), theme).toEqual([])
    for (const width of [1440, 800, 390]) {
      await page.setViewportSize({ width, height: 800 })
      await page.screenshot({ path: `${ARTIFACTS}/session-unavailable-${theme}-${width}.png` })
    }
  }
  await page.unroute(/\/assets\/session-actors-[^/]+\.js$/)
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByText('Welcome,')).toContainText('Offline Olga')
})

test('Sign Out works from the unavailable screen, without the missing code', async ({ page }) => {
  await signUp(page, 'Leaving Lena')
  await page.route(/\/assets\/session-actors-[^/]+\.js$/, (route) => route.abort('failed'))
  await page.reload()
  await expect(page.getByRole('alert')).toContainText('Prompt Chat could not load')
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  // Signed out for good: a reload, with the code back, stays on the landing card.
  await page.unroute(/\/assets\/session-actors-[^/]+\.js$/)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible()
})

test("the chat's own views failing to download says the same", async ({ page }) => {
  await signUp(page, 'Offline Otto')
  await page.route(/\/assets\/signed-in-screen-[^/]+\.js$/, (route) => route.abort('failed'))
  await page.reload()
  await expect(page.getByRole('alert')).toContainText('Prompt Chat could not load')
  await page.unroute(/\/assets\/signed-in-screen-[^/]+\.js$/)
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByText('Welcome,')).toContainText('Offline Otto')
})
