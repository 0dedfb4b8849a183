import { expect, test } from '@playwright/test'

// Login CSRF in a real Chromium: another site's page that posts our sign-up form is refused,
// with the browser's own Origin / Sec-Fetch-Site and cookie handling.
const REFUSED = 'This sign-in form has expired or came from another site. Please try again.'

test("another site's auto-submitting form signs nobody in", async ({ page, baseURL }) => {
  const attacker = 'http://evil.example'
  const email = `attacker+${Date.now()}@example.com`
  const forged = `<!doctype html><form id="f" method="post" action="${baseURL}/auth/sign-up">
    <input name="redirect_url" value="${baseURL}/"><input name="project_id" value="prompt-chat">
    <input name="email" value="${email}"><input name="password" value="attacker-password">
    <input name="display_name" value="Attacker"><input name="csrf_token" value="forged">
    </form><script>document.getElementById('f').submit()</script>`
  await page.route(`${attacker}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: forged }),
  )

  // The visitor has our sign-in page's cookie already: SameSite=Strict keeps it home.
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign In to Continue' }).click()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()

  const refused = page.waitForResponse((r) => r.url().endsWith('/auth/sign-up'))
  await page.goto(`${attacker}/`)
  expect((await refused).status()).toBe(403)
  await expect(page.getByRole('alert')).toHaveText(REFUSED)
  await expect(page.getByLabel('E-mail')).toHaveValue('')

  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('auth_tokens'))).toBeNull()

  // The refusal page's own form works: the account is created by its rightful owner.
  await page.goto(`${attacker}/`)
  await expect(page.getByRole('alert')).toHaveText(REFUSED)
  await page.getByLabel('Display name').fill('Rightful Owner')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill('rightful-password')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Welcome,')).toContainText('Rightful Owner')
})
