import { expect, type Locator, type Page } from '@playwright/test'

/** Opens the Prompt Library from the header; returns the dialog. */
export async function openLibrary(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Library', exact: true }).click()
  const library = page.getByRole('dialog', { name: 'Prompt Library' })
  await expect(library).toBeVisible()
  return library
}

/** Creates a prompt through the open library's Create dialog, as a user would. */
export async function createPrompt(
  page: Page,
  library: Locator,
  prompt: { title: string; content: string },
  options: { system: boolean; isPublic: boolean },
) {
  await library.getByRole('button', { name: 'Create', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Prompt' })
  // The dialog moves focus to its first field once it is open; typing before that races it.
  await expect(dialog.getByLabel('Title')).toBeFocused()
  await dialog.getByLabel('Title').fill(prompt.title)
  await dialog.getByLabel('Content').fill(prompt.content)
  if (options.system) await dialog.getByText('System Prompt').click()
  if (options.isPublic) await dialog.getByText('Make Public').click()
  await dialog.getByRole('button', { name: 'Create Prompt' }).click()
  await expect(page.getByText('Prompt created successfully').first()).toBeVisible()
  await expect(dialog).toBeHidden()
}
