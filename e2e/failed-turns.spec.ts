import { expect, type Page, test } from '@playwright/test'
import { chatWithGpt5, composer, openPicker, send } from './support/chat'
import { forgetRequestsSentWith, turnsSentWith } from './support/provider-requests'
import { signUp, toast, waitForToastsToGo } from './support/session'

// A failed turn keeps its mark (docs/product/behaviour.md#chat-sending) on `npm start` with the
// fake providers: `Not sent`, its error and Retry outlive a later send and a reload, and Retry
// then asks again for that message's reply.

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' })
const questions = (page: Page) => conversation(page).getByRole('article', { name: 'You message' })

test('a [fail:500] turn, another send, a reload: the mark and Retry are still there', async ({
  page,
  request,
}) => {
  await signUp(page, 'Faye Later')
  const key = await chatWithGpt5(page)
  await waitForToastsToGo(page)
  await send(page, 'Break on purpose [fail:500]')
  const failed = questions(page).first()
  await expect(failed.getByText('Not sent')).toBeVisible()
  // Why, on hover: the toast said it when it failed.
  await expect(failed.getByText('Not sent')).toHaveAttribute('title', /^OpenAI API error/)
  await expect(composer(page)).toBeEnabled()
  await send(page, 'Something else')
  await expect(conversation(page).getByRole('article', { name: 'GPT-5 message' })).toContainText(
    'You said: Something else',
  )
  await expect(failed.getByText('Not sent')).toBeVisible()

  await page.reload()
  await expect(questions(page)).toHaveCount(2)
  const marked = questions(page).first()
  await expect(marked.getByText('Not sent')).toHaveAttribute('title', /^OpenAI API error/)
  await forgetRequestsSentWith(request, key)
  await marked.getByRole('button', { name: 'Retry' }).click()
  // Asked again with that message as the newest turn: nothing sent after it.
  await expect.poll(async () => (await turnsSentWith(request, key)).length).toBe(1)
  const [again] = await turnsSentWith(request, key)
  expect(again?.at(-1)).toBe('Break on purpose [fail:500]')
  expect(again).not.toContain('Something else')
  // The fake fails it again: the mark stays, with the error.
  await expect(questions(page).first().getByText('Not sent')).toBeVisible()
})

test('a message sent before its key was saved is answered by Retry after a reload', async ({
  page,
}) => {
  await signUp(page, 'Kim Nokey')
  await expect(composer(page)).toHaveAttribute('placeholder', /^Message .+\.\.\.$/)
  await (await openPicker(page)).getByRole('button', { name: /GPT-5/ }).first().click()
  await expect(composer(page)).toHaveAttribute('placeholder', 'Message GPT-5...')
  await send(page, 'Hello before my key')
  await expect(
    toast(page, 'No API key found for openai. Please add your API key in the model settings.'),
  ).toBeVisible()
  await expect(questions(page).first().getByText('Not sent')).toBeVisible()
  await waitForToastsToGo(page)
  await chatWithGpt5(page)
  await waitForToastsToGo(page)

  await page.reload()
  const marked = questions(page).first()
  await expect(marked.getByText('Not sent')).toHaveAttribute(
    'title',
    /^No API key found for openai/,
  )
  await marked.getByRole('button', { name: 'Retry' }).click()
  await expect(conversation(page).getByRole('article', { name: 'GPT-5 message' })).toContainText(
    'You said: Hello before my key',
  )
  await expect(marked.getByText('Not sent')).toHaveCount(0)
})
