import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { chatWithGpt5, composer, send } from './support/chat'
import { createPrompt, openLibrary } from './support/prompts'
import { forgetRequestsSentWith, requestsSentWith } from './support/provider-requests'
import { ARTIFACTS, signUp, toast, waitForToastsToGo } from './support/session'

// Conversations (docs/product/conversations.md) on `npm start` with the fake providers: two
// conversations keep apart, in the list, in the chat and in what the model is sent; rename,
// delete, deep links; the sidebar from 768 px and the drawer under it.

test.describe.configure({ mode: 'serial' })

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Conversation sidebar' })
const list = (page: Page) => sidebar(page).getByRole('list', { name: 'Your conversations' })
const row = (page: Page, title: string) =>
  sidebar(page).getByRole('button', { name: new RegExp(`^${title}`) })
const conversationParam = (page: Page) => new URL(page.url()).searchParams.get('c')

/** The messages of the last chat call sent with `key`, as `role: content`. */
async function lastProviderRequest(request: APIRequestContext, key: string): Promise<string[]> {
  const sent = await requestsSentWith(request, key)
  return (sent.at(-1)?.body.messages ?? []).map((m) => `${m.role}: ${m.content}`)
}

/** Sends and waits for the reply (the fake answers at once) and a free composer. */
async function turn(page: Page, text: string, replies: number) {
  await send(page, text)
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(replies)
  await expect(composer(page)).toBeEnabled()
}

let alphaId = ''

test('two conversations keep their own history and context, across a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signUp(page, 'Conv Carla')
  const key = await chatWithGpt5(page)
  await waitForToastsToGo(page)

  await test.step('a first message starts a conversation, titled after it', async () => {
    expect(conversationParam(page)).toBeNull()
    await turn(page, 'Alpha: plan a picnic\nwith details', 1)
    await expect(row(page, 'Alpha: plan a picnic')).toHaveAttribute('aria-current', 'true')
    await expect.poll(() => conversationParam(page)).toMatch(/^conv_\d+$/)
    alphaId = conversationParam(page) ?? ''
  })

  await test.step('New chat empties the chat; its first message starts a second conversation', async () => {
    await sidebar(page).getByRole('button', { name: 'New chat' }).click()
    await expect(page.getByRole('heading', { name: 'Start a conversation' })).toBeVisible()
    expect(conversationParam(page)).toBeNull()
    await turn(page, 'Beta: name a cat', 1)
    await expect(list(page).getByRole('listitem')).toHaveCount(2)
    await expect(list(page).getByRole('listitem').first()).toContainText('Beta: name a cat')
    await forgetRequestsSentWith(request, key)
    await turn(page, 'Beta: another one', 2)
    const sent = await lastProviderRequest(request, key)
    expect(sent.filter((m) => m.startsWith('user: '))).toEqual([
      'user: Beta: name a cat',
      'user: Beta: another one',
    ])
    expect(sent.join('\n')).not.toContain('Alpha')
  })

  await test.step('switching back shows only that history, and sends only its context', async () => {
    await row(page, 'Alpha: plan a picnic').click()
    await expect.poll(() => conversationParam(page)).toBe(alphaId)
    await expect(page.getByRole('article', { name: 'You message' })).toHaveCount(1)
    await expect(page.getByRole('article', { name: 'You message' })).toContainText('Alpha')
    await forgetRequestsSentWith(request, key)
    await turn(page, 'Alpha: and drinks?', 2)
    const sent = await lastProviderRequest(request, key)
    expect(sent.filter((m) => m.startsWith('user: '))).toEqual([
      'user: Alpha: plan a picnic\nwith details',
      'user: Alpha: and drinks?',
    ])
    expect(sent.join('\n')).not.toContain('Beta')
    // Activity puts it back on top.
    await expect(list(page).getByRole('listitem').first()).toContainText('Alpha: plan a picnic')
  })

  await test.step("the browser's Back and Forward move between the conversations", async () => {
    await page.goBack()
    await expect(row(page, 'Beta: name a cat')).toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('article', { name: 'You message' }).first()).toContainText(
      'Beta: name a cat',
    )
    await page.goForward()
    await expect(row(page, 'Alpha: plan a picnic')).toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('article', { name: 'You message' }).first()).toContainText(
      'Alpha: plan a picnic',
    )
    expect(conversationParam(page)).toBe(alphaId)
  })

  await test.step('a reload opens the same conversation again', async () => {
    await page.reload()
    await expect(row(page, 'Alpha: plan a picnic')).toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('article')).toHaveCount(4)
    await expect(page.getByRole('article').first()).toContainText('Alpha: plan a picnic')
    await waitForToastsToGo(page)
    await page.screenshot({ path: `${ARTIFACTS}/conversations-sidebar-dark.png` })
    await page
      .getByRole('navigation', { name: 'Toolbar' })
      .getByRole('button', { name: 'Switch to light theme' })
      .click()
    await page.mouse.move(640, 400)
    await page.screenshot({ path: `${ARTIFACTS}/conversations-sidebar-light.png` })
  })

  await test.step('rename in place, then delete after a confirmation', async () => {
    await row(page, 'Beta: name a cat').hover()
    await sidebar(page).getByRole('button', { name: 'Rename Beta: name a cat' }).click()
    const field = sidebar(page).getByRole('textbox', { name: 'Conversation title' })
    await expect(field).toBeFocused()
    await field.fill('')
    await field.press('Enter')
    await expect(sidebar(page).getByText('Title cannot be empty')).toBeVisible()
    await page.screenshot({ path: `${ARTIFACTS}/conversations-rename.png` })
    await field.fill('Cat names')
    await field.press('Enter')
    await expect(row(page, 'Cat names')).toBeVisible()

    await row(page, 'Cat names').hover()
    await sidebar(page).getByRole('button', { name: 'Delete Cat names' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete conversation?' })
    await expect(dialog).toContainText('“Cat names” and all its messages will be deleted')
    await page.screenshot({ path: `${ARTIFACTS}/conversations-delete.png` })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await sidebar(page).getByRole('button', { name: 'Delete Cat names' }).click()
    await page
      .getByRole('dialog', { name: 'Delete conversation?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(list(page).getByRole('listitem')).toHaveCount(1)
    // The open conversation was another: it stays open.
    expect(conversationParam(page)).toBe(alphaId)
  })
})

test("another user's link says 'Conversation not found' and shows nothing", async ({ page }) => {
  expect(alphaId).toMatch(/^conv_/)
  await signUp(page, 'Conv Dave')
  await page.goto(`/?c=${alphaId}`)
  await expect(toast(page, 'Conversation not found')).toBeVisible()
  await expect(page.getByText('Alpha: plan a picnic')).toHaveCount(0)
  await expect(list(page).getByText('No conversations yet')).toBeVisible()
  expect(conversationParam(page)).toBeNull()
})

test("a message sent before the list has read another user's link is kept, in a conversation of one's own", async ({
  page,
}) => {
  expect(alphaId).toMatch(/^conv_/)
  await signUp(page, 'Conv Erin')
  await chatWithGpt5(page)
  // The list (not a look-up by id) is held, so the link stays unresolved while Erin writes.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/rest\/v1\/conversations\?/, async (route) => {
    const byId = new URL(route.request().url()).searchParams.has('id')
    if (route.request().method() === 'GET' && !byId) await held
    await route.fallback()
  })
  await page.goto(`/?c=${alphaId}`)
  await expect(composer(page)).toHaveAttribute('placeholder', 'Message GPT-5...')
  await turn(page, 'My own question', 1)
  release()
  await expect(list(page).getByRole('listitem')).toHaveCount(1)
  await expect(row(page, 'My own question')).toBeVisible()
  await expect(page.getByText('Alpha: plan a picnic')).toHaveCount(0)
  await expect(toast(page, 'Conversation not found')).toHaveCount(0)
  const own = conversationParam(page)
  expect(own).toMatch(/^conv_/)
  expect(own).not.toBe(alphaId)
  // Saved: after a reload the question and its reply are still there.
  await page.unroute(/\/rest\/v1\/conversations\?/)
  await page.reload()
  await expect(page.getByText('My own question').first()).toBeVisible()
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
})

test('a first message sent while the list loads stays in view when the list arrives first', async ({
  page,
}) => {
  await signUp(page, 'Conv Fay')
  await chatWithGpt5(page)
  // The list and the new conversation's row are both held: the list comes back in between.
  let releaseList: () => void = () => {}
  let releaseRow: () => void = () => {}
  const list = new Promise<void>((resolve) => (releaseList = resolve))
  const created = new Promise<void>((resolve) => (releaseRow = resolve))
  await page.route(/\/rest\/v1\/conversations(\?|$)/, async (route) => {
    const method = route.request().method()
    if (method === 'GET') await list
    if (method === 'POST') await created
    await route.fallback()
  })
  await page.reload()
  await expect(composer(page)).toHaveAttribute('placeholder', 'Message GPT-5...')
  const question = page.locator('article[data-role="user"]', { hasText: 'Early bird question' })
  await send(page, 'Early bird question')
  await expect(question).toBeVisible()
  releaseList()
  await expect(sidebar(page).getByText('No conversations yet')).toBeVisible()
  releaseRow()
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
  await expect(question).toBeVisible()
  await expect(row(page, 'Early bird question')).toBeVisible()
  await page.unroute(/\/rest\/v1\/conversations(\?|$)/)
})

test('the layout: the sidebar beside the chat from 768 px, a drawer under it; the header fits', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1024, height: 700 })
  await signUp(page, 'Conv Layout')
  await chatWithGpt5(page)
  await turn(page, 'A conversation with a rather long first line that will not fit the row', 1)
  await waitForToastsToGo(page)
  // The worst case for the header: a long active prompt's badge.
  const library = await openLibrary(page)
  const title = 'Senior TypeScript reviewer who explains every finding with examples'
  await createPrompt(
    page,
    library,
    { title, content: 'Review.' },
    { system: true, isPublic: false },
  )
  await library.getByRole('tab', { name: 'My Prompts' }).click()
  await library
    .getByRole('article', { name: title })
    .getByRole('button', { name: 'Activate' })
    .click()
  await expect(page.getByTestId('active-prompt-badge')).toBeVisible()
  await library.getByRole('button', { name: 'Close', exact: true }).click()
  await waitForToastsToGo(page)

  for (const width of [768, 1024, 1440]) {
    await test.step(`${width} px: the sidebar and the chat side by side`, async () => {
      await page.setViewportSize({ width, height: 700 })
      const aside = await sidebar(page).boundingBox()
      const form = await page.getByRole('form', { name: 'Message composer' }).boundingBox()
      const main = await page.getByRole('main').boundingBox()
      expect(aside?.width).toBeCloseTo(260, 0)
      expect(aside?.x).toBe(0)
      // The composer and the messages start right of the sidebar.
      expect(form!.x).toBeGreaterThanOrEqual(aside!.x + aside!.width - 0.5)
      expect(main!.x).toBeGreaterThanOrEqual(aside!.x + aside!.width - 0.5)
      await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeHidden()
      // A long title has its whole row until the row is hovered or focused: the Rename and
      // Delete buttons take no room before then.
      await page.mouse.move(width - 10, 690)
      await page.getByRole('textbox', { name: 'Message' }).focus()
      const open = row(page, 'A conversation with a rather long first line')
      const rowBox = await open.boundingBox()
      const titleBox = await open.locator('span').first().boundingBox()
      expect(titleBox!.width).toBeGreaterThan(rowBox!.width - 30)
      await open.hover()
      await expect(page.getByRole('button', { name: /^Rename A conversation/ })).toBeVisible()
      expect((await open.locator('span').first().boundingBox())!.width).toBeLessThan(
        titleBox!.width - 40,
      )
    })
  }

  for (const fontSize of ['14px', '16px', '18px']) {
    for (const width of [320, 390]) {
      await test.step(`${width} px at ${fontSize}: the header fits with the Conversations button`, async () => {
        await page.evaluate((size) => {
          document.documentElement.style.fontSize = size
        }, fontSize)
        await page.setViewportSize({ width, height: 700 })
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        )
        await expect(sidebar(page)).toBeHidden()
        const problems = await page.evaluate(() => {
          const header = document.querySelector('header') as HTMLElement
          const vw = document.documentElement.clientWidth
          const parts = [
            ...Array.from((header.firstElementChild as HTMLElement).children),
            ...Array.from(header.querySelectorAll('nav[aria-label="Toolbar"] button')),
          ].filter((el) => {
            const r = el.getBoundingClientRect()
            return el.checkVisibility() && r.width > 1 && r.height > 1
          })
          const boxes = parts.map((el) => ({
            name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
            r: el.getBoundingClientRect(),
          }))
          const found: string[] = []
          boxes.forEach((a, i) => {
            if (a.r.left < -0.5 || a.r.right > vw + 0.5) found.push(`${a.name} is outside`)
            for (const b of boxes.slice(i + 1)) {
              const overlap =
                Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 0.5 &&
                Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 0.5
              if (overlap) found.push(`${a.name} overlaps ${b.name}`)
            }
          })
          return found
        })
        expect(problems).toEqual([])
        await expect(page.getByRole('button', { name: 'Conversations', exact: true })).toBeVisible()
        if (fontSize === '16px') {
          const brandName = page.locator('header').getByText('Prompt Chat', { exact: true })
          const shown = ((await brandName.boundingBox())?.width ?? 0) > 1
          expect(shown, `${width} px`).toBe(width === 390)
        }
        await page.locator('header').screenshot({
          path: `${ARTIFACTS}/conversations-header-${width}-${fontSize}.png`,
        })
      })
    }
  }
  await page.evaluate(() => {
    document.documentElement.style.fontSize = ''
  })

  await test.step('390 px: the drawer opens from the header and closes on a choice', async () => {
    await page.setViewportSize({ width: 390, height: 700 })
    await page.getByRole('button', { name: 'Conversations', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Conversations' })
    await expect(drawer.getByRole('button', { name: /^A conversation with/ })).toBeVisible()
    await page.screenshot({ path: `${ARTIFACTS}/conversations-drawer.png` })
    await drawer.getByRole('button', { name: 'New chat' }).click()
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Start a conversation' })).toBeVisible()
    expect(conversationParam(page)).toBeNull()
  })
})
