import type { APIRequestContext, Page } from '@playwright/test'
import { createPrompt } from './support/prompts'
import { ownKey, requestsSentWith } from './support/provider-requests'
import { waitForToastsToGo } from './support/session'
import { expect, type FreshContext, test } from './support/test'

// Two users in two browser contexts share, rate, save, hide, quick-run and activate prompts.
const ARTIFACTS = 'e2e/artifacts'
const PASSWORD = 'correct horse battery'
const stamp = Date.now()
const OPENAI_KEY = ownKey('prompts')
const A = { name: 'Author Ada', email: `ada+${stamp}@example.com` }
const B = { name: 'Reader Bob', email: `bob+${stamp}@example.com` }
const USER_PROMPT = {
  title: `Haiku maker ${stamp}`,
  content: 'Write a haiku about "the sea" & <b>waves</b>',
}
const SYSTEM_PROMPT = {
  title: `Pirate voice ${stamp}`,
  content: 'Always answer like a pirate captain.',
}

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 20_000 })

async function signUp(page: Page, user: { name: string; email: string }) {
  await page.getByRole('button', { name: /Sign In to/ }).click()
  await expect(page).toHaveURL(/\/auth\?/)
  await page.getByRole('tab', { name: 'Create account' }).click()
  await page.getByLabel('Display name').fill(user.name)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Welcome,')).toContainText(user.name)
}

async function newUserPage(open: FreshContext, user: { name: string; email: string }) {
  const context = await open({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await page.goto('/')
  await signUp(page, user)
  return page
}

async function openLibrary(page: Page) {
  await waitForToastsToGo(page)
  await page.getByRole('button', { name: 'Library', exact: true }).click()
  return page.getByRole('dialog', { name: 'Prompt Library' })
}

async function addOpenAiKey(page: Page) {
  await waitForToastsToGo(page)
  await page
    .getByRole('button', { name: /Select Model|GPT|Claude|Gemini/ })
    .first()
    .click()
  const picker = page.getByRole('dialog', { name: 'Select AI Model' })
  await picker.getByRole('button', { name: 'Manage API Keys' }).click()
  const keys = page.getByRole('dialog', { name: 'Manage API Keys' })
  await keys.getByLabel('OpenAI API Key', { exact: true }).fill(OPENAI_KEY)
  await keys
    .getByRole('button', { name: /Save API Key|Update API Key/ })
    .first()
    .click()
  await expect(page.getByText('openai API key saved successfully').first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(keys).toBeHidden()
  if (await picker.isVisible()) {
    await picker.getByRole('button', { name: /GPT-4o mini/ }).click()
  } else {
    await page
      .getByRole('button', { name: /Select Model|GPT|Claude|Gemini/ })
      .first()
      .click()
    await page
      .getByRole('dialog', { name: 'Select AI Model' })
      .getByRole('button', { name: /GPT-4o mini/ })
      .click()
  }
  await expect(page.getByRole('dialog', { name: 'Select AI Model' })).toBeHidden()
}

/** What the fakes received from this test's users (both save its key). */
const providerRequests = (request: APIRequestContext) => requestsSentWith(request, OPENAI_KEY)

test('two users share, rate, save, hide, quick-run and activate prompts', async ({
  freshContext,
  request,
}) => {
  test.setTimeout(240_000)
  const ada = await newUserPage(freshContext, A)
  const bob = await newUserPage(freshContext, B)
  let shareLink = ''
  let adaSystemId = ''

  await test.step('A creates a public user prompt and a public system prompt', async () => {
    const library = await openLibrary(ada)
    await createPrompt(ada, library, USER_PROMPT, { system: false, isPublic: true })
    await createPrompt(ada, library, SYSTEM_PROMPT, { system: true, isPublic: true })
    await library.getByRole('tab', { name: 'My Prompts' }).click()
    const mine = library.getByRole('article', { name: USER_PROMPT.title })
    await expect(mine.getByTestId('prompt-author')).toHaveText('You')
    shareLink = await mine
      .getByRole('textbox', { name: `Share link for ${USER_PROMPT.title}` })
      .inputValue()
    await ada
      .getByRole('dialog', { name: 'Prompt Library' })
      .getByRole('button', { name: 'Close', exact: true })
      .click()
  })

  await test.step('B browses: both as Anonymous; rates 4, saves, hides, adds to the quick menu', async () => {
    const library = await openLibrary(bob)
    const userCard = library.getByRole('article', { name: USER_PROMPT.title })
    const systemCard = library.getByRole('article', { name: SYSTEM_PROMPT.title })
    await expect(userCard.getByTestId('prompt-author')).toHaveText('Anonymous')
    await expect(systemCard.getByTestId('prompt-author')).toHaveText('Anonymous')
    await expect(userCard.getByText('<b>waves</b>', { exact: false })).toBeVisible()
    await bob.screenshot({ path: `${ARTIFACTS}/library.png` })

    await userCard.getByRole('radio', { name: '4 stars' }).click()
    await expect(bob.getByText('Rating saved').first()).toBeVisible()
    await expect(userCard.getByTestId('rating-summary')).toHaveText('4.0 (1)')
    await userCard.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(
      bob.getByText(`Saved "${USER_PROMPT.title}" to your prompts`).first(),
    ).toBeVisible()
    await systemCard.getByRole('button', { name: 'Hide' }).click()
    await expect(bob.getByText('Prompt hidden from your library').first()).toBeVisible()
    await expect(systemCard).toBeHidden()
    await userCard.getByRole('button', { name: 'Add to Quick Menu' }).click()
    await expect(bob.getByText(`Added "${USER_PROMPT.title}" to quick menu`).first()).toBeVisible()
    await library.getByRole('tab', { name: 'My Prompts' }).click()
    await expect(
      library.getByRole('article', { name: USER_PROMPT.title }).getByTestId('prompt-author'),
    ).toHaveText('You')
    await bob
      .getByRole('dialog', { name: 'Prompt Library' })
      .getByRole('button', { name: 'Close', exact: true })
      .click()
  })

  await test.step("B's attempts to edit or delete A's prompt are refused by the server", async () => {
    const tokens = await bob.evaluate(() =>
      JSON.parse(localStorage.getItem('auth_tokens') ?? 'null'),
    )
    const adaTokens = await ada.evaluate(() =>
      JSON.parse(localStorage.getItem('auth_tokens') ?? 'null'),
    )
    const headers = {
      Authorization: `Bearer ${adaTokens.access_token}`,
      'Content-Type': 'application/json',
    }
    const list = await request.get(
      `/api/db/prompt-chat/rest/v1/prompts?title=eq.${encodeURIComponent(SYSTEM_PROMPT.title)}`,
      {
        headers,
      },
    )
    const [row] = (await list.json()) as Array<{ id: string }>
    adaSystemId = row!.id
    const bobHeaders = {
      Authorization: `Bearer ${tokens.access_token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    }
    const patch = await request.patch(`/api/db/prompt-chat/rest/v1/prompts?id=eq.${adaSystemId}`, {
      headers: bobHeaders,
      data: { title: 'hijacked' },
    })
    expect(patch.ok() ? await patch.json() : []).toEqual([])
    const del = await request.delete(`/api/db/prompt-chat/rest/v1/prompts?id=eq.${adaSystemId}`, {
      headers: bobHeaders,
    })
    expect(del.ok() ? await del.json().catch(() => []) : []).toEqual([])
    const after = await request.get(`/api/db/prompt-chat/rest/v1/prompts?id=eq.${adaSystemId}`, {
      headers,
    })
    expect(await after.json()).toEqual([expect.objectContaining({ title: SYSTEM_PROMPT.title })])
  })

  await test.step('B runs the quick prompt and the message is sent', async () => {
    await addOpenAiKey(bob)
    await waitForToastsToGo(bob)
    await bob.getByRole('button', { name: 'Quick Prompts' }).click()
    const panel = bob.getByRole('dialog', { name: 'Quick Prompts' })
    await panel.getByText(USER_PROMPT.title).click()
    await expect(bob.getByText(`Running: ${USER_PROMPT.title}`).first()).toBeVisible()
    await expect(panel).toBeHidden()
    await expect(bob.getByText(/You said: Write a haiku/).first()).toBeVisible({ timeout: 15_000 })
    const sent = await providerRequests(request)
    expect(sent.at(-1)?.body.messages?.at(-1)).toEqual({
      role: 'user',
      content: USER_PROMPT.content,
    })
  })

  await test.step('A sees the average rating and count', async () => {
    const library = await openLibrary(ada)
    await library.getByRole('tab', { name: 'My Prompts' }).click()
    await expect(
      library.getByRole('article', { name: USER_PROMPT.title }).getByTestId('rating-summary'),
    ).toHaveText('4.0 (1)')
  })

  await test.step('A activates the system prompt; the next chat request carries it first', async () => {
    const library = ada.getByRole('dialog', { name: 'Prompt Library' })
    const card = library.getByRole('article', { name: SYSTEM_PROMPT.title })
    await card.getByRole('button', { name: 'Activate' }).click()
    await expect(ada.getByText(`Activated: ${SYSTEM_PROMPT.title}`).first()).toBeVisible()
    await expect(card.getByText('Active', { exact: true })).toBeVisible()
    await expect(ada.getByTestId('active-prompt-badge')).toHaveText(
      `Active: ${SYSTEM_PROMPT.title}`,
    )
    await ada
      .getByRole('dialog', { name: 'Prompt Library' })
      .getByRole('button', { name: 'Close', exact: true })
      .click()
    await addOpenAiKey(ada)
    await ada.getByRole('textbox', { name: 'Message' }).fill('Ahoy there')
    await ada.getByRole('textbox', { name: 'Message' }).press('Enter')
    await expect(ada.getByText(/You said: Ahoy there/).first()).toBeVisible({ timeout: 15_000 })
    const last = (await providerRequests(request)).at(-1)
    expect(last?.body.messages?.[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT.content })
    expect(last?.body.messages?.at(-1)).toEqual({ role: 'user', content: 'Ahoy there' })
  })

  await test.step('the share link signed out shows a preview; after sign-in the banner adds it', async () => {
    const context = await freshContext()
    const page = await context.newPage()
    await page.goto(shareLink)
    await expect(page.getByRole('complementary', { name: 'Shared prompt' })).toContainText(
      USER_PROMPT.title,
    )
    await page.getByRole('button', { name: 'Sign In to Add Prompt' }).click()
    await expect(page).toHaveURL(/\/auth\?/)
    await page.getByLabel('E-mail').fill(B.email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    const banner = page.getByRole('region', { name: 'Shared prompt' })
    await expect(banner).toContainText('Add shared prompt to your library?')
    await expect(banner).toContainText(USER_PROMPT.title)
    await banner.getByRole('button', { name: 'Add to Library' }).click()
    await expect(page.getByText('Prompt added to your library!').first()).toBeVisible()
    await expect(banner).toBeHidden()
    expect(new URL(page.url()).search).toBe('')
    await context.close()
  })

  await test.step("a garbage ?prompt= shows 'Invalid shared prompt URL'", async () => {
    const context = await freshContext()
    const page = await context.newPage()
    await page.goto('/?prompt=%7Bgarbage')
    await expect(page.getByText('Invalid shared prompt URL')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible()
    await context.close()
  })
})
