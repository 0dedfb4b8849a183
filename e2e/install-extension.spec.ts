import { expect, type Page, test } from '@playwright/test'
import { unzipSync } from 'fflate'
import { axeBlocking } from './support/axe'
import { ARTIFACTS, signUp, toast, waitForToastsToGo } from './support/session'

// The Install Chrome Extension dialog in a real Chromium: the zip the server hands out, the
// download and the clipboard, both header entries, accessibility and screenshots.

const TITLE = 'Install Chrome Extension'
const dialog = (page: Page) => page.getByRole('dialog', { name: TITLE })

async function openFromBar(page: Page) {
  await page
    .getByRole('navigation', { name: 'Toolbar' })
    .getByRole('button', { name: 'Install Extension' })
    .click()
  await expect(dialog(page)).toBeVisible()
  return dialog(page)
}

test('the server hands out the packed extension as a zip with one chrome-extension folder', async ({
  request,
}) => {
  const res = await request.get('/chrome-extension.zip')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('application/zip')
  expect(res.headers()['content-disposition']).toBe('attachment; filename="chrome-extension.zip"')
  const files = Object.keys(unzipSync(new Uint8Array(await res.body())))
  expect(files).toContain('chrome-extension/manifest.json')
  expect(files.every((name) => name.startsWith('chrome-extension/'))).toBe(true)
  // A missing file is a 404, not the app's page.
  expect((await request.get('/nope.js')).status()).toBe(404)
})

test('Download Extension downloads the zip; Extensions Page copies chrome://extensions', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, 'Extension Installer')
  const opened = await openFromBar(page)

  const download = page.waitForEvent('download')
  await opened.getByRole('button', { name: 'Download Extension' }).click()
  expect((await download).suggestedFilename()).toBe('chrome-extension.zip')
  await expect(
    toast(
      page,
      'Extension download started! Extract the chrome-extension folder from the zip file.',
    ),
  ).toBeVisible()

  await opened.getByRole('button', { name: 'Extensions Page' }).click()
  await expect(
    toast(
      page,
      'Extensions page address copied. Paste it into the address bar: chrome://extensions',
    ),
  ).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('chrome://extensions')
  await expect(dialog(page)).toBeVisible()
})

test('the side menu opens it under 768 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signUp(page, 'Menu Opener')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await menu.getByRole('button', { name: 'Install Extension' }).click()
  await expect(dialog(page)).toBeVisible()
  await expect(menu).toBeHidden()
})

test('axe-clean in light and dark; screenshots at 390, 800 and 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signUp(page, 'Screenshot Taker')
  for (const theme of ['dark', 'light']) {
    const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` })
    if (await toggle.first().isVisible()) await toggle.first().click()
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    await waitForToastsToGo(page)
    const opened = await openFromBar(page)
    expect(await axeBlocking(page, '[role="dialog"]'), theme).toEqual([])
    for (const width of [1440, 800, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${ARTIFACTS}/install-extension-${theme}-${width}.png` })
    }
    await opened.getByRole('button', { name: 'Close' }).click()
    await expect(opened).toBeHidden()
    await page.setViewportSize({ width: 1440, height: 900 })
  }
})
