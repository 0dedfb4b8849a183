import { act, render } from '@testing-library/react'
import { afterAll, bench, describe } from 'vitest'
import { longReply } from '../mocks/providers/fake-reply'
import { tokensOf } from '../mocks/providers/fake-stream'
import { MarkdownContent } from '../src/ui/chat/markdown/markdown-content'

// `npx vitest bench --run --project component bench/markdown-stream.bench.tsx`: the markdown
// renderer alone (jsdom), a 5,000-token reply of markdown and code (the fakes' `[long:5000]`)
// appended chunk by chunk. Prints the time to render each chunk (React render, commit and
// effects), the whole message re-rendered per chunk as before streaming (no `streaming` prop)
// against `streaming`. The app itself, in Chromium: `npm run bench:ui` (bench/ui-bench.ts).
const TOKENS = Number(process.env.BENCH_STREAM_TOKENS ?? 5000)
const CHUNK = Number(process.env.BENCH_CHUNK_TOKENS ?? 50)

const reply = tokensOf(longReply({ providerLabel: 'Bench', model: 'bench' }, TOKENS))
const chunks: string[] = []
for (let i = 0; i < reply.length; i += CHUNK) chunks.push(reply.slice(i, i + CHUNK).join(''))

const samples = new Map<string, number[]>()
let run = 0

/** Streams the reply into one MarkdownContent, timing each chunk's render. */
async function stream(label: string, streaming: boolean) {
  const times = samples.get(label) ?? []
  samples.set(label, times)
  // A different first line each run: the unstreamed renderer caches by text.
  let text = `Run ${run++}\n\n`
  const view = render(<MarkdownContent text={text} streaming={streaming} frameMs={0} />)
  for (const chunk of chunks) {
    text += chunk
    const started = performance.now()
    view.rerender(<MarkdownContent text={text} streaming={streaming} frameMs={0} />)
    times.push(performance.now() - started)
    // Between chunks, as in the app: the highlighter's answers land.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  }
  const started = performance.now()
  view.rerender(<MarkdownContent text={text} />)
  samples.set(`${label}: the end`, [
    ...(samples.get(`${label}: the end`) ?? []),
    performance.now() - started,
  ])
  view.unmount()
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!

afterAll(() => {
  console.log(
    `\n${TOKENS}-token reply in ${CHUNK}-token chunks (${chunks.length} chunks), per chunk:`,
  )
  for (const [label, times] of samples) {
    // Each run's first and last tenth of the chunks: whether the cost grows with the message.
    const runs = label.endsWith('the end') ? [] : splitRuns(times)
    const early = runs.flatMap((run) => run.slice(0, Math.ceil(run.length / 10)))
    const late = runs.flatMap((run) => run.slice(-Math.ceil(run.length / 10)))
    console.log(
      `  ${label.padEnd(34)} median ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms (n=${times.length})` +
        (runs.length
          ? `; median of the first tenth ${quantile(early, 0.5).toFixed(2)} ms, of the last ${quantile(late, 0.5).toFixed(2)} ms`
          : ''),
    )
  }
})

const splitRuns = (times: number[]) =>
  Array.from({ length: times.length / chunks.length }, (_, i) =>
    times.slice(i * chunks.length, (i + 1) * chunks.length),
  )

describe(`a ${TOKENS}-token reply in ${CHUNK}-token chunks`, () => {
  const options = { iterations: 3, warmupIterations: 1, time: 0, warmupTime: 0 }
  bench('before: whole message per chunk', () => stream('before (whole message)', false), options)
  bench('after: streaming', () => stream('after (streaming)', true), options)
})
