import { expect, type Page, test } from '@playwright/test'
import { axeBlocking } from './support/axe'
import { chatWithGpt5, composer, saveKeyAndPick } from './support/chat'
import { ownKey, requestsSentWith } from './support/provider-requests'
import { signUp, toast } from './support/session'

// Attachments (docs/product/attachments.md): an image pasted, a text file dropped, refused files
// that lose nothing. The fakes answer with what reached them, read from the bytes.

const attachButton = (page: Page) => page.getByRole('button', { name: 'Attach files' })
const chips = (page: Page) => page.getByRole('list', { name: 'Files to send' })

/** Pastes a 640×480 PNG drawn in the page into the message box, as a screenshot is pasted. */
async function pastePhoto(page: Page, name = 'photo.png') {
  await expect(attachButton(page)).toBeVisible()
  await composer(page).evaluate(async (box, fileName) => {
    const canvas = new OffscreenCanvas(640, 480)
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D
    context.fillStyle = '#2563eb'
    context.fillRect(0, 0, 640, 480)
    context.fillStyle = '#fbbf24'
    context.fillRect(160, 120, 320, 240)
    const blob = await canvas.convertToBlob({ type: 'image/png' })
    const data = new DataTransfer()
    data.items.add(new File([blob], fileName, { type: 'image/png' }))
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
  }, name)
}

/** Drops a file onto the conversation, as a file dragged from the desktop is. */
async function dropFile(page: Page, name: string, text: string) {
  await expect(attachButton(page)).toBeVisible()
  await page.evaluate(
    ([fileName, content]) => {
      const data = new DataTransfer()
      data.items.add(new File([content as string], fileName as string, { type: 'text/markdown' }))
      const target = document.querySelector('main') ?? document.body
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        )
      }
    },
    [name, text],
  )
}

test('a pasted image reaches each provider, shows as a thumbnail after a reload, and opens large', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUp(page, 'Pixel Pat')
  await chatWithGpt5(page)
  const providers = [
    { model: 'GPT-5', label: null, key: '' },
    { model: 'Claude Sonnet 4.5', label: 'Anthropic', key: `sk-ant-test-${Date.now()}` },
    { model: 'Gemini 2.5 Flash', label: 'Google', key: `AIza-test-${Date.now()}` },
  ]
  for (const [index, provider] of providers.entries()) {
    await test.step(provider.model, async () => {
      if (provider.label) await saveKeyAndPick(page, provider.label, provider.key, provider.model)
      await pastePhoto(page)
      await expect(chips(page).getByRole('listitem')).toContainText('image/png, 640×480')
      await composer(page).fill(`What is in this picture, ${provider.model}?`)
      await composer(page).press('Enter')
      await expect(chips(page)).toBeHidden()
      const reply = page.getByRole('article', { name: `${provider.model} message` })
      await expect(reply).toContainText('Attachments received: image/png, 640×480')
      await expect(page.getByRole('button', { name: 'Open photo.png' })).toHaveCount(index + 1)
    })
  }

  await page.reload()
  const thumbnails = page.getByRole('button', { name: 'Open photo.png' })
  await expect(thumbnails).toHaveCount(3)
  await expect(thumbnails.first().getByRole('img', { name: 'photo.png' })).toBeVisible()
  await thumbnails.first().click()
  const viewer = page.getByRole('dialog', { name: 'photo.png' })
  await expect(viewer).toContainText('image/png, 640×480')
  const large = viewer.getByRole('img', { name: 'photo.png' })
  await expect(large).toBeVisible()
  expect(await large.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640)
  expect(await axeBlocking(page, '[role="dialog"]')).toEqual([])
  await viewer.getByRole('button', { name: 'Close' }).click()
  await expect(viewer).toBeHidden()
  expect(await axeBlocking(page, '[aria-label="Attachments"]')).toEqual([])
})

test('a dropped text file goes to the provider as named, fenced text', async ({
  page,
  request,
}) => {
  await signUp(page, 'Text Tess')
  const key = await chatWithGpt5(page, ownKey('attach'))
  const notes = '# Shopping\n\n- apples\n- `pears`\n'
  await dropFile(page, 'notes.md', notes)
  await expect(chips(page).getByRole('listitem')).toContainText('Text file')
  await composer(page).fill('Summarise my notes')
  await composer(page).press('Enter')
  const reply = page.getByRole('article', { name: 'GPT-5 message' })
  await expect(reply).toContainText(`notes.md (text, ${[...notes].length} characters)`)
  const [call] = (await requestsSentWith(request, key)).filter((r) => r.method === 'POST')
  const sent = call?.body.messages?.at(-1)?.content
  expect(sent).toContain('Summarise my notes')
  expect(sent).toContain(`notes.md\n\`\`\`\n${notes}`)
  await expect(page.getByRole('article', { name: 'You message' })).toContainText('notes.md')
})

test('a file too large and a program named .png are refused, and the typed text and other files stay', async ({
  page,
}) => {
  await signUp(page, 'Careful Cam')
  await chatWithGpt5(page)
  await composer(page).fill('Keep this text')
  await expect(attachButton(page)).toBeVisible()
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  await page.locator('input[type="file"]').setInputFiles([
    {
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([png, Buffer.alloc(21 * 1024 * 1024 - png.length)]),
    },
    {
      name: 'setup.png',
      mimeType: 'image/png',
      buffer: Buffer.from('MZ\x90\x00 not really a picture'),
    },
    { name: 'todo.txt', mimeType: 'text/plain', buffer: Buffer.from('water the plants') },
  ])
  await expect(
    toast(page, '“huge.png” is too large (21.0 MB). Images can be at most 20 MB.'),
  ).toBeVisible()
  await expect(
    toast(
      page,
      '“setup.png” can’t be attached. Attach PNG, JPEG, WebP or GIF images, or text files.',
    ),
  ).toBeVisible()
  await expect(chips(page).getByRole('listitem')).toHaveCount(1)
  await expect(chips(page)).toContainText('todo.txt')
  await expect(composer(page)).toHaveValue('Keep this text')
  // The chips in both themes.
  const toolbar = page.getByRole('navigation', { name: 'Toolbar' })
  for (const theme of ['light', 'dark']) {
    await toolbar.getByRole('button', { name: /^Switch to (light|dark) theme$/ }).click()
    await expect(page.locator('html')).toHaveClass(new RegExp(theme))
    expect(await axeBlocking(page, 'form[aria-label="Message composer"]'), theme).toEqual([])
  }
  await chips(page).getByRole('button', { name: 'Remove todo.txt' }).click()
  await expect(chips(page)).toBeHidden()
  await expect(composer(page)).toHaveValue('Keep this text')
})

test('a model its server says takes text alone is not sent images; another of the server’s is', async ({
  page,
  baseURL,
}) => {
  await signUp(page, 'Server Sol')
  await page
    .getByRole('navigation', { name: 'Toolbar' })
    .getByRole('button', { name: /Select Model|GPT|Claude|Gemini/ })
    .click()
  const picker = page.getByRole('dialog', { name: 'Select AI Model' })
  await picker.getByRole('button', { name: 'Manage API Keys' }).click()
  const keys = page.getByRole('dialog', { name: 'Manage API Keys' })
  const form = keys
    .getByRole('region', { name: 'OpenAI-compatible servers' })
    .getByRole('form', { name: 'Add server' })
  await form.getByLabel('Name').fill('Local Llama')
  await form.getByLabel('Base URL').fill(`${baseURL}/fake-compatible`)
  await form.getByRole('button', { name: 'Add server' }).click()
  await expect(toast(page, 'Added Local Llama with 2 models')).toBeVisible()
  await keys.getByRole('button', { name: 'Close' }).click()
  const server = picker.getByRole('region', { name: 'Local Llama' })
  await server.getByRole('button', { name: /llama3\.2:3b/ }).click()
  await expect(composer(page)).toHaveAttribute('placeholder', 'Message llama3.2:3b...')

  await pastePhoto(page)
  await expect(chips(page).getByRole('listitem')).toContainText('image/png, 640×480')
  await composer(page).fill('Describe it')
  await composer(page).press('Enter')
  await expect(
    toast(
      page,
      'The chosen model cannot read images. Remove the images, or choose a model that can.',
    ),
  ).toBeVisible()
  await expect(composer(page)).toHaveValue('Describe it')
  await expect(chips(page).getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('article')).toHaveCount(0)

  await page
    .getByRole('navigation', { name: 'Toolbar' })
    .getByRole('button', { name: /llama/ })
    .click()
  await server.getByRole('button', { name: /qwen2\.5:7b/ }).click()
  await composer(page).press('Enter')
  await expect(page.getByRole('article', { name: 'qwen2.5:7b message' })).toContainText(
    'Attachments received: image/png, 640×480',
  )
})
