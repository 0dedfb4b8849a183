import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeApiKey, encodeApiKey } from '../../src/domain/api-key-encoding'
import type { ContextTurn } from '../../src/domain/chat-context'
import { buildChatContext } from '../../src/domain/chat-context'

const turn: fc.Arbitrary<ContextTurn> = fc.record({
  role: fc.constantFrom('user' as const, 'assistant' as const),
  content: fc.string(),
})
const prompt = fc.option(fc.record({ id: fc.string(), title: fc.string(), content: fc.string() }), {
  nil: null,
})

describe('the chat context (docs/product/behaviour.md)', () => {
  it('is the system prompt when active, then at most 10 earlier messages in order, then the new one', () => {
    fc.assert(
      fc.property(
        prompt,
        fc.array(turn, { maxLength: 40 }),
        fc.string(),
        (system, earlier, text) => {
          const context = buildChatContext(system, earlier, text)
          const head = system ? [{ role: 'system', content: system.content }] : []
          // The spec's 10, written out rather than read from the code under test.
          const kept = earlier.slice(Math.max(0, earlier.length - 10))
          expect(context).toEqual([...head, ...kept, { role: 'user', content: text }])
          expect(context.filter((t) => t.role === 'system')).toHaveLength(system ? 1 : 0)
        },
      ),
    )
  })
})

describe('stored API keys', () => {
  it('any key survives base64 encoding, and the stored form is plain base64', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (key) => {
        const stored = encodeApiKey(key)
        expect(stored).toMatch(/^[A-Za-z0-9+/]*={0,2}$/)
        expect(decodeApiKey(stored)).toBe(key)
      }),
    )
  })

  it('text that is not base64 of UTF-8 decodes to null (the key is skipped)', () => {
    expect(decodeApiKey('%%% not base64 %%%')).toBeNull()
    expect(decodeApiKey(btoa('\xff\xfe'))).toBeNull()
  })
})
