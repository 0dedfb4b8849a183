import { describe, expect, it } from 'vitest'
import { contrastRatio, hexToHsl, hslToHex } from '../../../src/domain/color'
import { COLOR_PRESETS } from '../../../src/domain/color-presets'
import {
  contrastReport,
  formatRatio,
  MIN_NON_TEXT_CONTRAST,
  nearestPassingLightness,
  PAGE_BACKGROUNDS,
  themeContrast,
} from '../../../src/domain/contrast'
import { DEFAULT_STYLE_CONFIG } from '../../../src/domain/style-config'
import {
  MIN_CONTRAST,
  PRIMARY_TEXT,
  primaryForeground,
  readableText,
} from '../../../src/domain/text-colors'

describe('the contrast check (docs/product/style.md#contrast-check)', () => {
  it('measures against the app’s page backgrounds and two text candidates', () => {
    expect(MIN_CONTRAST).toBe(4.5)
    expect(MIN_NON_TEXT_CONTRAST).toBe(3)
    expect(PAGE_BACKGROUNDS).toEqual({ light: '#FAFAFA', dark: '#0B0B12' })
    expect(PRIMARY_TEXT).toEqual({ light: '#FFFFFF', dark: '#000000' })
  })

  it('paints white on dark primaries and black on light ones, whichever reads better', () => {
    expect(primaryForeground('#2563EB')).toBe('#FFFFFF')
    expect(primaryForeground('#FDE047')).toBe('#000000')
    expect(primaryForeground('#16A34A')).toBe('#000000')
    // White on the default Indigo is 4.47:1, just short; black is 4.70:1.
    expect(primaryForeground('#6366F1')).toBe('#000000')
  })

  it('text on any primary reaches 4.5:1, since white or black always does', () => {
    for (const hex of ['#6366F1', '#777777', '#FDE047', '#0B8177', '#FF0000'])
      expect(contrastReport(hex).light.textOnPrimary).toBeGreaterThanOrEqual(MIN_CONTRAST)
  })

  it('the default Indigo passes both themes, measured as the page paints it (issue 27)', () => {
    const report = contrastReport(DEFAULT_STYLE_CONFIG.primaryColor)
    expect(report.light.textOnPrimary).toBeCloseTo(4.7, 2)
    expect(formatRatio(report.light.textOnPrimary)).toBe('4.70:1')
    // As a button or an outline on the page: over 3:1, under 4.5:1.
    expect(report.light.primaryOnBackground).toBeCloseTo(4.28, 2)
    expect(report.dark.primaryOnBackground).toBeCloseTo(4.39, 2)
    expect(report.light.passes).toBe(true)
    expect(report.dark.passes).toBe(true)
    // As text it is never painted: links and badges take a shade that reads at 4.5:1.
    for (const theme of ['light', 'dark'] as const) {
      const text = report[theme].primaryAsText
      expect(text).not.toBe('#6366F1')
      expect(contrastRatio(text, PAGE_BACKGROUNDS[theme])).toBeGreaterThanOrEqual(MIN_CONTRAST)
    }
  })

  it('every preset passes both themes', () => {
    for (const { name, primary } of COLOR_PRESETS)
      for (const theme of ['light', 'dark'] as const)
        expect([name, theme, themeContrast(primary, theme).passes]).toEqual([name, theme, true])
  })

  it('a primary too faint to see on the page fails: a pale one on light, a deep one on dark', () => {
    expect(themeContrast('#A5B4FC', 'light')).toMatchObject({ passes: false })
    expect(themeContrast('#A5B4FC', 'dark')).toMatchObject({ passes: true })
    expect(themeContrast('#1E1B4B', 'dark')).toMatchObject({ passes: false })
    expect(themeContrast('#1E1B4B', 'light')).toMatchObject({ passes: true })
  })

  it('shows ratios cut to two decimals, never rounded up', () => {
    expect(formatRatio(4.497)).toBe('4.49:1')
    expect(formatRatio(4.4999999)).toBe('4.49:1')
    expect(formatRatio(4.5)).toBe('4.50:1')
    expect(formatRatio(4.35)).toBe('4.35:1')
    expect(formatRatio(1)).toBe('1.00:1')
    expect(formatRatio(21)).toBe('21.00:1')
  })
})

describe('the lightness fix', () => {
  it('hands back a colour that already passes, normalised', () => {
    expect(nearestPassingLightness('#2563eb', 'light')).toBe('#2563EB')
  })

  it('darkens for the light theme and lightens for the dark one, keeping the hue', () => {
    const darker = nearestPassingLightness('#A5B4FC', 'light')!
    const lighter = nearestPassingLightness('#1E1B4B', 'dark')!
    expect(hexToHsl(darker).l).toBeLessThan(hexToHsl('#A5B4FC').l)
    expect(hexToHsl(lighter).l).toBeGreaterThan(hexToHsl('#1E1B4B').l)
    expect(Math.abs(hexToHsl(darker).h - hexToHsl('#A5B4FC').h)).toBeLessThan(2)
    expect(themeContrast(darker, 'light').passes).toBe(true)
    expect(themeContrast(lighter, 'dark').passes).toBe(true)
    expect(themeContrast(darker, 'light').primaryOnBackground).toBeLessThan(3.1)
  })

  it('refuses text that is not a hex colour', () => {
    expect(nearestPassingLightness('red', 'light')).toBeNull()
  })
})

describe('the colours as text (links and badges, issue 15)', () => {
  const surfaces = { light: ['#FAFAFA', '#FFFFFF'], dark: ['#0B0B12', '#15151F'] } as const

  it('reads at 4.5:1 on the page and the card in both themes, for every preset', () => {
    for (const { primary, accent } of COLOR_PRESETS) {
      for (const theme of ['light', 'dark'] as const) {
        for (const hex of [primary, accent]) {
          const text = readableText(hex, theme)
          for (const surface of surfaces[theme]) {
            expect(contrastRatio(text, surface), `${hex} ${theme}`).toBeGreaterThanOrEqual(4.5)
          }
        }
      }
    }
  })

  it('keeps the hue, and moves only as far as it must: darker on light, lighter on dark', () => {
    const amber = hexToHsl('#F59E0B')
    const light = hexToHsl(readableText('#F59E0B', 'light'))
    const dark = readableText('#F59E0B', 'dark')
    expect(Math.abs(light.h - amber.h)).toBeLessThan(2)
    expect(light.l).toBeLessThan(amber.l)
    // Amber already reads on the dark page, card and tint.
    expect(dark).toBe('#F59E0B')
    // One percent lighter would not read on all of them: page, card, and amber's tint on each.
    const backgrounds = ['#FAFAFA', '#FFFFFF', '#F9ECD6', '#FEF0DA']
    const worst = (hex: string) => Math.min(...backgrounds.map((bg) => contrastRatio(hex, bg)))
    expect(worst(readableText('#F59E0B', 'light'))).toBeGreaterThanOrEqual(4.5)
    expect(worst(hslToHex({ ...light, l: light.l + 1 }))).toBeLessThan(4.5)
  })

  it('also reads on the tints it is given (an accent badge on a primary-tinted row)', () => {
    const text = readableText('#F59E0B', 'light', ['#6366F1'])
    const tint = '#E8E8FD' // Indigo at 15% over the card
    expect(contrastRatio(text, tint)).toBeGreaterThanOrEqual(4.5)
  })

  it('hands back text that is not a hex colour as it came', () => {
    expect(readableText('tomato', 'light')).toBe('tomato')
  })
})
