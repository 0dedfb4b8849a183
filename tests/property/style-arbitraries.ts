import fc from 'fast-check'
import { expect } from 'vitest'
import {
  COLOR_KEYS,
  STYLE_CHOICES,
  STYLE_FONTS,
  type StyleConfig,
} from '../../src/domain/style-config'

/** Any colour as upper-case `#RRGGBB`, the form every check hands back. */
export const normalHex = fc
  .integer({ min: 0, max: 0xffffff })
  .map((n) => `#${n.toString(16).toUpperCase().padStart(6, '0')}`)

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF')

/** Any hex colour as a user may type it: three or six digits, either case. */
export const typedHex = fc
  .oneof(
    fc.array(hexDigit, { minLength: 3, maxLength: 3 }),
    fc.array(hexDigit, { minLength: 6, maxLength: 6 }),
  )
  .map((digits) => `#${digits.join('')}`)

/** Any config the editor can produce. */
export const styleConfig: fc.Arbitrary<StyleConfig> = fc.record({
  primaryColor: normalHex,
  accentColor: normalHex,
  backgroundColor: normalHex,
  cardColor: normalHex,
  fontFamily: fc.constantFrom(...STYLE_FONTS),
  fontSize: fc.constantFrom(...STYLE_CHOICES.fontSize),
  borderRadius: fc.constantFrom(...STYLE_CHOICES.borderRadius),
  spacing: fc.constantFrom(...STYLE_CHOICES.spacing),
  theme: fc.constantFrom(...STYLE_CHOICES.theme),
  animations: fc.boolean(),
  messageAlignment: fc.constantFrom(...STYLE_CHOICES.messageAlignment),
  showAvatars: fc.boolean(),
  showTimestamps: fc.boolean(),
})

/** Values that would break out of a CSS declaration if they reached the page. */
export const HOSTILE_FONTS = [
  'Inter; } body { display:none',
  'Inter"; background: url(x)',
  ' Inter',
  'inter',
  'Comic Sans MS',
]
export const HOSTILE_COLORS = [
  'red;background:url(x)',
  '#6366F1; } body { display:none',
  '#6366F1 ',
  ' #6366F1',
  'red',
  'rgb(1, 2, 3)',
  'hsl(0 0% 0%)',
  '#12345',
  '#1234567',
  '#GGGGGG',
  '6366F1',
  '#6366F1\n',
  '',
]

/** Checks a config that came out of a reader: nothing but clean values reach the page. */
export function expectSafeConfig(config: StyleConfig): void {
  for (const key of COLOR_KEYS) expect(config[key]).toMatch(/^#[0-9A-F]{6}$/)
  expect(STYLE_FONTS).toContain(config.fontFamily)
}
