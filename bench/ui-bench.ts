import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { appSchema } from '../db/index'
import { chromiumLaunchOptions } from '../e2e/chromium-launch'
import { ensureBuild } from '../mocks/server/ensure-build'
import { startLocalServer } from '../mocks/server/local-server'
import { benchCompare } from './compare-bench'
import { msStats } from './figures'
import { historyMessage } from './history-message'
import { benchLongConversation, seedLongConversation } from './long-conversation-bench'
import { installRenderMarks, renderMarks } from './render-marks'
import { seedHistory } from './seed-history'
import { benchStreaming } from './stream-bench'

// `npm run bench:ui`: in Debian's Chromium against the built app and the local platform with
// fake providers. Prints (1) the time from the 100-message history arriving to it being on
// screen, mixed markdown and code, (2) the main-thread time per message sent, and (3) the
// main thread's busy share and longest task while a 5,000-token reply of markdown and code
// streams in at 50 tokens/s (bench/stream-bench.ts; 100 s). BENCH_RUNS, BENCH_SENDS and
// BENCH_STREAM_TOKENS shorten (or, at 0, skip) each; BENCH_STREAM_RATE sets the tokens a
// second; BENCH_TRACE=0 leaves out the trace behind the longest-task figure (docs/rendering.md).
// BENCH_NETWORK=slow4g loads the page as Lighthouse's mobile preset does (150 ms round trip,
// 1.6 Mbit/s down) with the cache off, so the navigation figure counts every download.
// Then (4) a 10,000-message conversation (bench/long-conversation-bench.ts): paint, frames while
// scrolling up through 1,000 messages, DOM size, and (3) again at its end; BENCH_LONG sets the
// count (0 skips), BENCH_LONG_RUNS how often it is opened.
// Last (5), compare mode (bench/compare-bench.ts): four models streaming a 2,000-token reply each
// at 50 tokens/s side by side (40 s), the busy share and tasks over 50 ms; BENCH_COMPARE_TOKENS
// sets each reply's tokens (0 skips), BENCH_COMPARE_RATE the tokens a second of each.
const RENDER_RUNS = Number(process.env.BENCH_RUNS ?? 7)
const SENDS = Number(process.env.BENCH_SENDS ?? 10)
const STREAM_TOKENS = Number(process.env.BENCH_STREAM_TOKENS ?? 5000)
const STREAM_RATE = Number(process.env.BENCH_STREAM_RATE ?? 50)
const SLOW_NETWORK = process.env.BENCH_NETWORK === 'slow4g'
const LONG_MESSAGES = Number(process.env.BENCH_LONG ?? 10_000)
const LONG_RUNS = Number(process.env.BENCH_LONG_RUNS ?? 3)
const COMPARE_TOKENS = Number(process.env.BENCH_COMPARE_TOKENS ?? 2000)
const COMPARE_RATE = Number(process.env.BENCH_COMPARE_RATE ?? 50)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main() {
  ensureBuild(root)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ui-bench-'))
  const server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    projectId: 'prompt-chat',
    secret: 'ui-bench-secret-that-is-at-least-32-characters',
    fakeProviders: true,
    distDir: path.join(root, 'dist'),
    app: appSchema,
  })
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const {
      tokens,
      userId,
      conversationUrl: appUrl,
    } = await seedHistory(server.url, {
      email: 'ui-bench@example.com',
      displayName: 'Bench',
      conversationId: 'conv_bench',
      message: historyMessage,
    })

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    if (SLOW_NETWORK) {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      })
    }
    await installRenderMarks(page, tokens)

    // BENCH_PROFILE=1: instead of the figures, the functions with the most main-thread self
    // time over one history load and three sends (what to look at when the numbers regress).
    if (process.env.BENCH_PROFILE) {
      const prof = await page.context().newCDPSession(page)
      await prof.send('Profiler.enable')
      await prof.send('Profiler.setSamplingInterval', { interval: 100 })
      await prof.send('Profiler.start')
      await page.goto(appUrl)
      await page.waitForFunction(
        () => (window as unknown as { __bench: { allPainted: number } }).__bench.allPainted > 0,
      )
      const input = page.getByRole('textbox', { name: 'Message' })
      await page.waitForFunction(() => !document.querySelector('textarea')?.disabled)
      for (let i = 0; i < 3; i++) {
        const count = await page.locator('article').count()
        await input.fill(`Profile ${i} with code`)
        await input.press('Enter')
        await page.waitForFunction(
          (n) => document.querySelectorAll('article').length >= n + 2,
          count,
        )
        await page.waitForFunction(() => !document.querySelector('textarea')?.disabled)
      }
      const { profile } = await prof.send('Profiler.stop')
      const self = new Map<string, number>()
      const byId = new Map(profile.nodes.map((n) => [n.id, n]))
      const dt = profile.timeDeltas ?? []
      profile.samples?.forEach((id, i) => {
        const node = byId.get(id)!
        const f = node.callFrame
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
        self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000)
      })
      console.log(
        [...self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 30)
          .map(([k, v]) => `${v.toFixed(1)}ms ${k}`)
          .join('\n'),
      )
      return
    }

    const firsts: number[] = []
    const commits: number[] = []
    const paints: number[] = []
    const formats: number[] = []
    // From the navigation: what the user waits for, code download and parse included.
    const fromNavigation: number[] = []
    for (let run = 0; run < RENDER_RUNS; run++) {
      await page.goto(appUrl)
      const t = await renderMarks(page)
      firsts.push(t.firstPainted - t.arrived)
      commits.push(t.allCommitted - t.arrived)
      paints.push(t.allPainted - t.arrived)
      formats.push(t.formatted - t.arrived)
      fromNavigation.push(t.allPainted)
    }

    if (RENDER_RUNS === 0) await page.goto(appUrl)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    const taskSeconds = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0
    }
    // A CSS locator: resolving an ARIA role walks the whole page, and that work would land in
    // the main-thread time being measured.
    const input = page.locator('textarea[aria-label="Message"]')
    await input.waitFor()
    await page.waitForFunction(() => !document.querySelector('textarea')?.disabled)
    const before = await taskSeconds()
    for (let i = 0; i < SENDS; i++) {
      const count = await page.evaluate(() => document.querySelectorAll('article').length)
      await input.fill(`Bench message ${i} with some code, please`)
      await input.press('Enter')
      // Polled sparingly: the polling itself runs on the main thread being measured.
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll('article').length >= n + 2 &&
          !document.querySelector('textarea')?.disabled,
        count,
        { polling: 100 },
      )
    }
    const perSend = (((await taskSeconds()) - before) * 1000) / SENDS

    if (RENDER_RUNS > 0) {
      console.log(`100-message history (mixed markdown and code), ${RENDER_RUNS} runs:`)
      const stats = msStats
      console.log(`  response → newest messages painted: ${stats(firsts)}`)
      console.log(`  response → all 100 in the DOM:      ${stats(commits)}`)
      console.log(`  response → all 100 painted:         ${stats(paints)} (target ≤ 100 ms)`)
      console.log(`  response → all formatted, painted:  ${stats(formats)}`)
      console.log(
        `  navigation → all 100 painted:       ${stats(fromNavigation)}${SLOW_NETWORK ? ' (slow 4G, no cache)' : ''}`,
      )
    }
    if (SENDS > 0) {
      console.log(
        `main-thread time per message sent (${SENDS} sends, CDP TaskDuration): ${perSend.toFixed(1)} ms`,
      )
    }
    const streaming = {
      tokens: STREAM_TOKENS,
      rate: STREAM_RATE,
      trace: process.env.BENCH_TRACE !== '0',
    }
    if (STREAM_TOKENS > 0) await benchStreaming(browser, page, cdp, streaming)
    if (LONG_MESSAGES > 0) {
      const longUrl = await seedLongConversation(
        server.url,
        { tokens, userId },
        LONG_MESSAGES,
        historyMessage,
      )
      await benchLongConversation(page, longUrl, {
        count: LONG_MESSAGES,
        scrollThrough: 1000,
        runs: LONG_RUNS,
      })
      if (STREAM_TOKENS > 0) {
        console.log('… and at the end of it, with the pages read while scrolling still shown:')
        await benchStreaming(browser, page, cdp, streaming)
      }
    }
    if (COMPARE_TOKENS > 0) {
      await benchCompare(
        page,
        cdp,
        { baseUrl: server.url, tokens, userId, conversationUrl: appUrl },
        { tokens: COMPARE_TOKENS, rate: COMPARE_RATE },
      )
    }
  } finally {
    await browser.close()
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
