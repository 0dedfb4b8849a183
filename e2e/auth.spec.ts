import { expect, type Page, test } from '@playwright/test'

// The whole sign-in journey a newcomer takes on `npm start`, in a real Chromium.
const ARTIFACTS = 'e2e/artifacts'
const password = 'correct horse battery'
const email = `ada+${Date.now()}@example.com`

async function storedTokens(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth_tokens') ?? 'null'))
}

test.describe.configure({ mode: 'serial' })

test('sign up, stay signed in, refresh silently, sign out, and refuse a wrong password', async ({
  page,
}) => {
  await test.step('the signed-out card', async () => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Prompt Chat' })).toBeVisible()
    await page.screenshot({ path: `${ARTIFACTS}/signed-out.png` })
  })

  await test.step('sign up on /auth', async () => {
    await page.getByRole('button', { name: 'Sign In to Continue' }).click()
    await expect(page).toHaveURL(/\/auth\?/)
    await page.getByRole('tab', { name: 'Create account' }).click()
    await page.getByLabel('Display name').fill('Ada Lovelace')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.screenshot({ path: `${ARTIFACTS}/auth-page.png` })
    await page.getByRole('button', { name: 'Create account' }).click()
  })

  await test.step('land back signed in, with nothing secret left in the address', async () => {
    await expect(page.getByText('Welcome,')).toContainText('Ada Lovelace')
    await expect(page.getByText('Start a conversation')).toBeVisible()
    await expect(page.getByText('Choose a model and send your first message')).toBeVisible()
    // The first loaded model is selected by default (docs/product/behaviour.md), so the input names it.
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      /^Message .+\.\.\.$/,
    )
    const url = new URL(page.url())
    for (const param of ['code', 'access_token', 'refresh_token', 'project_id']) {
      expect(url.searchParams.has(param), `${param} left in ${url}`).toBe(false)
    }
    await page.screenshot({ path: `${ARTIFACTS}/signed-in.png` })
  })

  await test.step('reload and stay signed in', async () => {
    await page.reload()
    await expect(page.getByText('Welcome,')).toContainText('Ada Lovelace')
  })

  await test.step('an expired access token is refreshed silently on start', async () => {
    // The page just loaded may still be fetching the session's data: aged tokens would make
    // that page refresh them, not the reloaded one this step is about.
    await page.waitForLoadState('networkidle')
    const before = await storedTokens(page)
    await page.evaluate(() => {
      const tokens = JSON.parse(localStorage.getItem('auth_tokens')!)
      tokens.issued_at -= 3600 // an hour old: long past its 900 s lifetime
      localStorage.setItem('auth_tokens', JSON.stringify(tokens))
    })
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200,
    )
    await page.reload()
    await refreshed
    await expect(page.getByText('Welcome,')).toContainText('Ada Lovelace')
    const after = await storedTokens(page)
    expect(after.access_token).not.toBe(before.access_token)
    expect(after.refresh_token).not.toBe(before.refresh_token)
  })

  await test.step('the running app refreshes 30 s before expiry', async () => {
    await page.clock.install()
    await page.reload()
    await expect(page.getByText('Welcome,')).toContainText('Ada Lovelace')
    const before = await storedTokens(page)
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200,
    )
    await page.clock.fastForward('14:31') // 900 s lifetime − 30 s early + 1 s
    await refreshed
    await expect
      .poll(async () => (await storedTokens(page)).access_token)
      .not.toBe(before.access_token)
    await expect(page.getByText('Welcome,')).toContainText('Ada Lovelace')
  })

  await test.step('sign out and see the signed-out card', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible()
    expect(await storedTokens(page)).toBeNull()
  })

  await test.step('a wrong password shows the error on the auth page', async () => {
    await page.getByRole('button', { name: 'Sign In to Continue' }).click()
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.')
    await expect(page.getByLabel('E-mail')).toHaveValue(email)
    await page.screenshot({ path: `${ARTIFACTS}/auth-wrong-password.png` })
  })

  await test.step('the right password signs in again', async () => {
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Welcome,')).toContainText('Ada Lovelace')
  })
})

test('the loading state shows a pulsing icon while auth resolves', async ({ page }) => {
  // Hold the session check so the loading state stays on screen long enough to capture.
  await page.route('**/api/auth/me', async (route) => {
    await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  await page.goto('/')
  await page.evaluate(() =>
    localStorage.setItem(
      'auth_tokens',
      JSON.stringify({
        access_token: 'x.y.z',
        token_type: 'Bearer',
        expires_in: 900,
        issued_at: Math.floor(Date.now() / 1000),
      }),
    ),
  )
  await page.reload()
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible()
  await page.screenshot({ path: `${ARTIFACTS}/loading.png` })
  // A token the server does not accept ends signed out, not stuck loading.
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible()
})

test('the theme toggle is remembered across reloads', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.getByRole('button', { name: 'Switch to light theme' }).click()
  await expect(page.locator('html')).toHaveClass(/light/)
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/light/)
  await page.screenshot({ path: `${ARTIFACTS}/signed-out-light.png` })
})

test('every error, tab switch and Back on the auth page answers with the page', async ({
  page,
}) => {
  const taken = `grace+${Date.now()}@example.com`
  const heading = (name: string) => page.getByRole('heading', { name })
  const noRawAnswer = async () => {
    await expect(page.locator('body')).not.toContainText('"code"')
    await expect(page.locator('body')).not.toContainText('No such endpoint')
  }
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign In to Continue' }).click()
  await page.getByRole('tab', { name: 'Create account' }).click()
  await page.getByLabel('Display name').fill('Grace Hopper')
  await page.getByLabel('E-mail').fill(taken)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Welcome,')).toContainText('Grace Hopper')
  await page.getByRole('button', { name: 'Sign Out' }).click()

  await test.step('an e-mail that exists: the error, then the other tab', async () => {
    await page.getByRole('button', { name: 'Sign In to Continue' }).click()
    await page.getByRole('tab', { name: 'Create account' }).click()
    await page.getByLabel('Display name').fill('Grace Again')
    await page.getByLabel('E-mail').fill(taken)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('alert')).toHaveText('An account with this e-mail already exists.')
    await expect(page.getByLabel('E-mail')).toHaveValue(taken)
    await expect(page.getByLabel('Display name')).toHaveValue('Grace Again')
    await page.getByRole('tab', { name: 'Sign in' }).click()
    await expect(heading('Welcome back')).toBeVisible()
    await noRawAnswer()
  })

  await test.step('a wrong password: the error, then both tabs', async () => {
    await page.getByLabel('E-mail').fill(taken)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.')
    await page.getByRole('tab', { name: 'Create account' }).click()
    await expect(heading('Create your account')).toBeVisible()
    await noRawAnswer()
    await page.getByRole('tab', { name: 'Sign in' }).click()
    await expect(heading('Welcome back')).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  await test.step('a reload of the error shows the form; Back after signing in shows the page', async () => {
    await page.getByLabel('E-mail').fill(taken)
    await page.getByLabel('Password').fill('still not it')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.')
    await page.reload()
    await expect(heading('Welcome back')).toBeVisible()
    await page.getByLabel('E-mail').fill(taken)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Welcome,')).toContainText('Grace Hopper')
    await page.goBack()
    await expect(heading('Welcome back')).toBeVisible()
    await noRawAnswer()
  })
})
