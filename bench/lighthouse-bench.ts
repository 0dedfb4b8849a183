import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { appSchema } from '../db/index'
import { chromiumLaunchOptions } from '../e2e/chromium-launch'
import { ensureBuild } from '../mocks/server/ensure-build'
import { startLocalServer } from '../mocks/server/local-server'
import { median } from './figures'
import { seedHistory } from './seed-history'

// `npm run bench:lighthouse`: Lighthouse 12 (its default, mobile preset: a mid-range phone on
// slow 4G, simulated) in Debian's Chromium against the built app on the local platform, on
// the landing page and on the chat with 100 messages of history (docs/performance.md).
// Prints the category scores and FCP, LCP, TBT and CLS per page, then each failing
// accessibility audit with a few of the elements it names. BENCH_REPORTS=dir also writes each
// page's whole Lighthouse result there (landing.json, chat.json), for the audits not printed.
// BENCH_RUNS=n runs each page n times and prints the medians too (files get -1…-n);
// BENCH_PAGES=chat (or landing) runs one page only.

/** Lighthouse 12's Node API, as documented: `lighthouse(url, flags)` → `{ lhr }`. */
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories?: string[] },
) => Promise<{ lhr: LighthouseResult } | undefined>
interface LighthouseResult {
  categories: Record<
    string,
    { title: string; score: number | null; auditRefs: Array<{ id: string }> }
  >
  audits: Record<
    string,
    {
      title: string
      score: number | null
      numericValue?: number
      displayValue?: string
      details?: { items?: Array<{ node?: { selector?: string; snippet?: string } }> }
    }
  >
  runtimeError?: { message: string }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Chromium with a DevTools port for Lighthouse to drive; the port it chose is in its log. */
async function launchChromium(profile: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(
    chromiumLaunchOptions.executablePath,
    [
      ...chromiumLaunchOptions.args,
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let log = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log)
      if (match) resolve(Number(match[1]))
    })
    child.on('exit', (code) => reject(new Error(`chromium exited (${code}): ${log}`)))
  })
  return { port, process: child }
}

function historyMessage(i: number): string {
  if (i % 2 === 0) return `Question ${i}: how do I **debounce** a handler in _TypeScript_?`
  return [
    `Here is one way (${i}):`,
    '',
    '```ts',
    'export function debounce(fn: () => void, ms: number) {',
    '  let timer: ReturnType<typeof setTimeout> | undefined',
    '  return () => {',
    '    clearTimeout(timer)',
    '    timer = setTimeout(fn, ms)',
    '  }',
    '}',
    '```',
    '',
    '- the timer restarts on every call',
    '- only the **last** call runs',
  ].join('\n')
}

/** A user with an Anthropic key and a conversation of 100 messages; the page URL that opens it. */
async function chatAddress(baseUrl: string): Promise<string> {
  const { tokens } = await seedHistory(baseUrl, {
    email: 'lighthouse@example.com',
    displayName: 'Lighthouse',
    conversationId: 'conv_lighthouse',
    message: historyMessage,
  })
  // The hosted platform's redirect form (tokens in the query): Lighthouse starts every run
  // with empty storage, and the app signs in from the address, then strips it.
  const query = new URLSearchParams({
    c: 'conv_lighthouse',
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? '',
  })
  return `${baseUrl}/?${query}`
}

const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} ms`)

function report(name: string, lhr: LighthouseResult) {
  if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`)
  const score = (id: string) => {
    const value = lhr.categories[id]?.score
    return value === null || value === undefined ? '—' : String(Math.round(value * 100))
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue
  console.log(`\n${name}`)
  console.log(
    `  Performance ${score('performance')}  Accessibility ${score('accessibility')}  ` +
      `Best practices ${score('best-practices')}  SEO ${score('seo')}`,
  )
  console.log(
    `  FCP ${ms(audit('first-contentful-paint'))}  LCP ${ms(audit('largest-contentful-paint'))}  ` +
      `TBT ${ms(audit('total-blocking-time'))}  CLS ${audit('cumulative-layout-shift')?.toFixed(3) ?? '—'}`,
  )
  // What costs accessibility points: an audit that did not pass, and where.
  for (const { id } of lhr.categories.accessibility?.auditRefs ?? []) {
    const failed = lhr.audits[id]
    if (!failed || failed.score === null || failed.score >= 1) continue
    console.log(`  Accessibility: ${failed.title}`)
    for (const { node } of (failed.details?.items ?? []).slice(0, 3)) {
      if (node) console.log(`    ${node.selector ?? ''}  ${node.snippet ?? ''}`)
    }
  }
}

/** Several runs of one page: the median of each figure, since one run moves by several points. */
function reportMedians(name: string, results: LighthouseResult[]) {
  const of = (read: (lhr: LighthouseResult) => number | undefined) =>
    median(results.map(read).filter((value): value is number => value !== undefined))
  const performance = of((lhr) => lhr.categories.performance?.score ?? undefined) * 100
  const audit = (id: string) => of((lhr) => lhr.audits[id]?.numericValue)
  console.log(
    `\n${name}, median of ${results.length}: Performance ${Math.round(performance)}  ` +
      `FCP ${ms(audit('first-contentful-paint'))}  LCP ${ms(audit('largest-contentful-paint'))}  ` +
      `TBT ${ms(audit('total-blocking-time'))}  CLS ${audit('cumulative-layout-shift').toFixed(3)}`,
  )
}

async function main() {
  ensureBuild(root)
  // A devDependency of the bench only (lighthouse@12.8.2; 13 needs Node 22), loaded when run.
  const lighthouse = (await import('lighthouse')).default as unknown as Lighthouse
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lighthouse-bench-'))
  const server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    projectId: 'prompt-chat',
    secret: 'lighthouse-bench-secret-that-is-at-least-32-characters',
    fakeProviders: true,
    distDir: path.join(root, 'dist'),
    app: appSchema,
  })
  const chromium = await launchChromium(path.join(dataDir, 'chromium'))
  try {
    const pages: Array<[string, string, string]> = [
      ['Landing page (signed out)', `${server.url}/`, 'landing'],
      ['Chat with 100 messages of history (signed in)', await chatAddress(server.url), 'chat'],
    ]
    const reports = process.env.BENCH_REPORTS
    if (reports) await mkdir(reports, { recursive: true })
    const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1))
    const only = process.env.BENCH_PAGES?.split(',')
    for (const [name, url, file] of pages) {
      if (only && !only.includes(file)) continue
      const results: LighthouseResult[] = []
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouse(url, {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        if (!result) throw new Error(`${name}: Lighthouse returned nothing`)
        report(runs > 1 ? `${name}, run ${run} of ${runs}` : name, result.lhr)
        results.push(result.lhr)
        const suffix = runs > 1 ? `-${run}` : ''
        if (reports) {
          await writeFile(path.join(reports, `${file}${suffix}.json`), JSON.stringify(result.lhr))
        }
      }
      if (runs > 1) reportMedians(name, results)
    }
  } finally {
    // Its profile is removed below: wait until it has let go of it.
    const exited = new Promise((resolve) => chromium.process.once('exit', resolve))
    chromium.process.kill()
    await exited
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
