import { expect, test } from '@playwright/test'
import { chatWithGpt5, composer } from './support/chat'
import { signUp, toast } from './support/session'

// Issue 13 on `npm start` with fake providers: the model choice survives a reload, and a failed
// turn is sent again with Retry. The first OpenAI call is failed by the browser's router
// (once), so the retry reaches the fake and succeeds.

test('a picked model survives a reload; a failed turn is sent again with Retry', async ({
  page,
}) => {
  await signUp(page, 'Retry Ruth')

  await test.step('save an OpenAI key and pick GPT-5', () => chatWithGpt5(page, 'sk-test-retry'))

  await test.step('reload: GPT-5 is selected again', async () => {
    await page.reload()
    await expect(composer(page)).toHaveAttribute('placeholder', 'Message GPT-5...')
  })

  await test.step('a failed call marks the message; Retry sends it once more', async () => {
    let calls = 0
    await page.route(
      '**/v1/chat/completions',
      (route) => {
        calls++
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { message: 'The server had an error' } }),
        })
      },
      { times: 1 },
    )
    await composer(page).fill('Please answer this time')
    await composer(page).press('Enter')
    await expect(toast(page, 'OpenAI API error: The server had an error')).toBeVisible()
    const mine = page.getByRole('article', { name: 'You message' })
    await expect(mine).toContainText('Not sent')
    await expect(composer(page)).toHaveValue('')
    expect(calls).toBe(1)

    await mine.getByRole('button', { name: 'Retry' }).click()
    const reply = page.getByRole('article', { name: 'GPT-5 message' })
    await expect(reply.locator('strong')).toHaveText('OpenAI fake reply')
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0)
    await expect(mine).not.toContainText('Not sent')
  })

  await test.step('reload: the user message was stored once, with its reply', async () => {
    await page.reload()
    await expect(page.getByRole('article')).toHaveCount(2)
    await expect(page.getByRole('article', { name: 'You message' })).toContainText(
      'Please answer this time',
    )
  })
})
