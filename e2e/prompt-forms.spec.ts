import { expect, test } from '@playwright/test'
import { openLibrary } from './support/prompts'
import { signUp } from './support/session'

// Create New Prompt over the library (docs/product/screens.md#edit-prompt): it dims the
// library under it, and Escape asks before it throws typed text away.

test('Create Prompt dims the library under it; Escape with a typed title asks first', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signUp(page, 'Form Fay')
  const library = await openLibrary(page)
  await library.getByRole('button', { name: 'Create', exact: true }).click()
  const create = page.getByRole('dialog', { name: 'Create New Prompt' })
  await expect(create.getByLabel('Title')).toBeFocused()

  // The second dialog's backdrop is drawn above the first dialog's card, which it dims.
  const layers = await page.evaluate(() => {
    const z = (part: string) =>
      [...document.querySelectorAll(`[data-scope="dialog"][data-part="${part}"]`)].map((el) =>
        Number(getComputedStyle(el).zIndex),
      )
    return { backdrops: z('backdrop'), positioners: z('positioner') }
  })
  expect(layers.backdrops).toHaveLength(2)
  expect(layers.backdrops[1]).toBeGreaterThan(layers.positioners[0]!)
  expect(layers.positioners[1]).toBeGreaterThan(layers.backdrops[1]!)

  await create.getByLabel('Title').fill('Half a thought')
  await page.keyboard.press('Escape')
  await expect(create.getByRole('alert')).toHaveText('Discard changes?')
  await expect(create.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(create.getByRole('alert')).toHaveCount(0)
  await expect(create.getByLabel('Title')).toHaveValue('Half a thought')
  await page.keyboard.press('Escape')
  await create.getByRole('button', { name: 'Discard' }).click()
  await expect(create).toBeHidden()
  await expect(library).toBeVisible()
})
