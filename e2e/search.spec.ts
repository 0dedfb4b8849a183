import { expect, type Page, test } from '@playwright/test'
import { postRows, userIdOf } from './support/rows'
import { ARTIFACTS, signUp } from './support/session'

// Search (docs/product/search.md) on `npm start`: Ctrl+K from the message box, typing at once
// into the search, and a result far up a long conversation opened at its message, which is
// in view and lit, with the rows beyond three pages virtual (docs/rendering.md).

/**
 * A conversation of `count` messages ("note n") with `text` as message `at`, as the user's,
 * its last message `endsAgo` ms ago.
 */
async function seedConversation(
  page: Page,
  {
    title,
    count,
    at,
    text,
    endsAgo,
  }: { title: string; count: number; at: number; text: string; endsAgo: number },
) {
  const userId = await userIdOf(page)
  const id = `conv_${title.replaceAll(' ', '_')}_${Date.now()}`
  const start = Date.now() - endsAgo - count * 1000
  const time = (n: number) => new Date(start + n * 1000).toISOString()
  await postRows(page, 'conversations', [
    { id, user_id: userId, title, created_at: time(0), updated_at: time(0) },
  ])
  for (let from = 1; from <= count; from += 100) {
    const rows = []
    for (let n = from; n < Math.min(from + 100, count + 1); n++)
      rows.push({
        id: `${id}_${n}`,
        user_id: userId,
        conversation_id: id,
        model_id: 'gpt-5',
        role: n % 2 === 1 ? 'user' : 'assistant',
        content: n === at ? text : `note ${n}`,
        created_at: time(n),
      })
    await postRows(page, 'chat_messages', rows)
  }
  return { id, messageId: `${id}_${at}` }
}

test('Ctrl+K from the message box; a result 430 messages up opens in view and lit', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Search Sam')
  const long = await seedConversation(page, {
    title: 'Seabirds',
    count: 450,
    at: 20,
    text: 'The albatross glides for hours over the southern ocean.',
    endsAgo: 600_000,
  })
  await seedConversation(page, {
    title: 'Recent chat',
    count: 4,
    at: 2,
    text: 'Nothing about birds here.',
    endsAgo: 5_000,
  })
  await page.reload()
  const box = page.getByRole('textbox', { name: 'Message' })
  await expect(page.getByText('Nothing about birds here.')).toBeVisible()

  await test.step('Ctrl+K opens search with its box focused, even from the message box', async () => {
    await box.click()
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: 'Search' })
    await expect(dialog).toBeVisible()
    const field = dialog.getByRole('combobox', { name: 'Search conversations and prompts' })
    await expect(field).toBeFocused()
    await page.keyboard.type('albatross ocean')
    const result = dialog.getByRole('option').first()
    await expect(result).toContainText('Seabirds')
    await expect(result.locator('mark').first()).toHaveText('albatross')
    await page.screenshot({ path: `${ARTIFACTS}/search-results.png` })
  })

  await test.step('Enter opens the conversation at the message, in view and lit', async () => {
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`[?&]c=${long.id}`))
    const found = page.locator(`[data-message-id="${long.messageId}"]`)
    await expect(found).toBeInViewport()
    await expect(found).toHaveAttribute('data-found', '')
    await expect(found).toContainText('The albatross glides')
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
    // Beyond three pages the rows are virtual: far fewer than the 431 read are in the page.
    expect(await page.getByRole('article').count()).toBeLessThan(80)
    // It stays where it was put: no pull back to the end.
    await page.waitForTimeout(500)
    await expect(found).toBeInViewport()
  })

  await test.step('Jump to latest goes back to the end', async () => {
    await page.getByRole('button', { name: 'Jump to latest' }).click()
    await expect(page.getByText('note 450', { exact: true })).toBeInViewport()
  })
})
