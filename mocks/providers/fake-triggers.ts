/**
 * Failures the fakes produce on purpose, chosen by markers in the last user message:
 * `[fail:401]`, `[fail:429]`, `[fail:500]` (that status in the provider's error shape),
 * `[fail:unreadable]` (502 with an HTML body), `[fail:empty]` (a 200 without any text),
 * `[fail:safety]` and `[fail:no-candidates]` (Google only), and `[slow:ms]` (answer after
 * a delay, at most 60 s).
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

export function readTriggers(message: string): FakeTriggers {
  const failure = /\[fail:([a-z0-9-]+)\]/i.exec(message)?.[1]?.toLowerCase()
  const delay = Number(/\[slow:(\d+)\]/i.exec(message)?.[1] ?? 0)
  return {
    failure: FAILURES.find((known) => known === failure),
    delayMs: Math.min(delay, MAX_FAKE_DELAY_MS),
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
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })
}
