import { expect, test } from '@playwright/test'
import { axeBlocking } from './support/axe'
import { chatWithGpt5, composer, send } from './support/chat'
import { ARTIFACTS, signUp, toast, waitForToastsToGo } from './support/session'

// Issue 28, keyboard (docs/product/screens.md#keyboard-shortcuts): every shortcut does its job
// from the keyboard alone, and `?` lists them.

test('every shortcut does its job from the keyboard alone; ? lists them', async ({
  page,
  context,
}) => {
  // Two replies, one paced so that Esc has something to stop.
  test.setTimeout(60_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Keys Kim')
  await chatWithGpt5(page)
  const sidebar = page.getByRole('complementary', { name: 'Conversation sidebar' })
  const replies = page.getByRole('article', { name: 'GPT-5 message' })

  await send(page, 'What is the tide doing?')
  await expect(replies).toContainText('Turns received: 1')
  await expect(composer(page)).toBeFocused()

  await test.step('Alt+Shift+C copies the last reply', async () => {
    await page.keyboard.press('Alt+Shift+KeyC')
    await expect(toast(page, 'Last reply copied')).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain('**OpenAI fake reply**')
    expect(copied).toContain('You said: What is the tide doing?')
  })

  await test.step('Ctrl+K opens search; Escape closes it', async () => {
    await page.keyboard.press('Control+KeyK')
    // As a user would: Escape once the caret is in the search box, not while the dialog is
    // still being drawn.
    await expect(
      page.getByRole('combobox', { name: 'Search conversations and prompts' }),
    ).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden()
  })

  await test.step('Alt+Shift+S folds the sidebar and opens it again', async () => {
    await page.keyboard.press('Alt+Shift+KeyS')
    await expect(sidebar.getByRole('button', { name: 'Show sidebar' })).toBeVisible()
    await expect(sidebar.getByRole('button', { name: /^What is the tide doing/ })).toHaveCount(0)
    // The composer takes the room.
    const folded = await composer(page).boundingBox()
    await page.keyboard.press('Alt+Shift+KeyS')
    await expect(sidebar.getByRole('button', { name: /^What is the tide doing/ })).toBeVisible()
    const open = await composer(page).boundingBox()
    expect(folded!.x).toBeLessThan(open!.x)
  })

  await test.step('Esc stops a streaming reply', async () => {
    await send(page, 'Now slowly please [rate:3]')
    await expect(page.locator('article[data-streaming]')).toContainText('OpenAI fake reply')
    await page.keyboard.press('Escape')
    await expect(replies.nth(1)).toContainText('Stopped')
  })

  await test.step('Alt+Shift+N starts a new chat; Alt+Shift+M takes focus back to the box', async () => {
    await page.keyboard.press('Alt+Shift+KeyN')
    await expect(page.getByRole('heading', { name: 'Start a conversation' })).toBeVisible()
    await expect(page).not.toHaveURL(/[?&]c=/)
    await page.keyboard.press('Shift+Tab')
    await expect(composer(page)).not.toBeFocused()
    await page.keyboard.press('Alt+Shift+KeyM')
    await expect(composer(page)).toBeFocused()
    await expect(composer(page)).toHaveValue('')
  })

  await test.step('? outside the box lists every shortcut', async () => {
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Slash')
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(list).toBeVisible()
    await expect(list.getByRole('term')).toHaveText([
      'New chat',
      'Search conversations and prompts',
      'Focus the message box',
      'Show or hide the conversations',
      'Copy the last reply',
      'Stop the reply',
      'Show these shortcuts',
    ])
    await expect(list.getByRole('definition')).toHaveText([
      'Alt+Shift+N',
      'Ctrl+K',
      'Alt+Shift+M',
      'Alt+Shift+S',
      'Alt+Shift+C',
      'Esc',
      '?',
    ])
    await page.screenshot({ path: `${ARTIFACTS}/shortcuts.png` })
    await page.keyboard.press('Escape')
    await expect(list).toBeHidden()
  })
})

test('under 768 px Alt+Shift+S opens the conversations drawer, and closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await signUp(page, 'Keys Kai')
  await page.keyboard.press('Alt+Shift+KeyS')
  const drawer = page.getByRole('dialog', { name: 'Conversations' })
  await expect(drawer.getByRole('button', { name: 'New chat' })).toBeVisible()
  await page.keyboard.press('Alt+Shift+KeyS')
  await expect(drawer).toBeHidden()
})

test.describe('accessibility', () => {
  // Colours mid-transition are no one's: as in accessibility.spec.ts, transitions are off.
  test.use({ reducedMotion: 'reduce' })

  test('the shortcut list and the folded sidebar are axe-clean, in light and dark', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signUp(page, 'Keys Kit')
    const blocking = (include: string) => axeBlocking(page, include)
    for (const theme of ['dark', 'light']) {
      const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` })
      if (await toggle.first().isVisible()) await toggle.first().click()
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
      await waitForToastsToGo(page)

      await page.keyboard.press('Alt+Shift+KeyS')
      const sidebar = page.getByRole('complementary', { name: 'Conversation sidebar' })
      await expect(sidebar.getByRole('button', { name: 'Show sidebar' })).toBeVisible()
      expect(await blocking('aside'), `folded sidebar, ${theme}`).toEqual([])
      await page.keyboard.press('Alt+Shift+KeyS')
      await expect(sidebar.getByRole('button', { name: 'Hide sidebar' })).toBeVisible()

      await page.getByRole('button', { name: 'Hide sidebar' }).focus()
      await page.keyboard.press('Shift+Slash')
      const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await expect(list).toBeVisible()
      expect(await blocking('[role="dialog"]'), `shortcut list, ${theme}`).toEqual([])
      await page.keyboard.press('Escape')
      await expect(list).toBeHidden()
    }
  })
})
