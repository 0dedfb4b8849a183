import { expect, type Locator, type Page, test } from '@playwright/test'
import { chatWithGpt5, composer } from './support/chat'
import { signUp, toast } from './support/session'

// Issue 15: the main flows with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows,
// Escape; no click anywhere): sign in, pick a model, send, open the library, run a prompt.
// Every control reached shows where focus is, and a dialog gives focus back to its opener.

const stamp = Date.now()
const PROMPT = { title: `Keyboard haiku ${stamp}`, content: 'Write a haiku about keyboards.' }

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  await expect(target).toBeFocused()
}

/**
 * What shows focus on the focused element: an outline, a ring (box-shadow), or, for a text
 * field, the border of the field or of the box around it.
 */
async function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return 'nothing focused'
    const style = getComputedStyle(el)
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) return 'outline'
    if (style.boxShadow !== 'none') return 'ring'
    const field = el.matches('input, textarea, select')
    if (field) {
      // A field shows focus with its border colour, or its box's (the composer).
      const box = el.closest(':focus-within:not(input, textarea, select)') as HTMLElement | null
      const mark = (node: HTMLElement) => getComputedStyle(node).borderTopColor
      const before = [mark(el), box ? mark(box) : '']
      el.blur()
      const after = [mark(el), box ? mark(box) : '']
      el.focus()
      if (before[0] !== after[0] || before[1] !== after[1]) return 'border'
    }
    return `none on ${el.outerHTML.slice(0, 120)}`
  })
}

/** Tabs through `count` stops and checks each one shows focus (leaving the page is no stop). */
async function expectVisibleFocusOnTab(page: Page, count: number) {
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab')
    const shown = await focusIndicator(page)
    if (shown === 'nothing focused') continue
    expect(shown).toMatch(/^(outline|ring|border)$/)
  }
}

test('sign in, pick a model, send, open the library and run a prompt: keyboard only', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })

  await test.step('sign in through the hosted login', async () => {
    await page.goto('/')
    const signIn = page.getByRole('button', { name: 'Sign In to Continue' })
    await tabTo(page, signIn)
    expect(await focusIndicator(page)).toBe('outline')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/auth\?/)
    await tabTo(page, page.getByRole('tab', { name: 'Create account' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await tabTo(page, page.getByLabel('Display name'))
    await page.keyboard.type('Kay Board')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('E-mail')).toBeFocused()
    await page.keyboard.type(`kay+${stamp}@example.com`)
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Password')).toBeFocused()
    await page.keyboard.type('correct horse battery')
    await page.keyboard.press('Enter')
    await expect(page.getByText('Welcome,')).toContainText('Kay Board')
  })

  await test.step('every stop in the header and the composer shows focus', async () => {
    await tabTo(page, page.getByRole('navigation', { name: 'Toolbar' }).getByRole('button').first())
    await expectVisibleFocusOnTab(page, 14)
  })

  const toolbar = page.getByRole('navigation', { name: 'Toolbar' })
  await test.step('save a key and pick a model; focus returns to the opener', async () => {
    const modelButton = toolbar.getByRole('button', { name: /Select Model|GPT|Claude|Gemini/ })
    await tabTo(page, modelButton)
    await page.keyboard.press('Enter')
    const picker = page.getByRole('dialog', { name: 'Select AI Model' })
    await expect(picker).toBeVisible()
    // Focus is trapped in the dialog: Tab from the last control wraps to the first.
    const manage = picker.getByRole('button', { name: 'Manage API Keys' })
    await tabTo(page, manage)
    await page.keyboard.press('Tab')
    await expect(picker.getByRole('button', { name: 'Close' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(manage).toBeFocused()

    await page.keyboard.press('Enter')
    const keys = page.getByRole('dialog', { name: 'Manage API Keys' })
    await expect(keys).toBeVisible()
    const openAiKey = keys.getByRole('textbox', { name: 'OpenAI API Key', exact: true })
    await tabTo(page, openAiKey)
    await page.keyboard.type('sk-test-keyboard')
    await page.keyboard.press('Enter')
    await expect(toast(page, 'openai API key saved successfully')).toBeVisible()
    await expect(keys.getByRole('button', { name: 'Update API Key' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(keys).toBeHidden()
    await expect(picker).toBeVisible()

    const gpt5 = picker.getByRole('button', { name: /GPT-5/ }).first()
    await tabTo(page, gpt5)
    expect(await focusIndicator(page)).toMatch(/outline|ring/)
    await page.keyboard.press('Space')
    await expect(picker).toBeHidden()
    await expect(composer(page)).toHaveAttribute('placeholder', 'Message GPT-5...')
    // Back on the button that opened the picker, which now names the model.
    await expect(toolbar.getByRole('button', { name: 'GPT-5' })).toBeFocused()
  })

  await test.step('send a message', async () => {
    await tabTo(page, composer(page))
    await page.keyboard.type('Hello from the keyboard')
    await page.keyboard.press('Enter')
    const reply = page.getByRole('article', { name: 'GPT-5 message' })
    await expect(reply).toContainText('You said: Hello from the keyboard')
    await expect(page.getByRole('article', { name: 'You message' })).toContainText(
      'Hello from the keyboard',
    )
  })

  const library = page.getByRole('dialog', { name: 'Prompt Library' })
  await test.step('open the library, create a prompt, switch tabs with the arrows', async () => {
    const libraryButton = toolbar.getByRole('button', { name: 'Library', exact: true })
    await tabTo(page, libraryButton)
    await page.keyboard.press('Enter')
    await expect(library).toBeVisible()
    const create = library.getByRole('button', { name: 'Create', exact: true })
    await tabTo(page, create)
    await page.keyboard.press('Enter')
    const form = page.getByRole('dialog', { name: 'Create New Prompt' })
    await expect(form.getByLabel('Title')).toBeFocused()
    await page.keyboard.type(PROMPT.title)
    await page.keyboard.press('Tab')
    await expect(form.getByLabel('Content')).toBeFocused()
    await page.keyboard.type(PROMPT.content)
    await tabTo(page, form.getByRole('button', { name: 'Create Prompt' }))
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Prompt created successfully')).toBeVisible()
    await expect(form).toBeHidden()
    // Back on Create, in the library.
    await expect(create).toBeFocused()

    const browse = library.getByRole('tab', { name: 'Browse Public' })
    await tabTo(page, browse, { back: true })
    expect(await focusIndicator(page)).toMatch(/outline|ring/)
    await page.keyboard.press('ArrowRight')
    const mine = library.getByRole('tab', { name: 'My Prompts' })
    await expect(mine).toBeFocused()
    await expect(mine).toHaveAttribute('aria-selected', 'true')
    await expect(library.getByRole('article', { name: PROMPT.title })).toBeVisible()
  })

  await test.step('run the prompt, then send it', async () => {
    const run = library.getByRole('article', { name: PROMPT.title }).getByRole('button', {
      name: 'Run',
    })
    await tabTo(page, run)
    await page.keyboard.press('Enter')
    await expect(toast(page, `Running prompt: ${PROMPT.title}`)).toBeVisible()
    await expect(library).toBeHidden()
    await expect(composer(page)).toHaveValue(PROMPT.content)
    await tabTo(page, composer(page))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('article', { name: 'GPT-5 message' }).last()).toContainText(
      `You said: ${PROMPT.content}`,
    )
  })

  await test.step('Escape closes a dialog and focus goes back to its opener', async () => {
    const style = toolbar.getByRole('button', { name: 'Style', exact: true })
    await tabTo(page, style, { back: true })
    await page.keyboard.press('Enter')
    const editor = page.getByRole('dialog', { name: 'Style Configuration' })
    await expect(editor).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(editor).toBeHidden()
    await expect(style).toBeFocused()
  })
})

test('from load to a sent message in one key press; the skip link; New chat takes the box', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Keys Kim')
  await chatWithGpt5(page)

  await page.reload()
  // The box has focus as soon as it can be typed in: typing and Enter send.
  await expect(composer(page)).toBeEnabled()
  await expect(composer(page)).toBeFocused()
  await page.keyboard.type('Straight in')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)

  // The skip link is the page's first stop, before the header's first control: shown when
  // reached, and Enter takes focus past the header and the list to the box.
  const skip = page.getByRole('link', { name: 'Skip to message box' })
  await expect(skip).not.toBeInViewport()
  await page.getByRole('banner').getByRole('button').first().focus()
  await page.keyboard.press('Shift+Tab')
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  expect(await focusIndicator(page)).not.toMatch(/^none|nothing/)
  await page.keyboard.press('Enter')
  await expect(composer(page)).toBeFocused()

  // The model picker opens with focus on the model in use, not on the first one listed.
  const modelButton = page.getByRole('navigation', { name: 'Toolbar' }).getByRole('button', {
    name: /^GPT-5/,
  })
  const picker = page.getByRole('dialog', { name: 'Select AI Model' })
  await modelButton.click()
  await picker.getByRole('button', { name: /GPT-5 mini/ }).click()
  await expect(picker).toBeHidden()
  await modelButton.click()
  const inUse = picker.locator('button[aria-pressed="true"]')
  await expect(inUse).toContainText('GPT-5 mini')
  await expect(inUse).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(picker).toBeHidden()

  // New chat gives the box focus, as does opening a conversation from the list.
  const sidebar = page.getByRole('complementary', { name: 'Conversation sidebar' })
  await sidebar.getByRole('button', { name: 'New chat' }).click()
  await expect(composer(page)).toBeFocused()
  await sidebar.getByRole('button', { name: /^Straight in/ }).click()
  await expect(composer(page)).toBeFocused()
})
