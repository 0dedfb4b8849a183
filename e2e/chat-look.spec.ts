import { expect, test } from '@playwright/test'
import { chatWithGpt5, send } from './support/chat'
import { ARTIFACTS, signUp, waitForToastsToGo } from './support/session'

// Screenshots of the chat with a finished, a stopped and a streaming reply, their usage, and
// the keys dialog with this month's usage, at 390, 800 and 1440 px in light and dark (open
// the PNGs in e2e/artifacts to look at them).

test('the chat with streamed replies and usage, at three widths in both themes', async ({
  page,
}) => {
  // A slow streamed reply, eight screenshots and two dialog round trips: about 27 s on a quiet
  // 2-core machine, too close to the default 30 s. Three times the budget.
  test.slow()
  await signUp(page, 'Look Lou')
  await chatWithGpt5(page)
  await send(page, 'Show me some code')
  const reply = page.getByRole('article', { name: 'GPT-5 message' })
  await expect(reply.first()).toContainText(/tokens · /)
  await send(page, 'And once more, slowly [rate:3]')
  await expect(page.locator('article[data-streaming]')).toContainText('OpenAI fake reply')
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(reply.nth(1)).toContainText('Stopped')
  await waitForToastsToGo(page)

  for (const theme of ['dark', 'light'] as const) {
    const toggle = page.getByRole('button', {
      name: theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme',
    })
    for (const width of [390, 800, 1440]) {
      await page.setViewportSize({ width, height: 860 })
      await expect(page.locator('html')).toHaveClass(new RegExp(theme))
      await page.screenshot({ path: `${ARTIFACTS}/chat-${width}-${theme}.png` })
    }
    await page.setViewportSize({ width: 800, height: 860 })
    await page
      .getByRole('navigation', { name: 'Toolbar' })
      .getByRole('button', { name: /GPT-5/ })
      .click()
    await page
      .getByRole('dialog', { name: 'Select AI Model' })
      .getByRole('button', { name: 'Manage API Keys' })
      .click()
    const keys = page.getByRole('dialog', { name: 'Manage API Keys' })
    await expect(keys.getByRole('region', { name: 'Usage this month' })).toContainText('OpenAI')
    await keys.getByRole('region', { name: 'Usage this month' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${ARTIFACTS}/keys-usage-800-${theme}.png` })
    await keys.getByRole('button', { name: 'Close' }).click()
    // The model picker comes back; Escape before it is there would close nothing. It is there
    // once focus is in it: it shows a frame or so before its focus trap and Escape are set up.
    const picker = page.getByRole('dialog', { name: 'Select AI Model' })
    await expect(picker).toBeVisible()
    await expect
      .poll(() => picker.evaluate((dialog) => dialog.contains(document.activeElement)))
      .toBe(true)
    await page.keyboard.press('Escape')
    await expect(picker).toBeHidden()
    if (theme === 'dark') await toggle.first().click()
  }
})
