import { expect, type Locator, test } from '@playwright/test'
import { createPrompt, openLibrary } from './support/prompts'
import { signUp } from './support/session'

// Favourites and tags (docs/product/screens.md#favourites-and-tags), from the keyboard and
// the mouse, kept across a reload: each filter shows exactly what was marked.

const titlesIn = (library: Locator) =>
  library
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))

test('tag and star prompts, filter by each, and find them so after a reload', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, 'Tess Tagger')
  const run = Date.now()
  const plan = `Trip plan ${run}`
  const review = `Code review ${run}`
  const draft = `Draft email ${run}`
  let library = await openLibrary(page)
  await library.getByRole('tab', { name: 'My Prompts' }).click()
  for (const title of [plan, review, draft]) {
    await createPrompt(
      page,
      library,
      { title, content: `${title}: go.` },
      {
        system: false,
        isPublic: false,
      },
    )
  }
  const card = (title: string) => library.getByRole('article', { name: title })
  await expect(library.getByRole('article')).toHaveCount(3)

  // Star one with the mouse, one from the keyboard.
  await card(plan).getByRole('button', { name: 'Favourite' }).click()
  await card(review).getByRole('button', { name: 'Favourite' }).focus()
  await page.keyboard.press('Enter')
  await expect(card(review).getByRole('button', { name: 'Favourite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  // Tag two of them "travel", one of those also "Work".
  await card(plan)
    .getByRole('textbox', { name: `Add a tag to ${plan}` })
    .fill('travel')
  await page.keyboard.press('Enter')
  await card(draft)
    .getByRole('textbox', { name: `Add a tag to ${draft}` })
    .fill('Travel')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Work,')
  await expect(card(draft).getByRole('button', { name: /^#/ })).toHaveText(['#Travel', '#Work'])

  await library.getByRole('button', { name: 'Favourites' }).click()
  await expect.poll(() => titlesIn(library)).toEqual([review, plan])
  await library.getByRole('button', { name: 'Favourites' }).click()
  await expect(library.getByRole('article')).toHaveCount(3)

  // A tag's chip filters by it, whatever the case it was typed in.
  await card(plan).getByRole('button', { name: '#travel' }).click()
  await expect(library.getByText('Tagged #travel')).toBeVisible()
  await expect.poll(() => titlesIn(library)).toEqual([draft, plan])
  await library.getByRole('button', { name: 'Favourites' }).click()
  await expect.poll(() => titlesIn(library)).toEqual([plan])
  await library.getByRole('button', { name: 'Favourites' }).click()
  await library.getByRole('button', { name: 'Clear tag filter' }).click()
  await expect(library.getByRole('article')).toHaveCount(3)

  // A reload reads every mark back.
  await page.reload()
  library = await openLibrary(page)
  await library.getByRole('tab', { name: 'My Prompts' }).click()
  await expect(card(draft).getByRole('button', { name: /^#/ })).toHaveText(['#Travel', '#Work'])
  await expect(card(plan).getByRole('button', { name: 'Favourite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(card(draft).getByRole('button', { name: 'Favourite' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await card(draft).getByRole('button', { name: '#Work' }).click()
  await expect.poll(() => titlesIn(library)).toEqual([draft])
})
