import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { ProviderName } from '../../src/domain/chat-types'
import { sendChat } from '../../src/providers/send-chat'
import { encode, splitAt, streamingFetch, wireStream } from '../unit/providers/stream-wire'

/** Reply pieces of any code points, astral ones (4 UTF-8 bytes) included; some empty. */
const pieces = fc.array(fc.string({ unit: 'binary', maxLength: 8 }), { maxLength: 8 })

/** Reads the stream, delivered in `chunks`, through the provider's adapter. */
async function read(provider: ProviderName, chunks: Uint8Array[]) {
  const deltas: string[] = []
  const { fetch } = streamingFetch(chunks)
  const result = await sendChat(
    { provider, apiKey: 'k', model: 'm', messages: [{ role: 'user', content: 'Hi' }] },
    { fetch, onDelta: (text) => deltas.push(text) },
  )
  return { result, deltas }
}

describe.each(['openai', 'anthropic', 'google'] as const)('a %s stream', (provider) => {
  test('read in any chunks gives the same text as read whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        pieces.chain((p) => {
          const bytes = encode(wireStream(provider, p).wire)
          return fc.tuple(
            fc.constant(p),
            fc.constant(bytes),
            fc.array(fc.nat(bytes.length), { maxLength: 12 }),
          )
        }),
        async ([p, bytes, offsets]) => {
          const whole = await read(provider, [bytes])
          const split = await read(provider, splitAt(bytes, offsets))
          const text = p.join('')
          expect(whole.result.content).toBe(text || 'No response generated')
          expect(split.result).toEqual(whole.result)
          expect(split.deltas.join('')).toBe(text)
          expect(split.deltas).toEqual(p.filter(Boolean))
        },
      ),
      { numRuns: 150 },
    )
  })
})
