/**
 * Failures the fakes produce on purpose, chosen by markers in the last user message:
 * `[fail:401]`, `[fail:429]`, `[fail:500]` (that status in the provider's error shape),
 * `[fail:unreadable]` (502 with an HTML body), `[fail:empty]` (a 200 without any text),
 * `[fail:safety]` and `[fail:no-candidates]` (Google only), and `[slow:ms]` (answer after
 * a delay, at most 60 s). `[fail:429@anthropic]` fails at that provider's fake only, so one
 * message sent to several providers at once (docs/product/compare.md) fails at one of them.
 *
 * Streamed answers (OpenAI and Anthropic with `stream: true`, Google's streamGenerateContent)
 * send the reply one token (a word and the space after it) per chunk, as fast as they can
 * unless told otherwise:
 * - `[rate:N]`: N tokens a second (one chunk every 1000/N ms; N from 1 to 1000);
 * - `[fail-mid:N]`: after N text chunks, the provider's mid-stream error event, then the end;
 * - `[stall]` or `[stall:N]`: after N text chunks (1 by default) nothing more, until the
 *   client aborts.
 * The `[fail:…]` triggers and `[slow:ms]` act before the stream starts, as without streaming.
 *
 * `[long:N]` (streamed or not): instead of the short reply, a long one of exactly N tokens (N
 * from 1 to 20,000) mixing headings, paragraphs, lists, quotes, tables and fenced code, for the
 * streaming benchmark (bench/ui-bench.ts): `[long:5000] [rate:50]` streams for 100 s.
 */
export type FakeFailure =
  | '401'
  | '429'
  | '500'
  | 'unreadable'
  | 'empty'
  | 'safety'
  | 'no-candidates'

export interface FakeTriggers {
  failure?: FakeFailure
  delayMs: number
  /** Streaming only: milliseconds between chunks (0: no wait). */
  chunkDelayMs: number
  /** Streaming only: text chunks sent before a mid-stream error event. */
  failMidAfter?: number
  /** Streaming only: text chunks sent before the stream goes silent. */
  stallAfter?: number
  /** A long markdown reply of this many tokens instead of the short one (fake-reply.ts). */
  longTokens?: number
}

const FAILURES: readonly FakeFailure[] = [
  '401',
  '429',
  '500',
  'unreadable',
  'empty',
  'safety',
  'no-candidates',
]
export const MAX_FAKE_DELAY_MS = 60_000
const MAX_RATE = 1000
export const MAX_LONG_TOKENS = 20_000

export function readTriggers(message: string, provider?: string): FakeTriggers {
  const failing = /\[fail:([a-z0-9-]+)(?:@([a-z]+))?\]/i.exec(message)
  const elsewhere = failing?.[2] !== undefined && failing[2].toLowerCase() !== provider
  const failure = elsewhere ? undefined : failing?.[1]?.toLowerCase()
  const delay = Number(/\[slow:(\d+)\]/i.exec(message)?.[1] ?? 0)
  const rate = Number(/\[rate:(\d+)\]/i.exec(message)?.[1] ?? 0)
  const failMid = /\[fail-mid:(\d+)\]/i.exec(message)?.[1]
  const stall = /\[stall(?::(\d+))?\]/i.exec(message)
  const long = Number(/\[long:(\d+)\]/i.exec(message)?.[1] ?? 0)
  return {
    failure: FAILURES.find((known) => known === failure),
    delayMs: Math.min(delay, MAX_FAKE_DELAY_MS),
    chunkDelayMs: rate > 0 ? 1000 / Math.min(rate, MAX_RATE) : 0,
    failMidAfter: failMid === undefined ? undefined : Number(failMid),
    stallAfter: stall ? Number(stall[1] ?? 1) : undefined,
    longTokens: long > 0 ? Math.min(long, MAX_LONG_TOKENS) : undefined,
  }
}

/** The answer of a provider whose gateway failed: not JSON, so clients cannot read a message. */
export function unreadableResponse(): Response {
  return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
    status: 502,
    headers: { 'content-type': 'text/html' },
  })
}

export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    // The listener goes when the timer fires: a long stream waits thousands of times on one
    // signal, and kept listeners would pile up on it.
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
