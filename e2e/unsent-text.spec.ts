import { expect, test } from '@playwright/test'
import { chatWithGpt5, composer, send } from './support/chat'
import { signUp } from './support/session'

// Unsent text (docs/product/conversations.md#unsent-text): each conversation keeps what the
// user typed and has not sent, across switching and reloading, until it is sent.

test('each conversation keeps its unsent text across a switch and a reload', async ({ page }) => {
  // Two sends and two reloads: more than the default 30 s beside another worker.
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Draft Dora')
  await chatWithGpt5(page)
  const sidebar = page.getByRole('complementary', { name: 'Conversation sidebar' })

  await send(page, 'First conversation')
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
  await expect(composer(page)).toBeEnabled()
  await composer(page).fill('Half a reply to the first')
  const first = new URL(page.url()).searchParams.get('c')
  expect(first).toMatch(/^conv_/)

  await sidebar.getByRole('button', { name: 'New chat' }).click()
  await expect(composer(page)).toHaveValue('')
  await composer(page).fill('An idea for a new chat')

  await sidebar.getByRole('button', { name: /^First conversation/ }).click()
  await expect(composer(page)).toHaveValue('Half a reply to the first')

  await page.reload()
  await expect(composer(page)).toHaveValue('Half a reply to the first')
  await sidebar.getByRole('button', { name: 'New chat' }).click()
  await expect(composer(page)).toHaveValue('An idea for a new chat')

  // Sent, it is gone: after a reload the new conversation's box is empty.
  await composer(page).press('Enter')
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
  await expect(composer(page)).toHaveValue('')
  await page.reload()
  await expect(page.getByRole('article', { name: 'You message' })).toHaveCount(1)
  await expect(composer(page)).toHaveValue('')
})
