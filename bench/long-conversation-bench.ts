import type { Page } from '@playwright/test'
import type { TokenSet } from '../src/platform/types'
import { msStats } from './figures'
import { renderMarks } from './render-marks'
import { tablePoster } from './seed-history'

// The long-conversation part of `npm run bench:ui` (bench/ui-bench.ts): a conversation of
// 10,000 messages (BENCH_LONG), opened by its link. It prints the time from the history's
// answer to the newest 100 painted, the frames over 50 ms while scrolling up through 1,000
// messages, and the page's DOM size before and after (docs/rendering.md, "Long
// conversations"). The busy share while a reply streams at its end is bench/stream-bench.ts,
// run by the caller on this page. Like every benchmark here it prints and never fails.

export interface LongConversationOptions {
  /** Messages in the conversation (BENCH_LONG, 10,000 by default). */
  count: number
  /** Messages to scroll up through (1,000: ten pages). */
  scrollThrough: number
  /** How often it is opened for the paint figure. */
  runs: number
}

const CONVERSATION_ID = 'conv_long_bench'
const PAINT_TARGET_MS = 100
const FRAME_TARGET_MS = 50
/** Rows per POST while seeding: the table API's batches, as an import would write them. */
const SEED_BATCH = 500

/**
 * Writes the conversation through the table API as its owner: user and assistant in turn,
 * 10 ms apart, ending a minute ago, with the text of `message(i)`.
 */
export async function seedLongConversation(
  baseUrl: string,
  owner: { tokens: TokenSet; userId: string },
  count: number,
  message: (index: number) => string,
): Promise<string> {
  const post = tablePoster(baseUrl, owner.tokens)
  const began = Date.now()
  const start = Date.now() - 60_000 - count * 10
  await post('conversations', {
    id: CONVERSATION_ID,
    user_id: owner.userId,
    title: `${count.toLocaleString('en-US')} messages`,
  })
  for (let from = 0; from < count; from += SEED_BATCH) {
    const rows = []
    for (let i = from; i < Math.min(from + SEED_BATCH, count); i++) {
      rows.push({
        conversation_id: CONVERSATION_ID,
        id: `msg_long_${String(i).padStart(6, '0')}`,
        user_id: owner.userId,
        model_id: 'claude-haiku-4-5',
        role: i % 2 ? 'assistant' : 'user',
        content: message(i),
        created_at: new Date(start + i * 10).toISOString(),
      })
    }
    await post('chat_messages', rows)
  }
  console.log(
    `seeded ${count.toLocaleString('en-US')} messages in ${((Date.now() - began) / 1000).toFixed(1)} s`,
  )
  return `${baseUrl}/?c=${CONVERSATION_ID}`
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length)
const articles = (page: Page) => page.evaluate(() => document.querySelectorAll('article').length)
/**
 * The index of the oldest message in the page (`msg_long_000123` is 123): how far up the reader
 * has come, whether the rows read stay in the page or only those near the window do.
 */
const oldestShown = (page: Page) =>
  page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll<HTMLElement>('[data-message-id^="msg_long_"]')].map(
        (element) => Number(element.dataset.messageId?.slice('msg_long_'.length)),
      ),
    ),
  )

/**
 * Opens the conversation `runs` times for the paint figure, then scrolls up through
 * `scrollThrough` messages with the mouse wheel, as a reader would, counting frames. Leaves the
 * page open on the conversation, scrolled up, for the streaming figure.
 */
export async function benchLongConversation(
  page: Page,
  url: string,
  options: LongConversationOptions,
): Promise<void> {
  const paints: number[] = []
  for (let run = 0; run < options.runs; run++) {
    await page.goto(url)
    const marks = await renderMarks(page)
    paints.push(marks.allPainted - marks.arrived)
  }
  const nodesAtOpen = await domNodes(page)
  const shownAtOpen = await articles(page)
  const oldestAtOpen = await oldestShown(page)

  // Every frame's length (requestAnimationFrame to requestAnimationFrame) while scrolling. A
  // string: tsx would wrap a named function in a helper the page does not have.
  await page.evaluate(`(() => {
    const state = { frames: [], long: [], stop: false, last: performance.now() }
    window.__frames = state
    const tick = (now) => {
      const ms = now - state.last
      state.frames.push(ms)
      // A long frame's moment: how many rows were in the page, and the oldest of them.
      if (ms > 50) {
        const rows = document.querySelectorAll('[data-message-id^="msg_long_"]')
        const first = rows[0] ? Number(rows[0].dataset.messageId.slice(9)) : -1
        state.long.push(Math.round(ms) + ' ms at ' + rows.length + ' rows from #' + first)
      }
      state.last = now
      if (!state.stop) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })()`)
  const box = await page.locator('[aria-label="Conversation"]').boundingBox()
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  const target = Math.max(0, oldestAtOpen - options.scrollThrough)
  const began = Date.now()
  while ((await oldestShown(page)) > target && Date.now() - began < 120_000) {
    await page.mouse.wheel(0, -2000)
    await page.waitForTimeout(100)
  }
  const scrollSeconds = (Date.now() - began) / 1000
  const { frames, longFrames } = await page.evaluate(() => {
    const state = (
      window as unknown as { __frames: { frames: number[]; long: string[]; stop: boolean } }
    ).__frames
    state.stop = true
    return { frames: state.frames.slice(1), longFrames: state.long }
  })
  const shownAfter = await articles(page)
  const scrolledThrough = oldestAtOpen - (await oldestShown(page))
  const nodesAfter = await domNodes(page)

  const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET')
  const long = frames.filter((ms) => ms > FRAME_TARGET_MS)
  const worst = Math.max(0, ...frames)
  console.log(`${options.count.toLocaleString('en-US')}-message conversation, opened by its link:`)
  console.log(
    `  response → newest 100 painted (${options.runs} runs): ${msStats(paints)} ` +
      `(target ≤ ${PAINT_TARGET_MS} ms: ${verdict(Math.max(...paints) <= PAINT_TARGET_MS)})`,
  )
  console.log(
    `  DOM at open: ${shownAtOpen} messages, ${nodesAtOpen.toLocaleString('en-US')} elements`,
  )
  console.log(
    `  scrolling up through ${scrolledThrough.toLocaleString('en-US')} messages ` +
      `(${scrollSeconds.toFixed(1)} s, wheel): ${frames.length} frames, ${long.length} over ` +
      `${FRAME_TARGET_MS} ms, longest ${worst.toFixed(0)} ms ` +
      `(target none over ${FRAME_TARGET_MS} ms: ${verdict(long.length === 0)})`,
  )
  if (process.env.BENCH_FRAME_LOG) console.log(`  long frames: ${longFrames.join('; ')}`)
  console.log(
    `  DOM after: ${shownAfter.toLocaleString('en-US')} messages, ` +
      `${nodesAfter.toLocaleString('en-US')} elements ` +
      `(${(nodesAfter / Math.max(1, shownAfter)).toFixed(0)} a message; bounded whatever the length: ` +
      `${verdict(nodesAfter <= nodesAtOpen * 1.5)})`,
  )
}
