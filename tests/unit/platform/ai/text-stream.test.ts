import { delay, HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { AIError, NetworkError } from '../../../../src/platform/errors'
import type { PlatformClient } from '../../../../src/platform/index'
import { mswServer } from '../../../support/msw-server'
import { TEST_ORIGIN } from '../../../support/test-platform'
import { rejectionOf, testClient } from './client-setup'

// The streaming call's edges, with the server played by inline handlers.
const STREAM_URL = `${TEST_ORIGIN}/api/ai/prompt-chat/text`
const encoder = new TextEncoder()

let client: PlatformClient
beforeEach(() => {
  client = testClient()
  // A far-future token: the SDK sends it without trying a refresh.
  client.auth.setTokens({
    access_token: 'token-abc',
    token_type: 'Bearer',
    expires_in: 900,
    issued_at: Math.floor(Date.now() / 1000),
  })
})
afterEach(() => mswServer.events.removeAllListeners())

/** A text/plain stream that sends each byte piece only after `gate()` resolves. */
function gatedStream(pieces: Uint8Array[], gate: (index: number) => Promise<void>) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [index, piece] of pieces.entries()) {
        await gate(index)
        controller.enqueue(piece)
      }
      controller.close()
    },
  })
}

describe('streamText over the wire', () => {
  test('sends stream: true, snake_case keys and the bearer token', async () => {
    let seen: { auth: string | null; accept: string | null; body: unknown } | undefined
    mswServer.use(
      http.post(STREAM_URL, async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          accept: request.headers.get('accept'),
          body: await request.json(),
        }
        return new HttpResponse(
          '0:"ok"\nd:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":1}}\n',
        )
      }),
    )
    const result = await client.ai.streamText({
      messages: [{ role: 'user', content: 'hi' }],
      maxTokens: 10,
    })
    expect(seen).toEqual({
      auth: 'Bearer token-abc',
      accept: 'text/plain',
      body: { messages: [{ role: 'user', content: 'hi' }], max_tokens: 10, stream: true },
    })
    expect(result).toMatchObject({
      text: 'ok',
      usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
    })
  })

  test('delivers each chunk before the next bytes exist, across split characters and prefixes', async () => {
    const body = encoder.encode(
      'f:{"messageId":"m1"}\n0:"naïve "\n0:"€uro 🚀"\nd:{"finishReason":"stop","usage":{}}\n',
    )
    // Cuts inside "ï" (2 bytes), inside the "0:" prefix, inside "€" (3 bytes) and inside "🚀" (4 bytes).
    const text = new TextDecoder().decode(body)
    const cutAt = (s: string, extra: number) =>
      encoder.encode(text.slice(0, text.indexOf(s))).length + extra
    const cuts = [cutAt('ï', 1), cutAt('0:"€', 1), cutAt('€', 2), cutAt('🚀', 3), body.length]
    const pieces = cuts.map((end, i) => body.subarray(i ? cuts[i - 1] : 0, end))
    const received: string[] = []
    const waiting: Array<() => void> = []
    mswServer.use(
      http.post(
        STREAM_URL,
        () =>
          new HttpResponse(
            gatedStream(pieces, async (index) => {
              // Piece 2 (which completes 'naïve ') waits for nothing; piece 3 waits until the
              // client has handed 'naïve ' to onChunk: proof that it did not wait for the end.
              if (index === 3) await new Promise<void>((resolve) => waiting.push(resolve))
            }),
            { headers: { 'Content-Type': 'text/plain' } },
          ),
      ),
    )
    const result = await client.ai.streamText({ prompt: 'x' }, (chunk) => {
      received.push(chunk)
      if (chunk === 'naïve ') waiting.shift()?.()
    })
    expect(received).toEqual(['naïve ', '€uro 🚀'])
    expect(result).toMatchObject({ text: 'naïve €uro 🚀', messageId: 'm1', finishReason: 'stop' })
  })

  test("an e: line fails the call with the server's message, after the chunks before it", async () => {
    mswServer.use(
      http.post(
        STREAM_URL,
        () => new HttpResponse('0:"Hello "\ne:{"error":"Rate limit exceeded"}\n0:"ignored"\n'),
      ),
    )
    const received: string[] = []
    const error = await rejectionOf(client.ai.streamText({ prompt: 'x' }, (c) => received.push(c)))
    expect(error).toBeInstanceOf(AIError)
    expect(error.message).toBe('Rate limit exceeded')
    expect(received).toEqual(['Hello '])
  })

  test('a non-2xx answer is "Streaming request failed" with the status', async () => {
    mswServer.use(
      http.post(STREAM_URL, () =>
        HttpResponse.json({ error: { message: 'busy' } }, { status: 503 }),
      ),
    )
    const error = await rejectionOf(client.ai.streamText({ prompt: 'x' }))
    expect(error).toBeInstanceOf(AIError)
    expect(error).toMatchObject({
      message: 'Streaming request failed',
      status: 503,
      code: 'AI_ERROR',
    })
    expect(error.details).toEqual({ error: { message: 'busy' } })
  })

  test('a 2xx answer without a body is "No response body for streaming"', async () => {
    mswServer.use(http.post(STREAM_URL, () => new HttpResponse(null, { status: 204 })))
    const error = await rejectionOf(client.ai.streamText({ prompt: 'x' }))
    expect(error).toBeInstanceOf(AIError)
    expect(error.message).toBe('No response body for streaming')
  })

  test('a request that never gets an answer is a NetworkError', async () => {
    mswServer.use(http.post(STREAM_URL, () => HttpResponse.error()))
    const error = await rejectionOf(client.ai.streamText({ prompt: 'x' }))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toMatch(/^Network request failed: /)
    expect(error.status).toBe(0)
  })

  test('an unreadable line is "Failed to parse response"; unknown prefixes are skipped', async () => {
    mswServer.use(
      http.post(STREAM_URL, () => new HttpResponse('8:[{"future":true}]\n0:"a"\n0:not-json\n')),
    )
    const received: string[] = []
    const error = await rejectionOf(client.ai.streamText({ prompt: 'x' }, (c) => received.push(c)))
    expect(error).toBeInstanceOf(AIError)
    expect(error.message).toBe('Failed to parse response')
    expect(error.details).toEqual({ line: '0:not-json' })
    expect(received).toEqual(['a'])
  })

  test('a stream that ends without d: still resolves, with finish reason unknown', async () => {
    mswServer.use(http.post(STREAM_URL, () => new HttpResponse('0:"cut off"')))
    const result = await client.ai.streamText({ prompt: 'x' })
    expect(result).toMatchObject({ text: 'cut off', finishReason: 'unknown' })
  })

  test('breaking out of the event view cancels the body', async () => {
    // A fetch of our own rather than MSW: its Node interceptor does not pass a cancel back to
    // the mocked body, and the cancel reaching the server's stream is what is under test.
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await delay(5)
        controller.enqueue(encoder.encode('0:"tick"\n'))
      },
      cancel() {
        cancelled = true
      },
    })
    const direct = testClient({ fetch: async () => new Response(body) })
    let ticks = 0
    for await (const event of direct.ai.streamTextEvents({ prompt: 'x' })) {
      if (event.type === 'text' && ++ticks === 3) break
    }
    expect(ticks).toBe(3)
    await delay(20)
    expect(cancelled).toBe(true)
  })
})
