import { expect, test } from '@playwright/test'
import { chatWithGpt5, send } from './support/chat'
import { signUp } from './support/session'

// Issue 13 on `npm start` with fake providers: a reply streams in, Stop keeps what arrived
// (across a reload), and Regenerate replaces the last reply. `[rate:N]` makes the fake send
// N tokens a second (docs/product/behaviour.md#streamed-replies).

test('a reply streams in with its usage; Stop keeps the partial reply; Regenerate replaces it', async ({
  page,
}) => {
  // Paced on purpose: about 4 s at 8 tokens a second, then 9 s for the regenerated reply at 3,
  // and two reloads, beside another worker (the suite's 90 s is enough).
  await signUp(page, 'Stream Sam')
  await chatWithGpt5(page)
  const reply = page.getByRole('article', { name: 'GPT-5 message' })
  const stop = page.getByRole('button', { name: 'Stop', exact: true })

  await test.step('the reply shows text before the fake has finished', async () => {
    await send(page, 'Stream slowly please [rate:8]')
    const growing = page.locator('article[data-streaming]')
    await expect(growing).toContainText('OpenAI fake reply')
    await expect(stop).toBeVisible()
    // Still arriving: the end of the reply is not there yet.
    await expect(growing).not.toContainText('Turns received')
    await expect(reply).toContainText('Turns received: 1', { timeout: 15_000 })
    await expect(page.locator('article[data-streaming]')).toHaveCount(0)
    await expect(stop).toHaveCount(0)
  })

  await test.step('the reply shows its tokens and cost, and the conversation its total', async () => {
    // GPT-5 is priced (docs/product/usage.md): tokens and dollars, never a bare number.
    await expect(reply).toContainText(/\d+ tokens · (<)?\$\d/)
    await expect(page.getByText(/^Conversation so far: \d+ tokens · (<)?\$\d/)).toBeVisible()
  })

  await test.step('Stop keeps the partial reply, marked stopped', async () => {
    await send(page, 'Now very slowly [rate:3]')
    const growing = page.locator('article[data-streaming]')
    await expect(growing).toContainText('OpenAI fake reply')
    await stop.click()
    const stopped = reply.nth(1)
    await expect(stopped).toContainText('Stopped')
    await expect(stopped).not.toContainText('Turns received')
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled()
  })

  await test.step('after a reload the stopped reply is still there, still marked', async () => {
    await page.reload()
    await expect(reply).toHaveCount(2)
    await expect(reply.nth(1)).toContainText('OpenAI fake reply')
    await expect(reply.nth(1)).toContainText('Stopped')
    await expect(reply.nth(1)).not.toContainText('Turns received')
  })

  await test.step('Regenerate replaces the last reply, and the replacement is what is stored', async () => {
    // The question keeps its [rate:3]; Regenerate asks again with the same words.
    await reply.nth(1).getByRole('button', { name: 'Regenerate' }).click()
    await expect(reply.nth(1)).toContainText('Turns received: 3', { timeout: 20_000 })
    await expect(reply.nth(1)).not.toContainText('Stopped')
    await expect(reply).toHaveCount(2)
    await page.reload()
    await expect(reply).toHaveCount(2)
    await expect(reply.nth(1)).toContainText('Turns received: 3')
    // Only the last reply offers Regenerate.
    await expect(page.getByRole('button', { name: 'Regenerate' })).toHaveCount(1)
  })
})

test('a reply keeps streaming while the user reads another conversation, and is there when they come back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Switch Sue')
  await chatWithGpt5(page)
  const sidebar = page.getByRole('complementary', { name: 'Conversation sidebar' })
  const row = (title: string) => sidebar.getByRole('button', { name: new RegExp(`^${title}`) })
  const replies = page.getByRole('article', { name: 'GPT-5 message' })

  await send(page, 'Other topic')
  await expect(replies).toHaveCount(1)
  await expect(replies.first()).toContainText('Turns received')
  await sidebar.getByRole('button', { name: 'New chat' }).click()
  await send(page, 'Slow topic [rate:8]')
  await expect(page.locator('article[data-streaming]')).toContainText('OpenAI fake reply')

  await row('Other topic').click()
  await expect(page.getByRole('article', { name: 'You message' })).toContainText('Other topic')
  // The reply goes on in its own conversation, which says so; nothing of it shows here.
  await expect(row('Slow topic')).toContainText('answering…')
  await expect(page.locator('article[data-streaming]')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0)
  await expect(row('Slow topic')).not.toContainText('answering…', { timeout: 20_000 })

  await row('Slow topic').click()
  await expect(replies).toHaveCount(1)
  await expect(replies.first()).toContainText('Turns received: 1')
  await expect(replies.first()).not.toContainText('Stopped')
  await page.reload()
  await expect(replies.first()).toContainText('Turns received: 1')
})

test('a reload while a reply streams finds the part that arrived, marked interrupted, with Regenerate', async ({
  page,
}) => {
  await signUp(page, 'Reload Rita')
  await chatWithGpt5(page)
  const replies = page.getByRole('article', { name: 'GPT-5 message' })
  await send(page, 'Take your time [rate:3]')
  const growing = page.locator('article[data-streaming]')
  await expect(growing).toContainText('OpenAI fake reply')

  await page.reload()
  await expect(replies).toHaveCount(1)
  const kept = replies.first()
  await expect(kept).toContainText('Interrupted: the reply broke off')
  await expect(kept).toContainText('OpenAI fake reply')
  await expect(kept).not.toContainText('Turns received')
  await expect(kept.getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'You message' })).toContainText('Take your time')
})
