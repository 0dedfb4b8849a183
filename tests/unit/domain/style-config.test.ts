import { describe, expect, it } from 'vitest'
import { COLOR_PRESETS } from '../../../src/domain/color-presets'
import {
  DEFAULT_STYLE_CONFIG,
  isHexColor,
  mergeStyleConfig,
  parseStyleConfig,
  STYLE_FONTS,
} from '../../../src/domain/style-config'

describe('style choices (docs/product/style.md)', () => {
  it('offers the eight fonts, the default first', () => {
    expect(STYLE_FONTS).toEqual([
      'Inter',
      'Roboto',
      'Open Sans',
      'Lato',
      'Montserrat',
      'Poppins',
      'Source Sans Pro',
      'Nunito',
    ])
    expect(STYLE_FONTS[0]).toBe(DEFAULT_STYLE_CONFIG.fontFamily)
  })

  it('offers the eight presets in order, Indigo being the defaults', () => {
    expect(COLOR_PRESETS.map((preset) => preset.name)).toEqual([
      'Indigo',
      'Blue',
      'Purple',
      'Pink',
      'Green',
      'Red',
      'Orange',
      'Teal',
    ])
    expect(COLOR_PRESETS[0]).toEqual({
      name: 'Indigo',
      primary: DEFAULT_STYLE_CONFIG.primaryColor,
      accent: DEFAULT_STYLE_CONFIG.accentColor,
    })
    for (const { primary, accent } of COLOR_PRESETS) {
      expect(primary).toMatch(/^#[0-9A-F]{6}$/)
      expect(accent).toMatch(/^#[0-9A-F]{6}$/)
    }
    expect(isHexColor(DEFAULT_STYLE_CONFIG.cardColor)).toBe(true)
  })
})

describe('the saved config as the CSS barrier', () => {
  it('keeps the default for a colour that is not hex and for a font not offered', () => {
    const merged = mergeStyleConfig({
      primaryColor: 'red;background:url(x)',
      accentColor: '#f97316',
      cardColor: 'rgb(0,0,0)',
      fontFamily: 'Inter; } body { display:none',
    })
    expect(merged).toEqual({ ...DEFAULT_STYLE_CONFIG, accentColor: '#F97316' })
  })

  it('takes an offered font and a short hex', () => {
    const merged = parseStyleConfig(
      JSON.stringify({ fontFamily: 'Nunito', backgroundColor: '#fff' }),
    )
    expect(merged).toMatchObject({ fontFamily: 'Nunito', backgroundColor: '#FFFFFF' })
  })
})
