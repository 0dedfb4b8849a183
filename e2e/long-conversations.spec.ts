import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { chatWithGpt5, composer, send } from './support/chat'
import { forgetRequestsSentWith, turnsSentWith } from './support/provider-requests'
import { postRows, userIdOf } from './support/rows'
import { ARTIFACTS, signUp, waitForToastsToGo } from './support/session'

// Long conversations (docs/product/conversations.md, "Long conversations") on `npm start` with
// the fake providers: a conversation opens at its newest messages, scrolling up brings the
// earlier ones above without moving what the user reads, the context is the newest turns, and
// scrolling up while a reply streams stops following it until "Jump to latest".

const messageId = (conversationId: string, n: number) =>
  `msg_${String(n).padStart(5, '0')}_${conversationId}`

/**
 * Writes a conversation of `count` messages ("message 1" … , a user message then a reply,
 * a second apart, ending a minute ago) as the signed-in user. Returns its id and owner.
 */
async function seedConversation(
  page: Page,
  count: number,
): Promise<{ id: string; userId: string }> {
  const userId = await userIdOf(page)
  const id = `conv_${Date.now()}`
  const start = Date.now() - 60_000 - count * 1000
  const at = (n: number) => new Date(start + n * 1000).toISOString()
  const title = `Long talk of ${count}`
  await postRows(page, 'conversations', [
    { id, user_id: userId, title, created_at: at(0), updated_at: at(0) },
  ])
  for (let from = 1; from <= count; from += 100) {
    const rows = []
    for (let n = from; n < Math.min(from + 100, count + 1); n++) {
      rows.push({
        id: messageId(id, n),
        user_id: userId,
        conversation_id: id,
        model_id: 'gpt-5',
        role: n % 2 === 1 ? 'user' : 'assistant',
        content: `message ${n}`,
        created_at: at(n),
      })
    }
    await postRows(page, 'chat_messages', rows)
  }
  return { id, userId }
}

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' })
const messages = (page: Page) => conversation(page).getByRole('article')
const numbersShown = (page: Page) =>
  messages(page).evaluateAll((articles) =>
    articles.map((article) => Number(/message (\d+)/.exec(article.textContent ?? '')?.[1] ?? 0)),
  )

async function lastProviderTurns(request: APIRequestContext, key: string): Promise<string[]> {
  return (await turnsSentWith(request, key)).at(-1) ?? []
}

test('300 messages open at the newest; scrolling up reaches the first, in order, without a jump', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Long Lena')
  await seedConversation(page, 300)
  await page.reload()

  await test.step('the newest message is in view; the newest 100 are shown', async () => {
    await expect(conversation(page).getByText('message 300', { exact: true })).toBeInViewport()
    await expect(messages(page)).toHaveCount(100)
    expect(await numbersShown(page)).toEqual(Array.from({ length: 100 }, (_, i) => i + 201))
    await page.screenshot({ path: `${ARTIFACTS}/long-conversation-newest.png` })
  })

  await test.step('scrolling up brings the earlier pages above what the user reads', async () => {
    // The oldest message shown, put in the middle of the window: near the top of the page,
    // which asks for the page before it.
    const before = await page.evaluate(() => {
      const oldest = document.querySelector<HTMLElement>('[aria-label="Conversation"] article')
      oldest?.scrollIntoView({ block: 'center' })
      return oldest?.getBoundingClientRect().top ?? Number.NaN
    })
    await expect(messages(page)).toHaveCount(200)
    const reading = conversation(page).getByText('message 201', { exact: true })
    await expect(reading).toBeInViewport()
    // It did not move: the page came above it.
    const after = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('[aria-label="Conversation"] article')]
          .find((article) => /message 201(?!\d)/.test(article.textContent ?? ''))
          ?.getBoundingClientRect().top ?? Number.NaN,
    )
    expect(Math.abs(after - before)).toBeLessThan(4)
    await page.mouse.move(640, 300)
    for (let i = 0; i < 40 && (await messages(page).count()) < 300; i++) {
      await page.mouse.wheel(0, -3000)
      await page.waitForTimeout(50)
    }
    await expect(messages(page)).toHaveCount(300)
    expect(await numbersShown(page)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1))
    await expect(
      conversation(page).getByRole('button', { name: 'Load earlier messages' }),
    ).toHaveCount(0)
  })
})

test('beyond three pages only the messages near the window are in the page; scrolling up reaches the first', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Long Lars')
  await seedConversation(page, 450)
  await page.reload()
  await expect(conversation(page).getByText('message 450', { exact: true })).toBeInViewport()

  // Up through the pages with the wheel, as a reader would, until the first message shows.
  // Whatever is in the page at each step is a run of consecutive messages, never all of them.
  const seen = new Set<number>()
  let mostInPage = 0
  let previousTop = Number.POSITIVE_INFINITY
  await page.mouse.move(640, 300)
  const atTop = () => page.evaluate(() => window.scrollY === 0)
  for (let i = 0; i < 200 && !(seen.has(1) && (await atTop())); i++) {
    await page.mouse.wheel(0, -1500)
    await page.waitForTimeout(60)
    const shown = await numbersShown(page)
    mostInPage = Math.max(mostInPage, shown.length)
    expect(shown).toEqual(Array.from({ length: shown.length }, (_, k) => shown[0]! + k))
    // Going up never shows later messages at the top than the step before, bar a settling row.
    expect(shown[0]!).toBeLessThanOrEqual(previousTop + 2)
    previousTop = shown[0]!
    for (const n of shown) seen.add(n)
  }
  await expect(conversation(page).getByText('message 1', { exact: true })).toBeInViewport()
  expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 450 }, (_, k) => k + 1))
  // 450 loaded; far fewer rendered (the window and a margin around it).
  expect(mostInPage).toBeGreaterThan(0)
  const inPageAtTheTop = (await numbersShown(page)).length
  expect(inPageAtTheTop).toBeLessThan(60)
  await expect(
    conversation(page).getByRole('button', { name: 'Load earlier messages' }),
  ).toHaveCount(0)
  await page.screenshot({ path: `${ARTIFACTS}/long-conversation-virtual-top.png` })

  // Jump to latest brings the newest message back.
  await page.getByRole('button', { name: 'Jump to latest' }).click()
  await expect(conversation(page).getByText('message 450', { exact: true })).toBeInViewport()
  expect((await numbersShown(page)).length).toBeLessThan(60)
})

test('a version chosen deep in a long conversation is the branch it opens on, also after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Version Vera')
  const { id, userId } = await seedConversation(page, 300)
  // A second version of reply 250, written after the rest: the conversation's newest message.
  await postRows(page, 'chat_messages', [
    {
      id: `msg_again_${id}`,
      user_id: userId,
      conversation_id: id,
      parent_id: messageId(id, 249),
      model_id: 'gpt-5',
      role: 'assistant',
      content: 'message 250, again',
      created_at: new Date(Date.now() - 30_000).toISOString(),
    },
  ])
  await page.reload()
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i)
  const versionsOf = (text: string) =>
    messages(page)
      .filter({ has: page.getByText(text, { exact: true }) })
      .getByRole('group', { name: 'Versions' })

  await test.step('it opens at the newest version, the end of its branch', async () => {
    await expect(
      conversation(page).getByText('message 250, again', { exact: true }),
    ).toBeInViewport()
    await expect(versionsOf('message 250, again')).toContainText('2 / 2')
    expect(await numbersShown(page)).toEqual(range(151, 250))
  })

  await test.step('‹ shows the first version and the 50 messages after it; a reload keeps it', async () => {
    await versionsOf('message 250, again').getByRole('button', { name: 'Previous version' }).click()
    await expect(conversation(page).getByText('message 300', { exact: true })).toBeInViewport()
    await expect(versionsOf('message 250')).toContainText('1 / 2')
    expect(await numbersShown(page)).toEqual(range(201, 300))
    await page.reload()
    await expect(conversation(page).getByText('message 300', { exact: true })).toBeInViewport()
    await expect(versionsOf('message 250')).toContainText('1 / 2')
    expect(await numbersShown(page)).toEqual(range(201, 300))
    await expect(conversation(page).getByText('message 250, again')).toHaveCount(0)
  })
})

test('with 130 messages the next question is sent with the newest 10 as its context', async ({
  page,
  request,
}) => {
  await signUp(page, 'Context Cleo')
  const key = await chatWithGpt5(page)
  await waitForToastsToGo(page)
  await seedConversation(page, 130)
  await page.reload()
  await expect(conversation(page).getByText('message 130', { exact: true })).toBeInViewport()
  await forgetRequestsSentWith(request, key)
  await send(page, 'And the next one?')
  await expect(page.getByRole('article', { name: 'GPT-5 message' }).last()).toContainText(
    'Turns received',
  )
  expect(await lastProviderTurns(request, key)).toEqual([
    ...Array.from({ length: 10 }, (_, i) => `message ${i + 121}`),
    'And the next one?',
  ])
  // Reloaded once the reply is saved (its Regenerate shows then), the question and its reply
  // are the newest messages, the reply in view. A reload sooner writes the reply as the page
  // goes, a race with the new page's read (tests/component/chat-streaming.test.tsx).
  await expect(messages(page).last().getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await page.reload()
  await expect(messages(page).nth(-2)).toHaveText(/And the next one\?/)
  await expect(messages(page).last()).toContainText('Turns received')
  await expect(messages(page).last()).toBeInViewport()
})

test('an edit near the top of the newest page is sent with the ten messages before it', async ({
  page,
  request,
}) => {
  await signUp(page, 'Context Eddie')
  const key = await chatWithGpt5(page)
  await waitForToastsToGo(page)
  await seedConversation(page, 130)
  await page.reload()
  await expect(conversation(page).getByText('message 130', { exact: true })).toBeInViewport()
  // Message 35 is the fifth of the newest page (31 to 130): four earlier ones are on screen.
  const question = messages(page).filter({ has: page.getByText('message 35', { exact: true }) })
  await question.hover()
  await question.getByRole('button', { name: 'Edit message' }).click()
  const box = page.getByRole('textbox', { name: 'Edit message' })
  await box.fill('message 35, edited')
  await box.press('Enter')
  await expect(messages(page).last()).toContainText('Turns received')
  expect(await lastProviderTurns(request, key)).toEqual([
    ...Array.from({ length: 10 }, (_, i) => `message ${i + 25}`),
    'message 35, edited',
  ])
})

test('scrolling up while a reply streams stops following it; Jump to latest follows again', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Scroll Sid')
  await chatWithGpt5(page)
  await waitForToastsToGo(page)
  await seedConversation(page, 40)
  await page.reload()
  await expect(conversation(page).getByText('message 40', { exact: true })).toBeInViewport()

  await send(page, 'Tell me a long story [long:600] [rate:40]')
  const growing = page.locator('article[data-streaming]')
  await expect(growing).toBeVisible()
  const jump = page.getByRole('button', { name: 'Jump to latest' })
  await expect(jump).toHaveCount(0)

  await page.mouse.move(640, 300)
  await page.mouse.wheel(0, -1500)
  await expect(jump).toBeVisible()
  // The wheel's smooth scroll has come to rest.
  let where = -1
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => window.scrollY)
      const rested = now === where
      where = now
      return rested
    })
    .toBe(true)
  // The reply keeps growing; the page stays where the user put it. What the test waits for is
  // that growth, rather than a fixed 1.5 s (docs/quality.md, "Speed").
  await grows(growing)
  await expect(growing).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(where)
  await page.screenshot({ path: `${ARTIFACTS}/long-conversation-jump.png` })

  await jump.click()
  await expect(jump).toHaveCount(0)
  // Following again: the end of the growing reply stays in view as it grows (after it has
  // grown, rather than after a fixed second: docs/quality.md, "Speed").
  await grows(growing)
  const bottom = await page.evaluate(
    () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 200,
  )
  expect(bottom).toBe(true)
  await expect(composer(page)).toBeVisible()
})

/** Resolves once the streaming reply's text is at least 100 characters (some 17 words) longer than now. */
async function grows(reply: Locator) {
  const length = async () => ((await reply.textContent()) ?? '').length
  const before = await length()
  await expect.poll(length).toBeGreaterThanOrEqual(before + 100)
}
