import type { Page } from '@playwright/test'
import { chatWithGpt5, send } from './support/chat'
import { signUp } from './support/session'
import { expect, test } from './support/test'

// What a sign-in downloads, and when (docs/performance.md, "Split"): once the session is known,
// the chat's views and a linked conversation's history come beside the session's actors, not
// after them.

/**
 * Holds the session's actors chunk until `release()` is called, or 20 s: an app that asks in
 * order would ask only after that, and the test then fails on its flag rather than hanging.
 * The fallback is long because on two busy cores the chunks before the ask can take seconds.
 * `delivered()` says whether the chunk has been let through. What is asked before then was asked
 * beside the actors, whether their chunk was already requested or not yet (a request that comes
 * first of all is the best order, not a failure).
 */
const HOLD_MS = 20_000

async function holdSessionActors(page: Page) {
  let delivered = false
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/session-actors-[^/]+\.js$/, async (route) => {
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, HOLD_MS))])
    delivered = true
    await route.continue()
  })
  return { delivered: () => delivered, release: () => release() }
}

test("signing in from the address asks for the chat's views while the session's actors still download", async ({
  page,
  freshContext,
}) => {
  await signUp(page, 'Early Eve')
  const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_tokens')!))

  // A new browser, nothing cached or stored, arriving as the hosted sign-in page sends it back.
  const context = await freshContext()
  const fresh = await context.newPage()
  const actors = await holdSessionActors(fresh)
  let viewsAskedMeanwhile = false
  await fresh.route(/\/assets\/signed-in-screen-[^/]+\.js$/, async (route) => {
    viewsAskedMeanwhile ||= !actors.delivered()
    actors.release()
    await route.continue()
  })
  const address = new URLSearchParams({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
  })
  await fresh.goto(`/?${address}`)
  await expect(fresh.getByText('Welcome,')).toContainText('Early Eve')
  expect(viewsAskedMeanwhile).toBe(true)
  await context.close()
})

test("a linked conversation's history is asked for while the session's actors still download, and only once", async ({
  page,
  freshContext,
}) => {
  await signUp(page, 'Early Fay')
  await chatWithGpt5(page)
  await send(page, 'Fay: a question worth keeping')
  await expect(page.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
  await expect(page).toHaveURL(/[?&]c=conv_/)
  const linked = new URL(page.url()).searchParams.get('c')!
  const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_tokens')!))

  const context = await freshContext()
  const fresh = await context.newPage()
  const actors = await holdSessionActors(fresh)
  let historyAskedMeanwhile = false
  const historyReads: string[] = []
  // A history page is one `/sql` call on the conversation's branch (src/effects/history-pages.ts).
  fresh.on('request', (request) => {
    const url = new URL(request.url())
    if (request.method() !== 'POST' || !url.pathname.endsWith('/sql')) return
    const body = request.postDataJSON() as { query?: string; params?: unknown[] } | null
    if (!body?.query?.includes('chat_path(')) return
    historyReads.push(String(body.params?.[0] ?? ''))
    historyAskedMeanwhile ||= !actors.delivered()
    actors.release()
  })
  const address = new URLSearchParams({
    c: linked,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
  })
  await fresh.goto(`/?${address}`)
  await expect(fresh.getByRole('article', { name: 'You message' })).toContainText(
    'Fay: a question worth keeping',
    { timeout: 10_000 },
  )
  await expect(fresh.getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
  expect(historyAskedMeanwhile).toBe(true)
  expect(historyReads).toEqual([linked])
  await context.close()
})
