import type { Page } from '@playwright/test'
import { chatWithGpt5, composer, openKeys, send } from './support/chat'
import { createPrompt, openLibrary } from './support/prompts'
import { ARTIFACTS, waitForToastsToGo } from './support/session'
import { GREEN, primaryPaint } from './support/style'
import { expect, type FreshContext, test } from './support/test'

// Live sync (docs/product/live-sync.md): one user on two devices (two browser contexts),
// and a second user, on `npm start` with the fake providers. What one device changes shows
// on the other without a reload; the other user sees only what is public.

const PASSWORD = 'correct horse battery'
/** How long a change may take to show on the other device: the feed's delivery, then a read. */
const LIVE = { timeout: 5_000 }

interface Account {
  name: string
  email: string
}

const account = (name: string): Account => ({
  name,
  email: `${name.toLowerCase().replace(/\W/g, '')}+${Date.now()}${Math.random()}@example.com`,
})

async function device(open: FreshContext, user: Account, create: boolean): Promise<Page> {
  const context = await open({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto('/')
  await page.getByRole('button', { name: /Sign In to/ }).click()
  await page.getByRole('tab', { name: create ? 'Create account' : 'Sign in' }).click()
  if (create) await page.getByLabel('Display name').fill(user.name)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: create ? 'Create account' : 'Sign in' }).click()
  await expect(page.getByText('Welcome,')).toContainText(user.name)
  await waitForToastsToGo(page)
  return page
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Conversation sidebar' })
const row = (page: Page, title: string) =>
  sidebar(page).getByRole('button', { name: new RegExp(`^${title}`) })

test('a prompt created, edited, activated and deleted on one device shows on the other; another user sees only the public one', async ({
  freshContext,
}) => {
  test.setTimeout(90_000)
  const ada = account('Live Ada')
  const laptop = await device(freshContext, ada, true)
  const phone = await device(freshContext, ada, false)
  const stranger = await device(freshContext, account('Live Sam'), true)

  const onPhone = await openLibrary(phone)
  await onPhone.getByRole('tab', { name: 'My Prompts' }).click()
  const onStranger = await openLibrary(stranger)
  const onLaptop = await openLibrary(laptop)

  await test.step('created on the laptop: on the phone at once; the public one only for the other user', async () => {
    await createPrompt(
      laptop,
      onLaptop,
      { title: 'Pirate voice', content: 'Answer like a pirate.' },
      { system: true, isPublic: false },
    )
    await createPrompt(
      laptop,
      onLaptop,
      { title: 'Haiku maker', content: 'Write a haiku.' },
      { system: false, isPublic: true },
    )
    await expect(onPhone.getByRole('article', { name: 'Pirate voice' })).toBeVisible(LIVE)
    await expect(onPhone.getByRole('article', { name: 'Haiku maker' })).toBeVisible(LIVE)
    await expect(onStranger.getByRole('article', { name: 'Haiku maker' })).toBeVisible(LIVE)
    await expect(onStranger.getByRole('article', { name: 'Pirate voice' })).toHaveCount(0)
  })

  await test.step('edited on the laptop: the phone shows the new title', async () => {
    await onLaptop.getByRole('tab', { name: 'My Prompts' }).click()
    await onLaptop
      .getByRole('article', { name: 'Pirate voice' })
      .getByRole('button', { name: 'Edit' })
      .click()
    const edit = laptop.getByRole('dialog', { name: 'Edit Prompt' })
    await edit.getByLabel('Title').fill('Pirate captain')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(edit).toBeHidden()
    await expect(onPhone.getByRole('article', { name: 'Pirate captain' })).toBeVisible(LIVE)
    await expect(onPhone.getByRole('article', { name: 'Pirate voice' })).toHaveCount(0)
  })

  await test.step('activated on the laptop: the phone shows it active, then not, when deactivated there', async () => {
    await onLaptop
      .getByRole('article', { name: 'Pirate captain' })
      .getByRole('button', { name: 'Activate' })
      .click()
    await expect(laptop.getByTestId('active-prompt-badge')).toHaveText('Active: Pirate captain')
    await expect(phone.getByTestId('active-prompt-badge')).toHaveText(
      'Active: Pirate captain',
      LIVE,
    )
    await expect(
      onPhone.getByRole('article', { name: 'Pirate captain' }).getByText('Active', { exact: true }),
    ).toBeVisible(LIVE)
    await phone.screenshot({ path: `${ARTIFACTS}/live-sync-phone-library.png` })
  })

  await test.step('deleted on the laptop: gone from the phone, and no longer active there', async () => {
    await onLaptop
      .getByRole('article', { name: 'Pirate captain' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(onLaptop.getByRole('article', { name: 'Pirate captain' })).toHaveCount(0)
    await expect(onPhone.getByRole('article', { name: 'Pirate captain' })).toHaveCount(0, LIVE)
    await expect(phone.getByTestId('active-prompt-badge')).toHaveCount(0, LIVE)
  })

  await test.step('the public one deleted: gone for the other user too', async () => {
    await onLaptop
      .getByRole('article', { name: 'Haiku maker' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(onStranger.getByRole('article', { name: 'Haiku maker' })).toHaveCount(0, LIVE)
  })
})

test('a conversation started, answered and renamed on one device shows on the other', async ({
  freshContext,
}) => {
  test.setTimeout(90_000)
  const ada = account('Live Ida')
  const laptop = await device(freshContext, ada, true)
  const phone = await device(freshContext, ada, false)
  await chatWithGpt5(laptop)
  await waitForToastsToGo(laptop)

  await test.step('a first message on the laptop: the conversation is listed on the phone', async () => {
    await send(laptop, 'Trip: where to go')
    await expect(laptop.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
    await expect(row(phone, 'Trip: where to go')).toBeVisible(LIVE)
  })

  await test.step('opened on the phone; a reply streamed on the laptop arrives there, then settles', async () => {
    await row(phone, 'Trip: where to go').click()
    await expect(phone.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
    await expect(composer(laptop)).toBeEnabled()
    await send(laptop, 'And then? [long:60] [rate:20]')
    const reply = phone.getByRole('article', { name: 'GPT-5 message' }).nth(1)
    // Saved while it streams (at most once a second): the phone shows it arriving, not broken off.
    await expect(reply).toHaveAttribute('aria-busy', 'true', LIVE)
    await expect(reply).not.toHaveAttribute('data-status', 'interrupted')
    await expect(phone.getByRole('article', { name: 'You message' }).nth(1)).toContainText(
      'And then?',
    )
    await expect(laptop.getByRole('article', { name: 'GPT-5 message' }).nth(1)).not.toHaveAttribute(
      'aria-busy',
      'true',
      { timeout: 20_000 },
    )
    // The turn settles (its reply saved) a moment after the stream ends; then Regenerate shows.
    const sent = laptop.getByRole('article', { name: 'GPT-5 message' }).nth(1)
    await expect(sent.getByRole('button', { name: 'Regenerate' })).toBeVisible()
    const finished = await sent.innerText()
    await expect(reply).not.toHaveAttribute('aria-busy', 'true', LIVE)
    await expect(reply).toHaveAttribute('data-status', 'complete')
    expect(await reply.innerText()).toBe(finished)
    await phone.screenshot({ path: `${ARTIFACTS}/live-sync-phone-reply.png` })
  })

  await test.step('renamed on the laptop: the phone shows the new name', async () => {
    await row(laptop, 'Trip: where to go').hover()
    await sidebar(laptop).getByRole('button', { name: 'Rename Trip: where to go' }).click()
    const field = sidebar(laptop).getByRole('textbox', { name: 'Conversation title' })
    await field.fill('Lisbon plans')
    await field.press('Enter')
    await expect(row(laptop, 'Lisbon plans')).toBeVisible()
    await expect(row(phone, 'Lisbon plans')).toBeVisible(LIVE)
  })

  await test.step('deleted on the laptop: gone from the phone, which opens a new chat', async () => {
    await row(laptop, 'Lisbon plans').hover()
    await sidebar(laptop).getByRole('button', { name: 'Delete Lisbon plans' }).click()
    await laptop
      .getByRole('dialog', { name: 'Delete conversation?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(row(laptop, 'Lisbon plans')).toHaveCount(0)
    await expect(row(phone, 'Lisbon plans')).toHaveCount(0, LIVE)
    await expect(phone.getByRole('heading', { name: 'Start a conversation' })).toBeVisible(LIVE)
  })
})

test('a style saved on one device shows on the other, and a new device starts with it', async ({
  freshContext,
}) => {
  test.setTimeout(90_000)
  const ada = account('Live Sty')
  const laptop = await device(freshContext, ada, true)
  const phone = await device(freshContext, ada, false)

  await laptop
    .getByRole('navigation', { name: 'Toolbar' })
    .getByRole('button', { name: 'Style' })
    .click()
  const editor = laptop.getByRole('dialog', { name: 'Style Configuration' })
  await editor.getByRole('button', { name: 'Green' }).click()
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await expect(editor).toBeHidden()
  expect(await primaryPaint(laptop)).toBe(GREEN)
  await expect.poll(() => primaryPaint(phone), LIVE).toBe(GREEN)

  // Another browser, never styled: the account's style once signed in.
  const tablet = await device(freshContext, ada, false)
  await expect.poll(() => primaryPaint(tablet), LIVE).toBe(GREEN)
  await tablet.reload()
  await expect(tablet.getByText('Welcome,')).toBeVisible()
  expect(await primaryPaint(tablet)).toBe(GREEN)
})

test('an API key saved on one device shows Saved in the other’s open Manage API Keys', async ({
  freshContext,
}) => {
  const ada = account('Live Key')
  const laptop = await device(freshContext, ada, true)
  const phone = await device(freshContext, ada, false)
  const onPhone = await openKeys(phone)
  const onLaptop = await openKeys(laptop)
  const phoneForm = onPhone.getByRole('form', { name: 'Anthropic API key' })
  await expect(phoneForm.getByText('Saved')).toHaveCount(0)
  // Typing on the phone in another row: what is typed stays.
  await onPhone.getByRole('textbox', { name: 'Google API Key', exact: true }).fill('AIza-typing')

  await onLaptop
    .getByRole('textbox', { name: 'Anthropic API Key', exact: true })
    .fill('sk-ant-live-1')
  await onLaptop
    .getByRole('form', { name: 'Anthropic API key' })
    .getByRole('button', { name: 'Save API Key' })
    .click()
  const savedAt = Date.now()
  await expect(phoneForm.getByText('Saved')).toBeVisible(LIVE)
  test.info().annotations.push({
    type: 'live',
    description: `the key showed Saved on the phone ${Date.now() - savedAt} ms after Save`,
  })
  await expect(
    onPhone.getByRole('textbox', { name: 'Anthropic API Key', exact: true }),
  ).toHaveValue('sk-ant-live-1')
  await expect(onPhone.getByRole('textbox', { name: 'Google API Key', exact: true })).toHaveValue(
    'AIza-typing',
  )
})
