import { expect, type Page, test } from '@playwright/test'
import { createPrompt, openLibrary } from './support/prompts'
import { readRows } from './support/rows'
import { signUp, toast } from './support/session'

// The quick menu in the user's own order (docs/product/screens.md#quick-prompts-panel): by
// dragging, and from the keyboard alone, kept across a reload.

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Quick Prompts', exact: true }).click()
  const panel = page.getByRole('dialog', { name: 'Quick Prompts' })
  await expect(panel).toBeVisible()
  return panel
}

/** The menu's titles in the order the database keeps. */
async function storedOrder(page: Page): Promise<string[]> {
  const entries = await readRows<{ prompt_id: string }>(
    page,
    'quick_prompts',
    'select=prompt_id&order=position.asc,created_at.asc',
  )
  const prompts = await readRows<{ id: string; title: string }>(page, 'prompts', 'select=id,title')
  const titleOf = new Map(prompts.map((p) => [p.id, p.title]))
  return entries.map((entry) => titleOf.get(entry.prompt_id) ?? '')
}

test('reorder the quick menu by dragging and by keyboard; a reload keeps the order', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, 'Quinn Order')
  const run = Date.now()
  const titles = ['First', 'Second', 'Third'].map((t) => `${t} ${run}`)
  const library = await openLibrary(page)
  await library.getByRole('tab', { name: 'My Prompts' }).click()
  for (const title of titles) {
    await createPrompt(
      page,
      library,
      { title, content: `${title}.` },
      { system: false, isPublic: false },
    )
  }
  // Added oldest first, so the menu starts in the order they were made.
  for (const title of titles) {
    await library
      .getByRole('article', { name: title })
      .getByRole('button', { name: 'Add to Quick Menu' })
      .click()
    await expect(toast(page, `Added "${title}" to quick menu`)).toBeVisible()
  }
  await library.getByRole('button', { name: 'Close' }).click()

  let panel = await openPanel(page)
  const entry = (title: string) => panel.getByRole('listitem').filter({ hasText: title })
  const order = () =>
    panel
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => item.querySelector('button span span')?.textContent ?? ''),
      )
  const [first, second, third] = titles as [string, string, string]
  await expect.poll(order).toEqual([first, second, third])

  // Drag the third onto the first: it takes the first place.
  await entry(third).dragTo(entry(first))
  await expect.poll(order).toEqual([third, first, second])

  // From the keyboard: focus an entry's control, Alt+↓ twice.
  await entry(third)
    .getByRole('button', { name: `Remove ${third} from quick menu` })
    .focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect.poll(order).toEqual([first, third, second])
  await expect(panel.getByRole('button', { name: `Remove ${third} from quick menu` })).toBeFocused()
  await page.keyboard.press('Alt+ArrowDown')
  await expect.poll(order).toEqual([first, second, third])
  await panel.getByRole('button', { name: `Move ${second} up` }).click()
  await expect.poll(order).toEqual([second, first, third])
  // The reload waits for this order to be saved.
  await expect.poll(() => storedOrder(page)).toEqual([second, first, third])
  await page.reload()
  panel = await openPanel(page)
  await expect.poll(order).toEqual([second, first, third])
})
