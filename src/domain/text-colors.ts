// The text colours the page paints (docs/product/style.md#contrast-check): on the primary, and
// the primary and accent as text. Applied with every look, so on the first paint; the editor's
// check (contrast.ts) loads with the editor.
import { contrastRatio, hexToHsl, hexToRgb, hslToHex, normalizeHex, rgbToHex } from './color'

export type PageTheme = 'light' | 'dark'

/** WCAG 2.x AA for normal text. */
export const MIN_CONTRAST = 4.5

/** The two colours button text on the primary may take: white, or the light theme's ink. */
export const PRIMARY_TEXT = Object.freeze({ light: '#FFFFFF', dark: '#000000' } as const)

/** The text colour for the primary: whichever candidate stands out more (white on a tie). */
export function primaryForeground(primaryHex: string): '#FFFFFF' | '#000000' {
  const white = contrastRatio(PRIMARY_TEXT.light, primaryHex)
  const ink = contrastRatio(PRIMARY_TEXT.dark, primaryHex)
  return white >= ink ? PRIMARY_TEXT.light : PRIMARY_TEXT.dark
}

/** The surfaces text sits on in each theme: the page and the card (panda.config.ts). */
const SURFACES: Readonly<Record<PageTheme, readonly string[]>> = Object.freeze({
  light: ['#FAFAFA', '#FFFFFF'],
  dark: ['#0B0B12', '#15151F'],
})

/** How much of the colour tints a surface behind a badge (the `primary.muted` token). */
const TINT = 0.15

function tinted(colorHex: string, surfaceHex: string, alpha: number): string {
  const c = hexToRgb(colorHex)
  const s = hexToRgb(surfaceHex)
  const mix = (a: number, b: number) => a * alpha + b * (1 - alpha)
  return rgbToHex({ r: mix(c.r, s.r), g: mix(c.g, s.g), b: mix(c.b, s.b) })
}

/**
 * The colour as text in this theme (links, badges): its hue and saturation kept, its lightness
 * moved (darker on the light theme, lighter on the dark) in whole percent until it reads at
 * MIN_CONTRAST on the page, on a card, and on its own tint (and each of `tints`) over either.
 * The colour itself when it reads already; black or white at the end. Not a hex colour:
 * returned as it came.
 */
export function readableText(colorHex: string, theme: PageTheme, tints: string[] = []): string {
  const start = normalizeHex(colorHex)
  if (start === null) return colorHex
  const tintHexes = [start, ...tints.map(normalizeHex).filter((hex) => hex !== null)]
  const backgrounds = SURFACES[theme].flatMap((surface) => [
    surface,
    ...tintHexes.map((tint) => tinted(tint, surface, TINT)),
  ])
  const reads = (hex: string) => backgrounds.every((bg) => contrastRatio(hex, bg) >= MIN_CONTRAST)
  if (reads(start)) return start
  const { h, s, l } = hexToHsl(start)
  const step = theme === 'light' ? -1 : 1
  for (let next = Math.round(l) + step; next > 0 && next < 100; next += step) {
    const hex = hslToHex({ h, s, l: next })
    if (reads(hex)) return hex
  }
  return theme === 'light' ? '#000000' : '#FFFFFF'
}
