import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { postRows, userIdOf } from './support/rows'
import { signUp } from './support/session'

// Pins and folders (docs/product/conversations.md#pins-and-folders) on `npm start`: pin, a new
// folder, Move into it, rename it; a reload shows all of it as it was left.

/** Three conversations of the user's, the first the newest. */
async function seedConversations(page: Page, titles: string[]) {
  const userId = await userIdOf(page)
  const now = Date.now()
  await postRows(
    page,
    'conversations',
    titles.map((title, i) => {
      const at = new Date(now - (i + 1) * 60_000).toISOString()
      return {
        id: `conv_${title.replaceAll(' ', '_')}_${now}`,
        user_id: userId,
        title,
        created_at: at,
        updated_at: at,
      }
    }),
  )
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Conversation sidebar' })
const titles = (page: Page, list: string) =>
  sidebar(page).getByRole('list', { name: list, exact: true }).locator('li[data-row] span[title]')

test('pin, a new folder, move, rename, close: a reload keeps them all', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Organised Olga')
  await seedConversations(page, ['Groceries', 'Trip to Porto', 'Tax return'])
  await page.reload()
  const side = sidebar(page)

  // Pin: the oldest goes to the top, under Pinned.
  await side.getByRole('button', { name: 'More for Tax return' }).click()
  await page
    .getByRole('dialog', { name: 'Tax return' })
    .getByRole('button', { name: 'Pin to top' })
    .click()
  await expect(titles(page, 'Pinned')).toHaveText(['Tax return'])

  // A new folder, named in place.
  await side.getByRole('button', { name: 'New folder' }).click()
  await side.getByRole('textbox', { name: 'New folder name' }).fill('Travel')
  await side.getByRole('textbox', { name: 'New folder name' }).press('Enter')
  await expect(side.getByRole('button', { name: /^Travel/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  )

  // Move a conversation into it from its row.
  await side.getByRole('button', { name: 'More for Trip to Porto' }).click()
  const dialog = page.getByRole('dialog', { name: 'Trip to Porto' })
  await dialog.getByRole('button', { name: 'Travel' }).click()
  await expect(dialog).toBeHidden()
  await expect(titles(page, 'Travel')).toHaveText(['Trip to Porto'])
  await expect(titles(page, 'Your conversations')).toHaveText(['Groceries'])

  // Rename the folder.
  await side.getByRole('button', { name: /^Travel/ }).hover()
  await side.getByRole('button', { name: 'Rename folder Travel' }).click()
  await side.getByRole('textbox', { name: 'Folder name' }).fill('Holidays')
  await side.getByRole('textbox', { name: 'Folder name' }).press('Enter')
  await expect(titles(page, 'Holidays')).toHaveText(['Trip to Porto'])

  await page.reload()
  await expect(titles(page, 'Pinned')).toHaveText(['Tax return'])
  await expect(titles(page, 'Holidays')).toHaveText(['Trip to Porto'])
  await expect(titles(page, 'Your conversations')).toHaveText(['Groceries'])

  // A closed folder stays closed across a reload, in this browser.
  const holidays = side.getByRole('button', { name: /^Holidays/ })
  await holidays.click()
  await expect(holidays).toHaveAttribute('aria-expanded', 'false')
  await expect(side.getByRole('button', { name: /^Trip to Porto/ })).toHaveCount(0)
  await page.reload()
  await expect(titles(page, 'Pinned')).toHaveText(['Tax return'])
  await expect(side.getByRole('button', { name: /^Holidays/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
  await expect(side.getByRole('button', { name: /^Trip to Porto/ })).toHaveCount(0)
})

test('Export as Markdown downloads the conversation, each message in order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Exporting Eva')
  const userId = await userIdOf(page)
  const id = `conv_export_${Date.now()}`
  const start = Date.now() - 3_600_000
  await postRows(page, 'conversations', [
    { id, user_id: userId, title: 'Porto notes', created_at: new Date(start).toISOString() },
  ])
  await postRows(
    page,
    'chat_messages',
    Array.from({ length: 6 }, (_, i) => ({
      id: `${id}_${i + 1}`,
      user_id: userId,
      conversation_id: id,
      model_id: 'gpt-5',
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `line ${i + 1}`,
      created_at: new Date(start + (i + 1) * 1000).toISOString(),
    })),
  )
  await page.reload()
  const side = sidebar(page)
  await side.getByRole('button', { name: 'More for Porto notes' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('dialog', { name: 'Porto notes' })
      .getByRole('button', { name: 'Export as Markdown' })
      .click(),
  ])
  expect(download.suggestedFilename()).toBe('Porto notes.md')
  const text = readFileSync((await download.path()) ?? '', 'utf8')
  expect(text.startsWith('# Porto notes\n')).toBe(true)
  expect([...text.matchAll(/^line (\d)$/gm)].map((m) => m[1])).toEqual([
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
  ])
  expect(text).toContain('**You**')
})
