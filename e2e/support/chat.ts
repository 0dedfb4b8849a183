import { expect, type Page } from '@playwright/test'
import { ownKey } from './provider-requests'
import { toast } from './session'

export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })

/**
 * Saves an OpenAI key in the model settings (one of the test's own unless given) and picks
 * GPT-5. Returns the key: what the fakes received with it is the test's (provider-requests.ts).
 */
export async function chatWithGpt5(page: Page, key = ownKey()): Promise<string> {
  await expect(composer(page)).toHaveAttribute('placeholder', /^Message .+\.\.\.$/)
  await saveKeyAndPick(page, 'OpenAI', key, 'GPT-5')
  return key
}

/** Opens the model picker from the toolbar. */
export async function openPicker(page: Page) {
  await page
    .getByRole('navigation', { name: 'Toolbar' })
    .getByRole('button', { name: /Select Model|GPT|Claude|Gemini|llama|qwen/ })
    .click()
  return page.getByRole('dialog', { name: 'Select AI Model' })
}

/** Opens Manage API Keys over the model picker. */
export async function openKeys(page: Page) {
  const picker = await openPicker(page)
  await picker.getByRole('button', { name: 'Manage API Keys' }).click()
  return page.getByRole('dialog', { name: 'Manage API Keys' })
}

/** Saves `key` as the provider's (its field's `label`) in the model settings, then picks `model`. */
export async function saveKeyAndPick(page: Page, label: string, key: string, model: string) {
  const keys = await openKeys(page)
  const picker = page.getByRole('dialog', { name: 'Select AI Model' })
  await keys.getByRole('textbox', { name: `${label} API Key`, exact: true }).fill(key)
  const form = keys.getByRole('form', { name: `${label} API key` })
  await form.getByRole('button', { name: 'Save API Key' }).click()
  await expect(toast(page, `${label.toLowerCase()} API key saved successfully`)).toBeVisible()
  await keys.getByRole('button', { name: 'Close' }).click()
  await picker
    .getByRole('button', { name: new RegExp(model) })
    .first()
    .click()
  await expect(composer(page)).toHaveAttribute('placeholder', `Message ${model}...`)
}

/** Types a message and sends it with Enter. */
export async function send(page: Page, text: string) {
  await composer(page).fill(text)
  await composer(page).press('Enter')
}
