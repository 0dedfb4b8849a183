import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contrastRatio, hexToHsl, hslToHex } from '../../src/domain/color'
import { formatRatio, nearestPassingLightness, themeContrast } from '../../src/domain/contrast'
import type { PageTheme } from '../../src/domain/text-colors'
import { normalHex } from './style-arbitraries'

const theme = fc.constantFrom<PageTheme>('light', 'dark')

describe('contrast (docs/product/style.md#contrast-check)', () => {
  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(normalHex, normalHex, (a, b) => {
        const ratio = contrastRatio(a, b)
        expect(contrastRatio(b, a)).toBe(ratio)
        expect(ratio).toBeGreaterThanOrEqual(1)
        expect(ratio).toBeLessThanOrEqual(21)
        expect(contrastRatio(a, a)).toBe(1)
      }),
    )
  })

  it('the shown ratio never claims more than the ratio, and is off by less than 0.01', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 1, max: 21, noNaN: true }),
          fc.integer({ min: 100, max: 2100 }).map((n) => n / 100),
        ),
        (ratio) => {
          const shown = formatRatio(ratio)
          expect(shown).toMatch(/^\d{1,2}\.\d\d:1$/)
          const value = Number(shown.slice(0, -2))
          expect(value).toBeLessThanOrEqual(ratio)
          expect(ratio - value).toBeLessThan(0.01)
          if (ratio < 4.5) expect(value).toBeLessThan(4.5)
        },
      ),
    )
  })

  it('the lightness fix passes, and no closer lightness of the same hue and saturation does', () => {
    fc.assert(
      fc.property(normalHex, theme, (hex, page) => {
        const fixed = nearestPassingLightness(hex, page)
        // Black passes the light theme and white the dark one, so a fix always exists.
        expect(fixed).not.toBeNull()
        expect(themeContrast(fixed!, page).passes).toBe(true)
        if (themeContrast(hex, page).passes) {
          expect(fixed).toBe(hex)
          return
        }
        const { h, s, l } = hexToHsl(hex)
        const moved = Math.abs(hexToHsl(fixed!).l - l)
        // Whole percents closer than the fix (less the hex format's rounding) all fail.
        for (let whole = 0; whole <= 100; whole++) {
          if (Math.abs(whole - l) >= moved - 0.5) continue
          expect(themeContrast(hslToHex({ h, s, l: whole }), page).passes).toBe(false)
        }
      }),
      { numRuns: 200 },
    )
  })
})
