import { expect, type Page } from '@playwright/test'

/** Where e2e screenshots go (git-ignored); open them to look at what was built. */
export const ARTIFACTS = 'e2e/artifacts'

/** Creates an account through the hosted login page and lands on the signed-in screen. */
export async function signUp(page: Page, name: string) {
  await page.goto('/')
  await page.getByRole('button', { name: /Sign In to/ }).click()
  await page.getByRole('tab', { name: 'Create account' }).click()
  await page.getByLabel('Display name').fill(name)
  await page
    .getByLabel('E-mail')
    .fill(`${name.toLowerCase().replace(/\W/g, '')}+${Date.now()}${Math.random()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Welcome,')).toContainText(name)
}

export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text })

/** Toasts sit top-right below the header; a pointer resting on one keeps it open. */
export async function waitForToastsToGo(page: Page) {
  await page.mouse.move(10, page.viewportSize()?.height ? page.viewportSize()!.height - 10 : 10)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
}
