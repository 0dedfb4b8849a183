import { expect, type Page, test } from '@playwright/test'
import { composer, openPicker } from './support/chat'
import { ARTIFACTS, signUp, toast } from './support/session'

// The chat journey on `npm start` with fake providers, in a real Chromium.

async function saveKey(page: Page, label: string, key: string, provider: string) {
  const picker = await openPicker(page)
  await expect(picker.getByRole('region', { name: 'google' })).toBeVisible()
  if (provider === 'openai') await page.screenshot({ path: `${ARTIFACTS}/model-picker.png` })
  await picker.getByRole('button', { name: 'Manage API Keys' }).click()
  const keys = page.getByRole('dialog', { name: 'Manage API Keys' })
  await keys.getByRole('textbox', { name: `${label} API Key`, exact: true }).fill(key)
  await keys
    .getByRole('form', { name: `${label} API key` })
    .getByRole('button', { name: 'Save API Key' })
    .click()
  await expect(toast(page, `${provider} API key saved successfully`)).toBeVisible()
  await expect(
    keys.getByRole('form', { name: `${label} API key` }).getByText('Saved'),
  ).toBeVisible()
  if (provider === 'openai') await page.screenshot({ path: `${ARTIFACTS}/api-keys.png` })
  await keys.getByRole('button', { name: 'Close' }).click()
  return page.getByRole('dialog', { name: 'Select AI Model' })
}

async function pickAndSend(
  page: Page,
  picker: ReturnType<Page['getByRole']>,
  model: string,
  text: string,
) {
  await picker
    .getByRole('button', { name: new RegExp(model) })
    .first()
    .click()
  await expect(picker).toBeHidden()
  await expect(composer(page)).toHaveAttribute('placeholder', `Message ${model}...`)
  await composer(page).fill(text)
  await composer(page).press('Enter')
}

test('chat with each provider on your own key, with history, errors and markdown', async ({
  page,
}) => {
  // Three providers' keys, picks and replies: about 25 s alone, and more beside another worker.
  test.setTimeout(90_000)
  await signUp(page, 'Grace Hopper')

  await test.step('without a key: both toasts, and the message is kept', async () => {
    await expect(composer(page)).toHaveAttribute('placeholder', /^Message .+\.\.\.$/)
    await composer(page).fill('Hello there')
    await composer(page).press('Enter')
    await expect(
      toast(page, /^No API key found for \w+\. Please add your API key in the model settings\.$/),
    ).toBeVisible()
    await expect(toast(page, /^Please add your API key in the model settings$/)).toBeVisible()
    const message = page.getByRole('article', { name: 'You message' })
    await expect(message).toContainText('Hello there')
    await expect(composer(page)).toBeEnabled()
    // The mark points at the fix: the keys open over the chat, and close back to it.
    await message.getByRole('button', { name: 'Manage API Keys' }).click()
    const keys = page.getByRole('dialog', { name: 'Manage API Keys' })
    await expect(keys).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Select AI Model' })).toBeHidden()
    await keys.getByRole('button', { name: 'Close' }).click()
    await expect(keys).toBeHidden()
  })

  await test.step('OpenAI: add a key, pick a model, get a markdown reply', async () => {
    const picker = await saveKey(page, 'OpenAI', 'sk-test-e2e-openai', 'openai')
    // The fake answers after 1 s, so the sending state is there to be seen even on a busy machine.
    await pickAndSend(page, picker, 'GPT-5', 'Write some code that greets me [slow:1000]')
    await expect(composer(page)).toBeDisabled()
    const reply = page.getByRole('article', { name: 'GPT-5 message' })
    await expect(reply.locator('strong')).toHaveText('OpenAI fake reply')
    await expect(reply.getByRole('button', { name: 'Copy code' })).toBeVisible()
    // Highlighting arrives lazily, as its own chunk.
    await expect(reply.locator('code.hljs .hljs-keyword').first()).toBeVisible()
    await expect(composer(page)).toBeEnabled()
    await composer(page).fill('And a short list, please')
    await composer(page).press('Enter')
    await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(2)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
    await page.screenshot({ path: `${ARTIFACTS}/chat.png` })
    const toolbar = page.getByRole('navigation', { name: 'Toolbar' })
    await toolbar.getByRole('button', { name: 'Switch to light theme' }).click()
    await page.screenshot({ path: `${ARTIFACTS}/chat-light.png` })
    await toolbar.getByRole('button', { name: 'Switch to dark theme' }).click()
  })

  await test.step('reload: the history is back, oldest first', async () => {
    await page.reload()
    const articles = page.getByRole('article')
    await expect(articles).toHaveCount(5)
    await expect(articles.first()).toContainText('Hello there')
    await expect(articles.nth(2).locator('strong')).toHaveText('OpenAI fake reply')
  })

  await test.step('Anthropic', async () => {
    const picker = await saveKey(page, 'Anthropic', 'sk-ant-test-e2e', 'anthropic')
    await pickAndSend(page, picker, 'Claude Sonnet 4.5', 'Hi Claude')
    await expect(
      page.getByRole('article', { name: 'Claude Sonnet 4.5 message' }).locator('strong'),
    ).toHaveText('Anthropic fake reply')
  })

  await test.step('Google', async () => {
    const picker = await saveKey(page, 'Google', 'AIza-test-e2e', 'google')
    await pickAndSend(page, picker, 'Gemini 2.5 Flash', 'Hi Gemini')
    await expect(
      page.getByRole('article', { name: 'Gemini 2.5 Flash message' }).locator('strong'),
    ).toHaveText('Google fake reply')
  })

  await test.step('a provider error shows its toast and keeps the message', async () => {
    await composer(page).fill('This one fails [fail:500]')
    await composer(page).press('Enter')
    await expect(toast(page, /^Google API error: /)).toBeVisible()
    await expect(page.getByRole('article', { name: 'You message' }).last()).toContainText(
      'This one fails',
    )
    await expect(composer(page)).toBeEnabled()
    await expect(composer(page)).toHaveValue('')
  })
})

test('a hostile message is rendered inert', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await signUp(page, 'Mallory')
  await saveKey(page, 'OpenAI', 'sk-test-hostile', 'openai').then((picker) =>
    picker.getByRole('button', { name: /GPT-5 mini/ }).click(),
  )
  const hostile = [
    '<img src=x onerror="window.__pwned=1;alert(1)">',
    '[click me](javascript:window.__pwned=2)',
    '<script>window.__pwned=3;alert(3)</script>',
    '<a href="javascript:alert(4)">raw link</a>',
  ].join('\n\n')
  await composer(page).fill(hostile)
  await composer(page).press('Enter')
  const reply = page.getByRole('article', { name: 'GPT-5 mini message' })
  await expect(reply.locator('strong')).toHaveText('OpenAI fake reply')

  const chat = page.getByRole('region', { name: 'Conversation' })
  // The raw HTML shows as the text typed, not as elements.
  await expect(chat.getByRole('article', { name: 'You message' })).toContainText('<img src=x')
  expect(await chat.locator('img, script, iframe').count()).toBe(0)
  // The javascript: link keeps its text but has nothing to follow; clicking it does nothing.
  const mine = chat.getByRole('article', { name: 'You message' })
  await expect(mine.getByText('click me')).toBeVisible()
  await mine.getByText('click me').click()
  expect(await chat.getByRole('link', { name: 'click me' }).count()).toBe(0)
  expect(await chat.locator('[href^="javascript:" i], [onerror], [onclick]').count()).toBe(0)
  expect(page.url()).not.toContain('javascript')
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
  expect(dialogs).toEqual([])
})

test('under 768 px the header items move into a side menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await signUp(page, 'Narrow Screen')
  await expect(
    page.getByRole('navigation', { name: 'Toolbar' }).getByRole('button', { name: 'Sign Out' }),
  ).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  await expect(menu.getByRole('button', { name: /Switch to (light|dark) theme/ })).toBeVisible()
  await page.screenshot({ path: `${ARTIFACTS}/chat-side-menu.png` })
  await menu.getByRole('button', { name: /Claude|GPT|Gemini|Select Model/ }).click()
  await expect(page.getByRole('dialog', { name: 'Select AI Model' })).toBeVisible()
  await expect(menu).toBeHidden()
})
