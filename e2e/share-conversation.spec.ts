import type { Page } from '@playwright/test'
import { chatWithGpt5, composer, send } from './support/chat'
import { signUp, toast } from './support/session'
import { expect, type FreshContext, test } from './support/test'

// Sharing a conversation by link (docs/product/conversations.md#share-by-link): the owner makes
// a link from the conversation's More dialog; anyone opens it signed out and reads a snapshot;
// a signed-in visitor continues it as their own; a revoked link says 'Conversation not found'.

const TITLE = 'Sam: plan a picnic by the river'

async function openShareDialog(page: Page) {
  await page
    .getByRole('complementary', { name: 'Conversation sidebar' })
    .getByRole('button', { name: `More for ${TITLE}` })
    .click()
  await page
    .getByRole('dialog', { name: TITLE })
    .getByRole('button', { name: 'Share link…' })
    .click()
  return page.getByRole('dialog', { name: `Share “${TITLE}”` })
}

async function visitor(open: FreshContext) {
  const context = await open()
  return { context, page: await context.newPage() }
}

test('a shared link shows the snapshot signed out, continues as a copy signed in, and is gone once revoked', async ({
  page,
  freshContext,
}) => {
  test.setTimeout(120_000)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await signUp(page, 'Sharing Sam')
  await chatWithGpt5(page)
  await send(page, TITLE)
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)

  const dialog = await openShareDialog(page)
  await expect(dialog.getByText('No links yet.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const made = dialog.getByRole('listitem').filter({ hasText: 'New link' })
  await expect(made).toContainText('2 messages')
  await made.getByRole('button', { name: 'Copy link' }).click()
  await expect(toast(page, 'Share link copied to clipboard!')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toMatch(/\/\?share=share_[0-9a-f]{32}$/)
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()

  // Said after sharing: not in the snapshot.
  await send(page, 'Sam: a later thought')
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(2)

  // Signed out: the snapshot, read-only.
  const stranger = await visitor(freshContext)
  await stranger.page.goto(link)
  await expect(stranger.page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  const messages = stranger.page.getByRole('list', { name: 'Messages' })
  await expect(messages.getByRole('listitem', { name: 'Question' })).toContainText(TITLE)
  await expect(messages.getByRole('listitem', { name: 'GPT-5 reply' })).toHaveCount(1)
  await expect(stranger.page.getByText('Sam: a later thought')).toHaveCount(0)
  await expect(composer(stranger.page)).toHaveCount(0)
  await expect(
    stranger.page.getByRole('button', { name: 'Sign in to continue this conversation' }),
  ).toBeVisible()

  // Signed in as someone else: continue it as a copy of their own.
  const friend = await visitor(freshContext)
  await signUp(friend.page, 'Friendly Fay')
  await friend.page.goto(link)
  await friend.page.getByRole('button', { name: 'Continue this conversation' }).click()
  await expect(friend.page).toHaveURL(/[?&]c=conv_\d+/)
  await expect(friend.page.getByRole('article', { name: 'You message' })).toContainText(TITLE)
  await expect(friend.page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
  await expect(
    friend.page.getByRole('complementary', { name: 'Conversation sidebar' }).getByText(TITLE),
  ).toBeVisible()

  // Revoked: the link names nothing, exactly as one never made.
  const again = await openShareDialog(page)
  await again.getByRole('button', { name: 'Revoke' }).click()
  await expect(toast(page, 'Share link revoked')).toBeVisible()
  await expect(again.getByText('No links yet.')).toBeVisible()
  await stranger.page.reload()
  await expect(
    stranger.page.getByRole('heading', { level: 1, name: 'Conversation not found' }),
  ).toBeVisible()
  await expect(stranger.page.getByText(TITLE)).toHaveCount(0)

  await stranger.page.goto('/?share=share_not-a-real-link')
  await expect(
    stranger.page.getByRole('heading', { level: 1, name: 'Conversation not found' }),
  ).toBeVisible()
  await stranger.context.close()
  await friend.context.close()
})
