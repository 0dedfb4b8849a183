import { expect, type Page, test } from '@playwright/test'
import { axeBlocking } from './support/axe'
import { chatWithGpt5, composer } from './support/chat'
import { createPrompt, openLibrary } from './support/prompts'
import { requestsSentWith } from './support/provider-requests'
import { ARTIFACTS, signUp, toast, waitForToastsToGo } from './support/session'

// Issue 16 on `npm start` with fake providers: prompt variables filled through their form reach
// the provider, and `/` in the message input inserts a prompt with the keyboard alone. The
// form and the picker are photographed at 390, 800 and 1440 px in both themes (e2e/artifacts).

const TRANSLATOR = {
  title: 'Translator',
  content:
    'Translate "{{text}}" into {{language:French|German|Welsh}} with a {{tone:friendly}} tone.',
}
const PERSONA = {
  title: 'Persona',
  content: 'You are a {{role:pirate|poet}} who signs every answer as {{name}}.',
}
const SUMMARISE = { title: 'Summarise', content: 'Summarise the text below in three bullets:' }

/** The messages of the last chat call sent with `key`. */
async function lastChatRequest(page: Page, key: string) {
  const requests = await requestsSentWith(page.request, key)
  const chats = requests.filter((r) => r.url.includes('/chat/completions'))
  return chats.at(-1)?.body?.messages ?? []
}

test('run and activate prompts with variables: the filled text reaches the provider', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await signUp(page, 'Vera Vars')
  const key = await chatWithGpt5(page)

  const library = await openLibrary(page)
  // Create answers once the list has loaded.
  await expect(library.getByRole('article').first()).toBeVisible()
  await test.step('create a user prompt with three variables and a system prompt with two', async () => {
    await createPrompt(page, library, TRANSLATOR, { system: false, isPublic: false })
    await createPrompt(page, library, PERSONA, { system: true, isPublic: false })
    await library.getByRole('tab', { name: 'My Prompts' }).click()
  })

  await test.step('activate the system prompt through its form', async () => {
    await library
      .getByRole('article', { name: PERSONA.title })
      .getByRole('button', { name: 'Activate' })
      .click()
    const form = page.getByRole('dialog', { name: PERSONA.title })
    await expect(form.getByLabel('role')).toBeFocused()
    await form.getByLabel('role').selectOption('poet')
    await form.getByLabel('name').fill('Ode')
    await expect(form.getByRole('region', { name: 'Preview' })).toHaveText(
      /You are a poet who signs every answer as Ode\./,
    )
    await form.getByRole('button', { name: 'Activate' }).click()
    await expect(toast(page, 'Activated: Persona')).toBeVisible()
    await expect(form).toBeHidden()
  })

  await test.step('Run the user prompt: the form, then the filled text in the input', async () => {
    await library
      .getByRole('article', { name: TRANSLATOR.title })
      .getByRole('button', { name: 'Run' })
      .click()
    const form = page.getByRole('dialog', { name: TRANSLATOR.title })
    await expect(form.getByLabel('text')).toBeFocused()
    await expect(form.getByLabel('language')).toHaveValue('French')
    await expect(form.getByLabel('tone')).toHaveValue('friendly')
    await form.getByLabel('text').fill('good morning')
    await form.getByLabel('language').selectOption('German')
    await form.getByLabel('tone').fill('warm')
    await expect(form.getByRole('region', { name: 'Preview' })).toHaveText(
      /Translate "good morning" into German with a warm tone\./,
    )
    await form.getByRole('button', { name: 'Run' }).click()
    await expect(toast(page, 'Running prompt: Translator')).toBeVisible()
    await expect(library).toBeHidden()
    await expect(composer(page)).toHaveValue(
      'Translate "good morning" into German with a warm tone.',
    )
  })

  await test.step('send: the provider gets the filled system prompt and message', async () => {
    await composer(page).press('Enter')
    await expect(page.getByRole('article', { name: 'GPT-5 message' })).toContainText(
      'OpenAI fake reply',
    )
    const messages = await lastChatRequest(page, key)
    expect(messages[0]).toEqual({
      role: 'system',
      content: 'You are a poet who signs every answer as Ode.',
    })
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: 'Translate "good morning" into German with a warm tone.',
    })
    expect(JSON.stringify(messages)).not.toContain('{{')
  })

  await test.step('reload: the active prompt is filled as it was', async () => {
    await page.reload()
    await expect(page.getByTestId('active-prompt-badge')).toContainText('Persona')
    await composer(page).fill('And again')
    await composer(page).press('Enter')
    await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(2)
    const messages = await lastChatRequest(page, key)
    expect(messages[0]?.content).toBe('You are a poet who signs every answer as Ode.')
  })

  await test.step('quick run from the Quick Prompts panel: the form stays until Run', async () => {
    const reopened = await openLibrary(page)
    await reopened.getByRole('tab', { name: 'My Prompts' }).click()
    await expect(reopened.getByRole('tab', { name: 'My Prompts' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    // Exact: other tests' public prompts are named "Translator dark 390" and so on.
    await reopened
      .getByRole('article', { name: TRANSLATOR.title, exact: true })
      .getByRole('button', { name: 'Add to Quick Menu' })
      .click()
    await expect(toast(page, 'Added "Translator" to quick menu')).toBeVisible()
    await reopened.getByRole('button', { name: 'Close' }).click()
    await expect(reopened).toBeHidden()
    await page.getByRole('button', { name: 'Quick Prompts' }).first().click()
    const panel = page.getByRole('dialog', { name: 'Quick Prompts' })
    await panel.getByText(TRANSLATOR.title).click()
    const form = page.getByRole('dialog', { name: TRANSLATOR.title })
    await expect(form.getByLabel('text')).toBeFocused()
    // The closing panel handing focus back must not dismiss the form that replaced it.
    await page.waitForTimeout(600)
    await expect(form).toBeVisible()
    await form.getByLabel('text').fill('see you')
    await form.getByRole('button', { name: 'Run' }).click()
    await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(3)
    const messages = await lastChatRequest(page, key)
    expect(messages.at(-1)?.content).toBe('Translate "see you" into French with a friendly tone.')
  })
})

test('insert a prompt with / using only the keyboard; the form and picker at three widths', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUp(page, 'Kay Board')
  const library = await openLibrary(page)
  await expect(library.getByRole('article').first()).toBeVisible()
  await createPrompt(page, library, TRANSLATOR, { system: false, isPublic: false })
  await createPrompt(page, library, SUMMARISE, { system: false, isPublic: false })
  await library.getByRole('button', { name: 'Close' }).click()
  await expect(library).toBeHidden()
  const input = composer(page)
  await expect(input).toBeEnabled()

  await test.step('keyboard only: / opens the picker, typing filters, arrows move, Enter inserts', async () => {
    await input.focus()
    await page.keyboard.type('Please /')
    const picker = page.getByRole('combobox', { name: 'Message' })
    await expect(picker).toHaveAttribute('aria-expanded', 'true')
    const listbox = page.getByRole('listbox', { name: 'Prompts' })
    await expect(listbox.getByRole('option')).toHaveCount(2)
    // Newest first: Summarise, then Translator.
    const [first, second] = [listbox.getByRole('option').nth(0), listbox.getByRole('option').nth(1)]
    await expect(first).toContainText('Summarise')
    await expect(picker).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
    await page.keyboard.press('ArrowDown')
    await expect(picker).toHaveAttribute(
      'aria-activedescendant',
      (await second.getAttribute('id'))!,
    )
    await page.keyboard.press('ArrowUp')
    await page.keyboard.type('sum')
    await expect(listbox.getByRole('option')).toHaveCount(1)
    await page.keyboard.press('Enter')
    await expect(input).toHaveValue(`Please ${SUMMARISE.content}`)
    await expect(listbox).toBeHidden()
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
  })

  await test.step('a prompt with variables: the form by keyboard, then the filled text', async () => {
    await page.keyboard.type(' /trans')
    await expect(page.getByRole('listbox', { name: 'Prompts' }).getByRole('option')).toHaveCount(1)
    await page.keyboard.press('Enter')
    const form = page.getByRole('dialog', { name: TRANSLATOR.title })
    await expect(form.getByLabel('text')).toBeFocused()
    await page.keyboard.type('bonjour')
    await page.keyboard.press('Tab')
    await expect(form.getByLabel('language')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(form.getByLabel('language')).toHaveValue('German')
    await page.keyboard.press('Tab')
    await expect(form.getByLabel('tone')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(form).toBeHidden()
    await expect(input).toHaveValue(
      `Please ${SUMMARISE.content} Translate "bonjour" into German with a friendly tone.`,
    )
    await expect(input).toBeFocused()
  })

  await test.step('Escape closes the picker and leaves the typed text; nothing was sent', async () => {
    await page.keyboard.type(' /tra')
    await expect(page.getByRole('listbox', { name: 'Prompts' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('listbox', { name: 'Prompts' })).toBeHidden()
    await expect(input).toHaveValue(/friendly tone\. \/tra$/)
    await expect(page.getByRole('article')).toHaveCount(0)
  })

  await test.step('screenshots of the picker and the form', async () => {
    await waitForToastsToGo(page)
    for (const theme of ['dark', 'light'] as const) {
      await expect(page.locator('html')).toHaveClass(new RegExp(theme))
      for (const width of [390, 800, 1440]) {
        await page.setViewportSize({ width, height: 860 })
        await input.fill('')
        await input.focus()
        await page.keyboard.type('/')
        const listbox = page.getByRole('listbox', { name: 'Prompts' })
        await expect(listbox.getByRole('option')).toHaveCount(2)
        await page.screenshot({ path: `${ARTIFACTS}/prompt-picker-${width}-${theme}.png` })
        if (width === 1440) {
          expect(await axeBlocking(page, 'form[aria-label="Message composer"]')).toEqual([])
          expect(await axeBlocking(page, '[role="listbox"]')).toEqual([])
        }
        await page.keyboard.type('trans')
        await page.keyboard.press('Enter')
        const form = page.getByRole('dialog', { name: TRANSLATOR.title })
        await expect(form.getByLabel('text')).toBeFocused()
        await page.keyboard.type('good morning')
        await page.screenshot({ path: `${ARTIFACTS}/prompt-variables-${width}-${theme}.png` })
        if (width === 1440) expect(await axeBlocking(page, '[role="dialog"]')).toEqual([])
        await page.keyboard.press('Escape')
        await expect(form).toBeHidden()
      }
      if (theme === 'dark') {
        await page.setViewportSize({ width: 1440, height: 860 })
        await page.getByRole('button', { name: 'Switch to light theme' }).first().click()
      }
    }
  })
})
