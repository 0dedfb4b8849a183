import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { appSchema } from '../db/index'
import { chromiumLaunchOptions } from '../e2e/chromium-launch'
import { ensureBuild } from '../mocks/server/ensure-build'
import { startLocalServer } from '../mocks/server/local-server'
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
const RENDER_RUNS = Number(process.env.BENCH_RUNS ?? 7)
const SENDS = Number(process.env.BENCH_SENDS ?? 10)
const STREAM_TOKENS = Number(process.env.BENCH_STREAM_TOKENS ?? 5000)
const STREAM_RATE = Number(process.env.BENCH_STREAM_RATE ?? 50)
const SLOW_NETWORK = process.env.BENCH_NETWORK === 'slow4g'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function historyMessage(i: number): string {
  switch (i % 4) {
    case 0:
      return `Question ${i}: how do I **debounce** a handler in _TypeScript_?`
    case 1:
      return [
        `Here is one way (${i}):`,
        '',
        '```ts',
        'export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {',
        '  let timer: ReturnType<typeof setTimeout> | undefined',
        '  return (...args: A) => {',
        '    clearTimeout(timer)',
        '    timer = setTimeout(() => fn(...args), ms)',
        '  }',
        '}',
        '```',
        '',
        '- the timer restarts on every call',
        '- only the **last** call runs',
      ].join('\n')
    case 2:
      return `| option | default |\n| --- | --- |\n| leading | \`false\` |\n| trailing | \`true\` |\n\nSee [the docs](https://example.com/${i}).`
    default:
      return `> Note ${i}: keep handlers pure.\n\n1. measure\n2. change\n3. measure again`
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

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
    const { tokens, conversationUrl: appUrl } = await seedHistory(server.url, {
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
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    await page.addInitScript((stored) => {
      localStorage.setItem('auth_tokens', stored)
      // Marks when the history response reaches the page, when its newest messages are painted
      // (the frame after the first commit of articles), when all 100 are in the DOM, and when
      // none of them is still shown as typed (`data-typed`, formatted after the first paint).
      const bench = { arrived: 0, firstPainted: 0, allCommitted: 0, allPainted: 0, formatted: 0 }
      ;(window as unknown as { __bench: typeof bench }).__bench = bench
      const realFetch = window.fetch.bind(window)
      window.fetch = async (input, init) => {
        const response = await realFetch(input, init)
        if (String(input instanceof Request ? input.url : input).includes('/chat_messages?')) {
          bench.arrived = performance.now()
        }
        return response
      }
      new MutationObserver((_, observer) => {
        const count = document.querySelectorAll('article').length
        if (count > 0 && !bench.firstPainted) {
          bench.firstPainted = -1
          requestAnimationFrame(() => setTimeout(() => (bench.firstPainted = performance.now())))
        }
        if (count < 100) return
        if (!bench.allCommitted) {
          bench.allCommitted = performance.now()
          requestAnimationFrame(() => setTimeout(() => (bench.allPainted = performance.now())))
        }
        if (document.querySelector('article [data-typed]')) return
        observer.disconnect()
        requestAnimationFrame(() => setTimeout(() => (bench.formatted = performance.now())))
      }).observe(document, { childList: true, subtree: true })
    }, JSON.stringify(tokens))

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
      await page.waitForFunction(
        () => (window as unknown as { __bench: { formatted: number } }).__bench.formatted > 0,
        undefined,
        { polling: 50 },
      )
      const t = await page.evaluate(
        () => (window as unknown as { __bench: Record<string, number> }).__bench,
      )
      firsts.push(t.firstPainted! - t.arrived!)
      commits.push(t.allCommitted! - t.arrived!)
      paints.push(t.allPainted! - t.arrived!)
      formats.push(t.formatted! - t.arrived!)
      fromNavigation.push(t.allPainted!)
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
      const stats = (values: number[]) =>
        `median ${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`
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
    if (STREAM_TOKENS > 0) {
      await benchStreaming(browser, page, cdp, {
        tokens: STREAM_TOKENS,
        rate: STREAM_RATE,
        trace: process.env.BENCH_TRACE !== '0',
      })
    }
  } finally {
    await browser.close()
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
