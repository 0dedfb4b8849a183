import { expect, type Page, test } from '@playwright/test'
import { chatWithGpt5, send } from './support/chat'
import { forgetRequestsSentWith, turnsSentWith } from './support/provider-requests'
import { ARTIFACTS, signUp, waitForToastsToGo } from './support/session'

// Branches (docs/product/conversations.md#branches) on `npm start` with the fake providers:
// an edit answers the edited text as a new version, Regenerate keeps each reply as a version,
// `‹ n / m ›` switches between them, and the choice survives a reload.

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' })
const articles = (page: Page) => conversation(page).getByRole('article')
const questions = (page: Page) => conversation(page).getByRole('article', { name: 'You message' })
const replies = (page: Page) => conversation(page).getByRole('article', { name: 'GPT-5 message' })

/** Waits until no reply is arriving: the last one has settled. */
async function replySettled(page: Page) {
  await expect(conversation(page).locator('[data-streaming]')).toHaveCount(0)
  await expect(
    conversation(page).getByRole('status', { name: 'Waiting for the reply' }),
  ).toHaveCount(0)
}

test('editing the second of three questions answers the edited text; ‹ › switches branches', async ({
  page,
  request,
}) => {
  await signUp(page, 'Edith Branch')
  const key = await chatWithGpt5(page)
  await waitForToastsToGo(page)
  await forgetRequestsSentWith(request, key)
  for (const question of ['First question', 'Second question', 'Third question']) {
    await send(page, question)
    await expect(questions(page).last()).toContainText(question)
    await replySettled(page)
  }
  await expect(articles(page)).toHaveCount(6)

  await test.step('Edit opens a box in the message; Enter sends the new text', async () => {
    const second = questions(page).nth(1)
    await second.hover()
    await second.getByRole('button', { name: 'Edit message' }).click()
    const box = page.getByRole('textbox', { name: 'Edit message' })
    await expect(box).toBeFocused()
    await expect(box).toHaveValue('Second question')
    await box.fill('Second question, edited')
    await page.screenshot({ path: `${ARTIFACTS}/branches-editing.png` })
    await box.press('Enter')
    await expect(questions(page).nth(1)).toContainText('Second question, edited')
    await replySettled(page)
  })

  await test.step('the reply came from the edited text, after the messages before it', async () => {
    const turns = await turnsSentWith(request, key)
    expect(turns).toHaveLength(4)
    const edited = turns[3] ?? []
    expect(edited.at(-1)).toBe('Second question, edited')
    expect(edited.slice(0, -1)).toEqual((turns[1] ?? []).slice(0, -1))
    expect(edited.join(' ')).not.toContain('Third question')
    await expect(articles(page)).toHaveCount(4)
    const versions = questions(page).nth(1).getByRole('group', { name: 'Versions' })
    await expect(versions).toContainText('2 / 2')
    await page.screenshot({ path: `${ARTIFACTS}/branches-edited.png` })
  })

  await test.step('‹ shows the first branch with its replies; a reload keeps it', async () => {
    const versions = questions(page).nth(1).getByRole('group', { name: 'Versions' })
    await versions.getByRole('button', { name: 'Previous version' }).click()
    await expect(articles(page)).toHaveCount(6)
    await expect(questions(page).nth(1)).toContainText('Second question')
    await expect(questions(page).nth(2)).toContainText('Third question')
    await expect(questions(page).nth(1).getByRole('group', { name: 'Versions' })).toContainText(
      '1 / 2',
    )
    await page.reload()
    await expect(questions(page).nth(2)).toContainText('Third question')
    await expect(articles(page)).toHaveCount(6)
    // The next question follows the branch on screen.
    await forgetRequestsSentWith(request, key)
    await send(page, 'Fourth question')
    await replySettled(page)
    const [next] = await turnsSentWith(request, key)
    expect(next).toContain('Third question')
    expect(next).not.toContain('Second question, edited')
  })
})

test('Regenerate twice gives ‹ 3 / 3 ›, each asked with the same context', async ({
  page,
  request,
}) => {
  await signUp(page, 'Regina Branch')
  const key = await chatWithGpt5(page)
  await waitForToastsToGo(page)
  await send(page, 'Tell me something')
  await replySettled(page)
  await forgetRequestsSentWith(request, key)
  for (let i = 0; i < 2; i++) {
    await replies(page).last().getByRole('button', { name: 'Regenerate' }).click()
    await replySettled(page)
    await expect(replies(page).last().getByRole('button', { name: 'Regenerate' })).toBeVisible()
  }
  const versions = replies(page).last().getByRole('group', { name: 'Versions' })
  await expect(versions).toContainText('3 / 3')
  await expect(articles(page)).toHaveCount(2)
  const turns = await turnsSentWith(request, key)
  expect(turns).toHaveLength(2)
  expect(turns[1]).toEqual(turns[0])
  await versions.getByRole('button', { name: 'Previous version' }).click()
  await expect(replies(page).last().getByRole('group', { name: 'Versions' })).toContainText('2 / 3')
  await page.reload()
  await expect(replies(page).last().getByRole('group', { name: 'Versions' })).toContainText('2 / 3')
  for (const width of [390, 800, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `${ARTIFACTS}/branches-versions-${width}.png` })
  }
})
