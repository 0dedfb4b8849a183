import { expect, type Page, test } from '@playwright/test'
import { requestsSentWith } from './support/provider-requests'
import { ARTIFACTS, signUp, toast } from './support/session'

// Issue 13, e2e 5: an OpenAI-compatible server (the local server's fake at /fake-compatible)
// is added in the keys dialog, its models appear in the picker under its name, and a chat
// with one of them streams its reply (docs/product/servers.md).

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })

async function openPicker(page: Page) {
  await page
    .getByRole('navigation', { name: 'Toolbar' })
    .getByRole('button', { name: /Select Model|GPT|Claude|Gemini|llama|qwen/ })
    .click()
  return page.getByRole('dialog', { name: 'Select AI Model' })
}

test('add an OpenAI-compatible server, pick one of its models and chat with it', async ({
  page,
  baseURL,
}) => {
  await signUp(page, 'Ada Lovelace')
  const serverUrl = `${baseURL}/fake-compatible`

  await test.step('a bad URL is refused under its field; nothing is asked', async () => {
    const picker = await openPicker(page)
    await picker.getByRole('button', { name: 'Manage API Keys' }).click()
    const keys = page.getByRole('dialog', { name: 'Manage API Keys' })
    const servers = keys.getByRole('region', { name: 'OpenAI-compatible servers' })
    await expect(servers.getByText('No servers yet.')).toBeVisible()
    const form = servers.getByRole('form', { name: 'Add server' })
    await form.getByLabel('Name').fill('Local Llama')
    await form.getByLabel('Base URL').fill('localhost:11434')
    await form.getByRole('button', { name: 'Add server' }).click()
    await expect(form.getByRole('alert')).toHaveText('Base URL must start with http:// or https://')
    await expect(form.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true')
  })

  await test.step('the server is checked, saved and listed', async () => {
    const keys = page.getByRole('dialog', { name: 'Manage API Keys' })
    const servers = keys.getByRole('region', { name: 'OpenAI-compatible servers' })
    const form = servers.getByRole('form', { name: 'Add server' })
    // With /v1 on the end, as people often copy it: it is stored without.
    await form.getByLabel('Base URL').fill(`${serverUrl}/v1`)
    await expect(form.getByRole('alert')).toHaveCount(0)
    await form.getByRole('button', { name: 'Add server' }).click()
    await expect(toast(page, 'Added Local Llama with 2 models')).toBeVisible()
    const item = servers.getByRole('listitem', { name: 'Local Llama' })
    await expect(item).toContainText(serverUrl)
    await expect(item).toContainText('no key')
    await expect(form.getByLabel('Name')).toHaveValue('')
    await page.screenshot({ path: `${ARTIFACTS}/compatible-server-added.png` })
    await keys.getByRole('button', { name: 'Close' }).click()
  })

  await test.step('its models are in the picker, under its name, with a gray badge', async () => {
    const picker = page.getByRole('dialog', { name: 'Select AI Model' })
    const group = picker.getByRole('region', { name: 'Local Llama' })
    await expect(group.getByRole('heading')).toHaveText('Local Llama')
    const llama = group.getByRole('button', { name: /llama3\.2:3b/ })
    await expect(llama).toContainText('Local Llama')
    await expect(group.getByRole('button', { name: /qwen2\.5:7b/ })).toBeVisible()
    const badge = llama.locator('[data-tone]')
    await expect(badge).toHaveAttribute('data-tone', 'other')
    await expect(badge).toHaveText('local llama')
    // Gray, unlike the hosted providers' coloured badges.
    const color = await badge.evaluate((el) => getComputedStyle(el).color)
    const [r, g, b] = color.match(/\d+(\.\d+)?/g)!.map(Number)
    expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThan(40)
    await group.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${ARTIFACTS}/compatible-server-picker.png` })
    await llama.click()
    await expect(picker).toBeHidden()
    await expect(composer(page)).toHaveAttribute('placeholder', 'Message llama3.2:3b...')
  })

  await test.step('a chat with it streams the reply from the server', async () => {
    await composer(page).fill('Hello, local model [rate:8]')
    await composer(page).press('Enter')
    const reply = page.getByRole('article', { name: 'llama3.2:3b message' })
    // Text shows while the server is still sending: the end of the reply is not there yet.
    const growing = page.locator('article[data-streaming]')
    await expect(growing).toContainText('OpenAI-compatible fake reply', { timeout: 15_000 })
    await expect(growing).not.toContainText('Turns received')
    await expect(reply).toContainText('Turns received: 1', { timeout: 20_000 })
    await expect(reply.locator('strong')).toHaveText('OpenAI-compatible fake reply')
    await expect(reply).toContainText('You said: Hello, local model [rate:8]')
    await expect(composer(page)).toBeEnabled()

    // The server takes no key, so this test's calls are known by what they said.
    const chats = (await requestsSentWith(page.request)).filter(
      (r) =>
        r.provider === 'openai-compatible' &&
        r.method === 'POST' &&
        JSON.stringify(r.body).includes('Hello, local model'),
    )
    expect(chats).toHaveLength(1)
    expect(chats[0]).toMatchObject({
      url: `${serverUrl}/v1/chat/completions`,
      body: { model: 'llama3.2:3b', stream: true },
    })
    expect(chats[0]?.headers.authorization).toBeUndefined()
  })
})
