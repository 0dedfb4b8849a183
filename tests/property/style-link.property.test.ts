import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeHex } from '../../src/domain/color'
import { COLOR_KEYS, DEFAULT_STYLE_CONFIG } from '../../src/domain/style-config'
import {
  buildStyleLink,
  parseStyleLink,
  parseStylePayload,
  stripStyleParam,
} from '../../src/domain/style-link'
import {
  expectSafeConfig,
  HOSTILE_COLORS,
  HOSTILE_FONTS,
  styleConfig,
  typedHex,
} from './style-arbitraries'

const ORIGIN = 'http://localhost:3000'

describe('style links (docs/product/style.md#style-link)', () => {
  it('round-trip any config the editor can make', () => {
    fc.assert(
      fc.property(styleConfig, (config) => {
        const link = buildStyleLink(ORIGIN, config)
        expect(link.startsWith(`${ORIGIN}/?style=`)).toBe(true)
        expect(parseStyleLink(link)).toEqual({ kind: 'style', config })
        expect(stripStyleParam(link)).toBe(`${ORIGIN}/`)
      }),
    )
  })

  it('take colours typed in any case or length, and hand them back as #RRGGBB', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COLOR_KEYS), typedHex, (key, typed) => {
        const parsed = parseStylePayload(JSON.stringify({ [key]: typed }))
        expect(parsed).toEqual({
          kind: 'style',
          config: { ...DEFAULT_STYLE_CONFIG, [key]: normalizeHex(typed) },
        })
      }),
    )
  })

  it('any text as the parameter never throws and never yields an unsafe config', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.json(),
          // Objects with our keys and arbitrary values hit the schema rather than JSON.parse.
          fc
            .dictionary(
              fc.constantFrom(...Object.keys(DEFAULT_STYLE_CONFIG), 'extra'),
              fc.oneof(fc.jsonValue(), fc.constantFrom(...HOSTILE_COLORS, ...HOSTILE_FONTS)),
            )
            .map((value) => JSON.stringify(value)),
        ),
        (raw) => {
          const href = `${ORIGIN}/?style=${encodeURIComponent(raw)}`
          const parsed = parseStyleLink(href)
          expect(['style', 'invalid']).toContain(parsed.kind)
          if (parsed.kind === 'style') expectSafeConfig(parsed.config)
        },
      ),
    )
  })

  it('a hostile value anywhere makes the whole link invalid', () => {
    fc.assert(
      fc.property(
        styleConfig,
        fc.oneof(
          fc.record({
            key: fc.constantFrom(...COLOR_KEYS),
            value: fc.constantFrom(...HOSTILE_COLORS),
          }),
          fc.record({ key: fc.constant('fontFamily'), value: fc.constantFrom(...HOSTILE_FONTS) }),
        ),
        (config, { key, value }) => {
          const link = buildStyleLink(ORIGIN, { ...config, [key]: value })
          expect(parseStyleLink(link)).toEqual({ kind: 'invalid' })
        },
      ),
    )
  })

  it('dropping the parameter keeps every other parameter and the hash', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.string()), { maxLength: 4 }),
        fc.string(),
        styleConfig,
        (params, hash, config) => {
          const others = params.filter(([name]) => name !== 'style')
          const query = new URLSearchParams(others).toString()
          const url = new URL(`${ORIGIN}/chat?${query}`)
          url.searchParams.append('style', JSON.stringify(config))
          url.hash = hash
          const stripped = new URL(stripStyleParam(url.href))
          expect([...stripped.searchParams]).toEqual(others)
          expect(stripped.hash).toBe(url.hash)
          expect(stripped.pathname).toBe('/chat')
        },
      ),
    )
  })
})
