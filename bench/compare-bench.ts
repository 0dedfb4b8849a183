import type { CDPSession, Page } from '@playwright/test'
import type { SeededHistory } from './seed-history'
import { tablePoster } from './seed-history'

// The compare-mode part of `npm run bench:ui` (bench/ui-bench.ts, issue 31): one message sent
// to four models at once (docs/product/compare.md), each answering with a long reply of
// markdown and code from the fake provider (`[long:N] [rate:R]`,
// mocks/providers/fake-triggers.ts), the four streaming side by side. It prints how long they
// streamed, the main thread's busy share meanwhile and the tasks over 50 ms, against the
// targets (at most 35% busy, no task over 50 ms); like every benchmark here it prints and never
// fails on the figures.

export interface CompareBenchOptions {
  /** Tokens in each reply (BENCH_COMPARE_TOKENS, 2,000 by default). */
  tokens: number
  /** Tokens a second, for each reply (BENCH_COMPARE_RATE, 50 by default). */
  rate: number
}

/** The four OpenAI models: one saved key answers for all of them. */
const MODELS = ['GPT-5', 'GPT-5 mini', 'GPT-4.1', 'GPT-4o mini'] as const
/** A fake OpenAI key (the fakes take `sk-test-…`), saved as seedHistory saves its key. */
const OPENAI_KEY = 'sk-test-bench-compare'
const BUSY_TARGET = 0.35
const TASK_TARGET_MS = 50
/** Each wait for the app (a button, a dialog, the columns) before giving up with a word. */
const STEP_MS = 30_000

/** The chat UI's contract (compare-replies.tsx): a column per model, busy while it streams. */
const COLUMNS = 'section[aria-label="Compared replies"] fieldset[aria-label^="Reply from "]'

interface PageMarks {
  longTasks: { start: number; duration: number }[]
  /** The first column busy (the comparison's first paint of a column). */
  streamStart: number
  /** No column busy any more. */
  streamEnd: number
  /** When each column stopped being busy, by its label. */
  ends: Record<string, number>
}

type MarkedWindow = Window & { __compare: PageMarks }

export async function benchCompare(
  page: Page,
  cdp: CDPSession,
  seeded: SeededHistory & { baseUrl: string },
  options: CompareBenchOptions,
): Promise<void> {
  const heading = `comparing four models, each a ${options.tokens}-token reply (markdown and code) at ${options.rate} tokens/s:`
  const ready = await openComparison(page, seeded).then(
    () => null,
    // Playwright's first line and the locator it was waiting for.
    (error: Error) =>
      error.message
        .split('\n')
        .filter((line, i) => i === 0 || line.includes('waiting for'))
        .slice(0, 2)
        .join('; '),
  )
  if (ready) {
    console.log(`${heading}\n  not measured: ${ready}`)
    return
  }
  const metric = async (name: string) => {
    const { metrics } = await cdp.send('Performance.getMetrics')
    return metrics.find((m) => m.name === name)?.value ?? 0
  }

  // In the page: every task over 50 ms (the Long Tasks API), and when the columns start and stop
  // being busy, seen by a MutationObserver on their aria-busy rather than by polling from here
  // (polling would land in the main-thread time being measured).
  await page.evaluate(() => {
    const marks: PageMarks = { longTasks: [], streamStart: 0, streamEnd: 0, ends: {} }
    ;(window as unknown as MarkedWindow).__compare = marks
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        marks.longTasks.push({ start: entry.startTime, duration: entry.duration })
      }
    }).observe({ type: 'longtask' })
  })
  const watch = (selector: string) => {
    const marks = (window as unknown as MarkedWindow).__compare
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    let resolveStart: ((at: number) => void) | undefined
    let resolveEnd: ((at: number) => void) | undefined
    const started = new Promise<number>((resolve) => {
      resolveStart = resolve
    })
    const ended = new Promise<number>((resolve) => {
      resolveEnd = resolve
    })
    const observer = new MutationObserver(() => {
      const columns = document.querySelectorAll(selector)
      let busy = 0
      for (const column of columns) {
        const label = column.getAttribute('aria-label') ?? ''
        if (column.getAttribute('aria-busy') === 'true') busy++
        else if (marks.streamStart && !(label in marks.ends)) {
          marks.ends[label] = performance.now()
        }
      }
      if (!marks.streamStart && busy > 0) {
        marks.streamStart = performance.mark('bench-compare-start').startTime
        resolveStart?.(marks.streamStart)
      } else if (marks.streamStart && columns.length > 0 && busy === 0) {
        marks.streamEnd = performance.mark('bench-compare-end').startTime
        observer.disconnect()
        resolveEnd?.(marks.streamEnd)
      }
    })
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    })
    ;(window as unknown as { __compareDone: Promise<number> }).__compareDone = ended
    return started
  }
  const started = page.evaluate(watch, COLUMNS)

  const input = page.locator('textarea[aria-label="Message"]')
  await input.fill(`Compare long answers with code [long:${options.tokens}] [rate:${options.rate}]`)
  await input.press('Enter')
  if (!(await within(started, STEP_MS))) {
    console.log(`${heading}\n  not measured: no busy column within ${STEP_MS / 1000} s`)
    return
  }
  const taskBefore = await metric('TaskDuration')
  const clockBefore = await metric('Timestamp')
  // Awaited in the page (the observer resolves it), so nothing polls while the replies stream;
  // bounded at twice the expected time and a minute more.
  const expected = options.tokens / options.rate
  const limit = (expected * 2 + 60) * 1000
  const ended = await within(
    page.evaluate(() => (window as unknown as { __compareDone: Promise<number> }).__compareDone),
    limit,
  )
  const taskAfter = await metric('TaskDuration')
  const clockAfter = await metric('Timestamp')
  if (!ended) {
    console.log(`${heading}\n  not measured: still streaming after ${(limit / 1000).toFixed(0)} s`)
    return
  }
  // The end of the streams (the replies saved, `Use this reply` shown) counts for the tasks.
  await page.waitForTimeout(1_000)
  const marks = await page.evaluate(() => (window as unknown as MarkedWindow).__compare)

  const seconds = clockAfter - clockBefore
  const busy = (taskAfter - taskBefore) / seconds
  const inStream = marks.longTasks.filter((t) => t.start >= marks.streamStart)
  const longest = inStream.reduce((most, t) => Math.max(most, t.duration), 0)
  const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET')
  const endsAt = Object.values(marks.ends).map((at) => (at - marks.streamStart) / 1000)
  console.log(heading)
  console.log(
    `  streamed for ${((marks.streamEnd - marks.streamStart) / 1000).toFixed(1)} s ` +
      `(expected ${expected.toFixed(1)} s; columns done at ${endsAt.map((s) => s.toFixed(1)).join(', ')} s)`,
  )
  console.log(
    `  main-thread busy share while streaming (CDP TaskDuration): ${(busy * 100).toFixed(1)}% ` +
      `(target ≤ ${BUSY_TARGET * 100}%: ${verdict(busy <= BUSY_TARGET)})`,
  )
  const when = (start: number) =>
    start > marks.streamEnd
      ? `${((start - marks.streamEnd) / 1000).toFixed(1)} s after the end`
      : `at ${((start - marks.streamStart) / 1000).toFixed(1)} s`
  const top = [...inStream].sort((a, b) => b.duration - a.duration).slice(0, 5)
  console.log(
    `  tasks over ${TASK_TARGET_MS} ms (Long Tasks API, to 1 s after the end): ${inStream.length}` +
      (top.length
        ? ` (${top.map((t) => `${t.duration.toFixed(0)} ms ${when(t.start)}`).join(', ')})`
        : ''),
  )
  console.log(
    `  no task over ${TASK_TARGET_MS} ms: ${verdict(longest <= TASK_TARGET_MS)}` +
      (longest > 0 ? `, longest ${longest.toFixed(0)} ms` : '') +
      ' (by the Long Tasks API alone)',
  )
  await reportColumns(page)
}

/**
 * Saves the OpenAI key (as seedHistory saves its Anthropic one), opens the seeded conversation
 * and turns compare mode on with the four OpenAI models; throws with what was missing.
 */
async function openComparison(
  page: Page,
  seeded: SeededHistory & { baseUrl: string },
): Promise<void> {
  await tablePoster(seeded.baseUrl, seeded.tokens)('user_api_keys', {
    user_id: seeded.userId,
    provider: 'openai',
    api_key_encrypted: Buffer.from(OPENAI_KEY).toString('base64'),
  })
  // Opened again, so the page reads the key just saved.
  await page.goto(seeded.conversationUrl)
  await page.locator('textarea[aria-label="Message"]').waitFor({ timeout: STEP_MS })
  await page.waitForFunction(() => !document.querySelector('textarea')?.disabled, undefined, {
    timeout: STEP_MS,
  })
  // It shows once the composer's lazy extras have come.
  const compare = page.locator('button[aria-label="Compare models"]')
  await compare.waitFor({ timeout: STEP_MS })
  await compare.click({ timeout: STEP_MS })
  const dialog = page.getByRole('dialog', { name: 'Compare models' })
  await dialog.waitFor({ timeout: STEP_MS })
  const wanted = (name: string) => MODELS.some((model) => name.trim().endsWith(model))
  // The model in use starts chosen: off with it (and any other) unless it is one of the four.
  const pressed = dialog.locator('button[aria-pressed="true"]')
  for (let left = 10; left > 0; left--) {
    const other = (await pressed.allInnerTexts()).findIndex((name) => !wanted(name))
    if (other < 0) break
    await pressed.nth(other).click({ timeout: STEP_MS })
  }
  for (const model of MODELS) {
    const option = dialog.getByRole('button', { name: new RegExp(`${literal(model)}$`) })
    if ((await option.getAttribute('aria-pressed', { timeout: STEP_MS })) !== 'true') {
      await option.click({ timeout: STEP_MS })
    }
  }
  await dialog.getByRole('button', { name: 'Compare', exact: true }).click({ timeout: STEP_MS })
  await page
    .getByRole('status')
    .filter({ hasText: `Comparing ${MODELS.join(', ')}` })
    .waitFor({ timeout: STEP_MS })
}

/**
 * What each column ended with (its usage line, or its error), so a figure taken with a column
 * that failed is seen as such; then `Use this reply` on the first, which ends the comparison.
 */
async function reportColumns(page: Page): Promise<void> {
  const columns = page.locator(COLUMNS)
  const lines: string[] = []
  for (const column of await columns.all()) {
    const name = ((await column.getAttribute('aria-label')) ?? '').replace('Reply from ', '')
    const error = column.getByRole('alert')
    const said = (await error.count())
      ? `error: ${await error.innerText()}`
      : await column
          .locator('span', { hasText: /tokens/ })
          .last()
          .innerText({ timeout: STEP_MS })
    lines.push(`${name} ${said}`)
  }
  console.log(`  columns: ${lines.join('; ')}`)
  const pick = columns.first().getByRole('button', { name: 'Use this reply' })
  const picked = await pick
    .click({ timeout: STEP_MS })
    .then(() => page.locator(COLUMNS).first().waitFor({ state: 'detached', timeout: STEP_MS }))
    .then(
      () => true,
      () => false,
    )
  if (!picked) console.log('  (`Use this reply` did not end the comparison)')
}

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The promise's settling within `ms` (true), or not (false); a rejection counts as not. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    promise.then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}
