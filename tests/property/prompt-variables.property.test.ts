import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  fillPrompt,
  parsePrompt,
  promptVariables,
  renderPrompt,
} from '../../src/domain/prompt-variables'

// Text that is mostly the characters variables are made of, so that well-formed, malformed,
// nested and unterminated variables all turn up; plus any unicode at all.
const piece = fc.oneof(
  fc.constantFrom('{', '}', '{{', '}}', ':', '|', ' ', '\n', 'a', 'b', 'é', '名', '#', '-', '.'),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
)
const anyText = fc.oneof(
  fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
)
const name = fc.constantFrom('a', 'b', 'topic', 'target language', 'città', '名前', 'x_1', 'v.2')
const braceFree = fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/[{}]/g, ''))
/** Any variable, in any of its three forms and any spacing. */
const token = fc
  .tuple(
    name,
    fc.constantFrom('', ' ', '  '),
    fc.oneof(
      fc.constant(''),
      braceFree.map((d) => `:${d.replace(/[\n\r]/g, '')}`),
      fc
        .array(
          braceFree.map((o) => o.replace(/[\n\r|]/g, '')),
          { minLength: 1, maxLength: 4 },
        )
        .map((options) => `:${options.join('|')}`),
    ),
  )
  .map(([n, pad, rest]) => `{{${pad}${n}${pad}${rest}}}`)
const values = fc.dictionary(name, fc.string({ unit: 'grapheme', maxLength: 10 }))

describe('prompt variables, for any text', () => {
  it('parsing never throws, and each variable filled with its own placeholder gives the text back', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const parsed = parsePrompt(text)
        expect(renderPrompt(parsed, (t) => t.raw)).toBe(text)
      }),
    )
  })

  it('written as {{name}}, each filled with {{name}} gives the text back, names in order of first use', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(braceFree, name), { maxLength: 8 }),
        braceFree,
        (pairs, end) => {
          const text = pairs.map(([chunk, n]) => `${chunk}{{${n}}}`).join('') + end
          const own = Object.fromEntries(pairs.map(([, n]) => [n, `{{${n}}}`]))
          expect(fillPrompt(text, own)).toBe(text)
          expect(promptVariables(text).map((v) => v.name)).toEqual([
            ...new Set(pairs.map(([, n]) => n)),
          ])
        },
      ),
    )
  })

  it('for any values, every variable gives way to its value and the rest stays as written', () => {
    fc.assert(
      fc.property(anyText, values, (text, given) => {
        const filled = fillPrompt(text, given)
        const { parts, variables } = parsePrompt(text)
        const byName = new Map(variables.map((v) => [v.name, v]))
        let at = 0
        for (const part of parts) {
          if (part.kind === 'text') {
            expect(filled.slice(at, at + part.text.length)).toBe(part.text)
            at += part.text.length
          } else {
            const variable = byName.get(part.token.name)
            const value = Object.hasOwn(given, part.token.name)
              ? (given[part.token.name] ?? '')
              : (variable?.defaultValue ?? '')
            // Where the variable was written stands its value, never its braces.
            expect(filled.slice(at, at + value.length)).toBe(value)
            at += value.length
          }
        }
        expect(at).toBe(filled.length)
      }),
    )
  })

  it('filled with brace-free values, a text of variables and brace-free words has no {{ left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(braceFree, token), { maxLength: 12 }),
        fc.dictionary(name, braceFree),
        (pieces, given) => {
          expect(fillPrompt(pieces.join(''), given)).not.toContain('{{')
        },
      ),
    )
  })
})
