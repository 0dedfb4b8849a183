import { describe, expect, it } from 'vitest'
import {
  contrastRatio,
  hexToHsl,
  hexToRgb,
  hslToHex,
  isHexColor,
  normalizeHex,
  relativeLuminance,
  rgbToHex,
} from '../../../src/domain/color'

describe('hex text', () => {
  it('is #RGB or #RRGGBB in either case, and nothing else', () => {
    for (const ok of ['#fff', '#FFF', '#6366f1', '#6366F1', '#aBc'])
      expect(isHexColor(ok)).toBe(true)
    for (const bad of [
      'fff',
      '#ffff',
      '#12345',
      '#1234567',
      '#ggg',
      ' #fff',
      '#fff ',
      'red',
      '#fff;',
    ])
      expect(isHexColor(bad)).toBe(false)
    expect(isHexColor(0xffffff)).toBe(false)
  })

  it('normalises to upper-case #RRGGBB', () => {
    expect(normalizeHex('#abc')).toBe('#AABBCC')
    expect(normalizeHex('#6366f1')).toBe('#6366F1')
    expect(normalizeHex('red')).toBeNull()
  })
})

describe('conversions', () => {
  it('RGB both ways', () => {
    expect(hexToRgb('#6366F1')).toEqual({ r: 99, g: 102, b: 241 })
    expect(hexToRgb('#0f0')).toEqual({ r: 0, g: 255, b: 0 })
    expect(rgbToHex({ r: 99, g: 102, b: 241 })).toBe('#6366F1')
    expect(rgbToHex({ r: -3, g: 127.6, b: 300 })).toBe('#0080FF')
  })

  it('HSL both ways', () => {
    expect(hexToHsl('#FF0000')).toEqual({ h: 0, s: 100, l: 50 })
    expect(hexToHsl('#808080')).toEqual({ h: 0, s: 0, l: (128 / 255) * 100 })
    const indigo = hexToHsl('#6366F1')
    expect(indigo.h).toBeCloseTo(238.73, 2)
    expect(indigo.s).toBeCloseTo(83.53, 2)
    expect(indigo.l).toBeCloseTo(66.67, 2)
    expect(hslToHex({ h: 120, s: 100, l: 25 })).toBe('#008000')
    expect(hslToHex({ h: 480, s: 100, l: 25 })).toBe('#008000')
    expect(hslToHex({ h: 0, s: 0, l: 100 })).toBe('#FFFFFF')
  })

  it('refuses text that is not a hex colour', () => {
    expect(() => hexToRgb('red;background:url(x)')).toThrow(RangeError)
  })
})

describe('WCAG 2.x luminance and contrast', () => {
  it('has the known values', () => {
    expect(relativeLuminance('#000000')).toBe(0)
    expect(relativeLuminance('#FFFFFF')).toBe(1)
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21)
    expect(contrastRatio('#FFFFFF', '#6366F1')).toBeCloseTo(4.47, 2)
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2)
  })
})
