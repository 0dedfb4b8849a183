import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeHex } from '../../src/domain/color'
import {
  applyStylePatch,
  COLOR_KEYS,
  DEFAULT_STYLE_CONFIG,
  mergeStyleConfig,
  parseStyleConfig,
} from '../../src/domain/style-config'
import {
  expectSafeConfig,
  HOSTILE_COLORS,
  HOSTILE_FONTS,
  styleConfig,
  typedHex,
} from './style-arbitraries'

// Saved objects with our keys and any values, hostile ones included.
const savedObject = fc.dictionary(
  fc.constantFrom(...Object.keys(DEFAULT_STYLE_CONFIG), 'extra'),
  fc.oneof(fc.anything(), fc.constantFrom(...HOSTILE_COLORS, ...HOSTILE_FONTS), typedHex),
)

describe('the saved style config merged over the defaults (docs/product/limits.md)', () => {
  it('any saved value yields a complete config whose fields keep the defaults’ types', () => {
    fc.assert(
      fc.property(fc.anything(), (saved) => {
        const merged = mergeStyleConfig(saved)
        expect(Object.keys(merged).sort()).toEqual(Object.keys(DEFAULT_STYLE_CONFIG).sort())
        for (const [key, value] of Object.entries(DEFAULT_STYLE_CONFIG))
          expect(typeof merged[key as keyof typeof merged]).toBe(typeof value)
      }),
    )
  })

  it('valid saved fields win; invalid ones keep the default', () => {
    const merged = parseStyleConfig(
      JSON.stringify({ showAvatars: false, messageAlignment: 'diagonal', fontSize: 'large' }),
    )
    expect(merged).toMatchObject({
      showAvatars: false,
      messageAlignment: 'left',
      fontSize: 'large',
    })
    expect(parseStyleConfig('{not json')).toEqual(DEFAULT_STYLE_CONFIG)
    expect(parseStyleConfig(null)).toEqual(DEFAULT_STYLE_CONFIG)
  })

  it('nothing but normalised hex colours and offered fonts comes out (the CSS barrier)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), savedObject), (saved) => {
        expectSafeConfig(mergeStyleConfig(saved))
      }),
    )
  })

  it('a hostile colour or font keeps the default; a typed hex is normalised', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COLOR_KEYS),
        fc.constantFrom(...HOSTILE_COLORS),
        fc.constantFrom(...HOSTILE_FONTS),
        typedHex,
        (key, color, font, typed) => {
          const merged = mergeStyleConfig({ [key]: color, fontFamily: font })
          expect(merged).toEqual(DEFAULT_STYLE_CONFIG)
          expect(mergeStyleConfig({ [key]: typed })[key]).toBe(normalizeHex(typed))
        },
      ),
    )
  })

  it('an edit changes only the fields it gets right, as the saved-config reader reads them', () => {
    fc.assert(
      fc.property(styleConfig, savedObject, (config, patch) => {
        const next = applyStylePatch(config, patch)
        const read = mergeStyleConfig(patch)
        expectSafeConfig(next)
        expect(applyStylePatch(DEFAULT_STYLE_CONFIG, patch)).toEqual(read)
        for (const key of Object.keys(config) as Array<keyof typeof config>) {
          if (Object.hasOwn(patch, key)) expect([config[key], read[key]]).toContain(next[key])
          else expect(next[key]).toBe(config[key])
        }
      }),
    )
  })
})
