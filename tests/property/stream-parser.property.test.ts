import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createStreamParser, type StreamEvent } from '../../src/platform/ai/stream-parser'

/** Text with any code point, astral ones (4 UTF-8 bytes) included. */
const anyText = fc.string({ unit: 'binary', maxLength: 12 })

/** One line of the stream and the event it means. */
type Line = { line: string; event: StreamEvent }
const streamLine: fc.Arbitrary<Line> = fc.oneof(
  anyText.map(
    (messageId): Line => ({
      line: `f:${JSON.stringify({ messageId })}`,
      event: { type: 'start', messageId },
    }),
  ),
  anyText.map(
    (text): Line => ({ line: `0:${JSON.stringify(text)}`, event: { type: 'text', text } }),
  ),
  fc.array(fc.oneof(anyText, fc.integer()), { maxLength: 3 }).map(
    (data): Line => ({
      line: `2:${JSON.stringify(data)}`,
      event: { type: 'data', data },
    }),
  ),
  fc.tuple(fc.constantFrom('stop', 'length', 'error'), fc.nat(5000), fc.nat(5000)).map(
    ([finishReason, promptTokens, completionTokens]): Line => ({
      line: `d:${JSON.stringify({ finishReason, usage: { promptTokens, completionTokens } })}`,
      event: {
        type: 'finish',
        finishReason,
        usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
      },
    }),
  ),
  anyText
    .filter((message) => message.length > 0)
    .map(
      (message): Line => ({
        line: `e:${JSON.stringify({ error: message })}`,
        event: { type: 'error', message },
      }),
    ),
)

/** The bytes cut at the given offsets (any offset: inside a prefix, a line or a character). */
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  const chunks: Uint8Array[] = []
  let from = 0
  for (const offset of [...offsets, bytes.length]) {
    chunks.push(bytes.slice(from, offset))
    from = offset
  }
  return chunks
}

function parseChunks(chunks: Uint8Array[]): StreamEvent[] {
  const parser = createStreamParser()
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()]
}

describe('stream-line parser under arbitrary chunk splits', () => {
  test('gives the same events however the bytes are cut, multi-byte characters included', () => {
    fc.assert(
      fc.property(
        fc.array(streamLine, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (lines, cuts, newline, trailingNewline) => {
          const body =
            lines.map(({ line }) => line).join(newline) + (trailingNewline ? newline : '')
          const bytes = new TextEncoder().encode(body)
          const expected = lines.map(({ event }) => event)
          expect(parseChunks([bytes])).toEqual(expected)
          expect(parseChunks(split(bytes, cuts))).toEqual(expected)
        },
      ),
      { numRuns: 300 },
    )
  })

  test('byte by byte, a line of four-byte characters arrives whole and only once', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), (text) => {
        const bytes = new TextEncoder().encode(`0:${JSON.stringify(text)}\n`)
        const parser = createStreamParser()
        const events: StreamEvent[] = []
        for (const byte of bytes) events.push(...parser.push(Uint8Array.of(byte)))
        events.push(...parser.end())
        expect(events).toEqual([{ type: 'text', text }])
      }),
    )
  })
})
