import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  INVALID_SHARED_PROMPT,
  MAX_SHARED_PROMPT_CHARS,
  parseSharedPayload,
  parseSharedPrompt,
} from '../../src/domain/share-link'
import { buildShareLink } from '../../src/domain/share-link-builder'

const ORIGIN = 'http://localhost:3000'
const nonBlank = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 200 })
  .filter((s) => s.trim() !== '')

describe('share links', () => {
  it('round-trip any title and content (unicode, quotes, &, %, newlines) and type', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          nonBlank,
          fc.constantFrom('"quoted" & 100% \n', '<script>alert(1)</script>', '😀 ünï cødé'),
        ),
        nonBlank,
        fc.constantFrom('user' as const, 'system' as const),
        (title, content, type) => {
          const link = buildShareLink(ORIGIN, { title, content, type })
          expect(link.startsWith(`${ORIGIN}/?prompt=`)).toBe(true)
          expect(parseSharedPrompt(link)).toEqual({
            kind: 'prompt',
            prompt: { title, content, type },
          })
        },
      ),
    )
  })

  it('garbage payloads are invalid, never a crash', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (raw) => {
          const result = parseSharedPayload(raw)
          expect(['invalid', 'prompt']).toContain(result.kind)
          if (result.kind === 'prompt') {
            expect(typeof result.prompt.title).toBe('string')
            expect(['user', 'system']).toContain(result.prompt.type)
          } else expect(result).toEqual({ kind: 'invalid', error: INVALID_SHARED_PROMPT })
        },
      ),
    )
  })

  it('any garbage in the address parameter is handled without throwing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => {
        const href = `${ORIGIN}/?prompt=${raw}`
        expect(() => parseSharedPrompt(href)).not.toThrow()
        expect(['none', 'invalid', 'prompt']).toContain(parseSharedPrompt(href).kind)
      }),
    )
  })

  it.each([
    ['not JSON', '{nope'],
    ['an array', '[1,2]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['a missing field', '{"title":"a","type":"user"}'],
    ['a wrong type', '{"title":"a","content":"b","type":"admin"}'],
    ['a non-string title', '{"title":1,"content":"b","type":"user"}'],
    ['blank fields', '{"title":" ","content":"b","type":"user"}'],
    [
      'an oversized payload',
      JSON.stringify({ title: 'a', content: 'x'.repeat(MAX_SHARED_PROMPT_CHARS), type: 'user' }),
    ],
  ])('%s is an invalid shared prompt', (_, raw) => {
    expect(parseSharedPayload(raw)).toEqual({ kind: 'invalid', error: INVALID_SHARED_PROMPT })
  })

  it('an address without the parameter has no shared prompt', () => {
    expect(parseSharedPrompt(`${ORIGIN}/?tab=1`)).toEqual({ kind: 'none' })
  })
})
