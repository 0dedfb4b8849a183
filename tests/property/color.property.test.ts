import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  hexToHsl,
  hexToRgb,
  hslToHex,
  isHexColor,
  normalizeHex,
  rgbToHex,
} from '../../src/domain/color'
import { normalHex, typedHex } from './style-arbitraries'

describe('hex colours (docs/product/style.md)', () => {
  it('round-trip through RGB and through HSL', () => {
    fc.assert(
      fc.property(normalHex, (hex) => {
        expect(rgbToHex(hexToRgb(hex))).toBe(hex)
        expect(hslToHex(hexToHsl(hex))).toBe(hex)
      }),
    )
  })

  it('HSL stays in range: hue 0 to 360, saturation and lightness 0 to 100', () => {
    fc.assert(
      fc.property(normalHex, (hex) => {
        const { h, s, l } = hexToHsl(hex)
        expect(h).toBeGreaterThanOrEqual(0)
        expect(h).toBeLessThan(360)
        for (const percent of [s, l]) {
          expect(percent).toBeGreaterThanOrEqual(0)
          expect(percent).toBeLessThanOrEqual(100)
        }
      }),
    )
  })

  it('any HSL, even out of range, becomes an upper-case #RRGGBB', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        fc.double({ noNaN: true, min: -200, max: 200 }),
        fc.double({ noNaN: true, min: -200, max: 200 }),
        (h, s, l) => {
          expect(hslToHex({ h, s, l })).toMatch(/^#[0-9A-F]{6}$/)
        },
      ),
    )
  })

  it('typed hex in any case or length normalises to the same colour, idempotently', () => {
    fc.assert(
      fc.property(typedHex, (typed) => {
        expect(isHexColor(typed)).toBe(true)
        const normal = normalizeHex(typed)
        expect(normal).toMatch(/^#[0-9A-F]{6}$/)
        expect(normalizeHex(normal)).toBe(normal)
        expect(hexToRgb(typed)).toEqual(hexToRgb(normal!))
      }),
    )
  })

  it('any other text is not a hex colour', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (text) => {
        const hex = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(text)
        expect(isHexColor(text)).toBe(hex)
        expect(normalizeHex(text) === null).toBe(!hex)
        if (!hex) expect(() => hexToRgb(text)).toThrow(RangeError)
      }),
    )
  })
})
