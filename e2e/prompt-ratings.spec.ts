import type { Page } from '@playwright/test'
import { createPrompt, openLibrary } from './support/prompts'
import { signUp } from './support/session'
import { expect, type FreshContext, test } from './support/test'

// Rating another user's public prompt (docs/product/screens.md, the Prompt Library): each
// click saves the stars clicked, however soon it follows the one before.

async function userPage(open: FreshContext, name: string): Promise<Page> {
  const context = await open({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await signUp(page, name)
  return page
}

/** The ratings the page writes, in order, read from the requests it sends. */
function ratingsSent(page: Page): number[] {
  const sent: number[] = []
  page.on('request', (request) => {
    if (!/\/rest\/v1\/prompt_ratings/.test(request.url())) return
    if (!['POST', 'PATCH'].includes(request.method())) return
    // The rating column is text holding a whole number (docs/product/data.md).
    const body = request.postDataJSON() as { rating?: string } | Array<{ rating?: string }>
    const row = Array.isArray(body) ? body[0] : body
    if (row?.rating !== undefined) sent.push(Number(row.rating))
  })
  return sent
}

test('each star clicked is the rating saved, clicked in quick succession', async ({
  freshContext,
}) => {
  test.setTimeout(120_000)
  const title = `Rated ${Date.now()}`
  const author = await userPage(freshContext, 'Rita Author')
  const authorLibrary = await openLibrary(author)
  await createPrompt(
    author,
    authorLibrary,
    { title, content: 'Say hello.' },
    { system: false, isPublic: true },
  )

  const rater = await userPage(freshContext, 'Ray Rater')
  const sent = ratingsSent(rater)
  const library = await openLibrary(rater)
  const card = library.getByRole('article', { name: title })
  const summary = card.getByTestId('rating-summary')
  await expect(summary).toHaveText('0.0 (0)')

  await card.getByRole('radio', { name: '3 stars' }).click()
  await expect(summary).toHaveText('3.0 (1)')
  await rater.waitForTimeout(1000)
  await card.getByRole('radio', { name: '1 star' }).click()
  await expect(summary).toHaveText('1.0 (1)')
  // At once after: the list is still being read again after the last rating.
  await card.getByRole('radio', { name: '4 stars' }).click()
  await expect(summary).toHaveText('4.0 (1)')
  await card.getByRole('radio', { name: '2 stars' }).click()
  await expect(summary).toHaveText('2.0 (1)')
  expect(sent).toEqual([3, 1, 4, 2])
})
