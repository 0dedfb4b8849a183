import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_STYLE_CONFIG,
  mergeStyleConfig,
  parseStyleConfig,
} from '../../src/domain/style-config'

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
})
