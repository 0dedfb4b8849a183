import type { FakeTriggers } from './fake-triggers'
import type { Sleep } from './fake-types'

/** One streamed answer, as whole server-sent events, around the reply's tokens. */
export interface FakeStream {
  /** Events before the text (e.g. Anthropic's message_start). */
  head: string[]
  tokens: string[]
  /** The event that carries one token. */
  textEvent(token: string): string
  /** Events after the text: finish reason, usage, the end marker. */
  tail: string[]
  /** What the provider sends when it fails after the stream started (`[fail-mid:N]`). */
  errorEvent: string
}

/** One server-sent event: an optional `event:` line, one `data:` line, a blank line. */
export function sseEvent(data: unknown, event?: string, newline = '\n'): string {
  const json = typeof data === 'string' ? data : JSON.stringify(data)
  return `${event ? `event: ${event}${newline}` : ''}data: ${json}${newline}${newline}`
}

/** The reply cut into tokens: each word with the whitespace after it. Joined, they are the text. */
export function tokensOf(text: string | undefined): string[] {
  return text ? (text.match(/\s+|\S+\s*/g) ?? []) : []
}

/**
 * A `text/event-stream` answer that sends `stream` one event per chunk, paced and cut short as
 * the triggers say (fake-triggers.ts). It stops when the client goes away (the request's signal
 * or a cancelled body), also in the middle of a `[stall]` or a wait between chunks.
 */
export function streamResponse(
  stream: FakeStream,
  triggers: FakeTriggers,
  sleep: Sleep,
  requestSignal: AbortSignal,
): Response {
  const stop = new AbortController()
  if (requestSignal.aborted) stop.abort(requestSignal.reason)
  requestSignal.addEventListener('abort', () => stop.abort(requestSignal.reason), { once: true })
  const stopped = new Promise<void>((resolve) =>
    stop.signal.addEventListener('abort', () => resolve(), { once: true }),
  )

  async function* events(): AsyncGenerator<string> {
    yield* stream.head
    for (const [index, token] of stream.tokens.entries()) {
      if (index === triggers.failMidAfter) return yield stream.errorEvent
      if (index === triggers.stallAfter) return await stopped
      if (triggers.chunkDelayMs) await sleep(triggers.chunkDelayMs, stop.signal)
      yield stream.textEvent(token)
    }
    if (triggers.failMidAfter !== undefined) return yield stream.errorEvent
    if (triggers.stallAfter !== undefined) return await stopped
    yield* stream.tail
  }

  const encoder = new TextEncoder()
  const source = events()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await source.next()
        if (next.done || stop.signal.aborted) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      } catch {
        // The client left during a wait; nobody reads any more.
        controller.close()
      }
    },
    cancel(reason) {
      stop.abort(reason)
    },
  })
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' },
  })
}
