// The contrast check of the style editor (docs/product/style.md#contrast-check).
import { contrastRatio, hexToHsl, hslToHex, normalizeHex } from './color'
import { MIN_CONTRAST, type PageTheme, primaryForeground, readableText } from './text-colors'

/**
 * WCAG 2.x AA for what is not text (1.4.11): a button's edge, an outline, a focus ring, an
 * icon. The primary itself is painted only so; as text it is `readableText`'s shade.
 */
export const MIN_NON_TEXT_CONTRAST = 3

/** The page behind the primary colour in each theme (the `bg` token of panda.config.ts). */
export const PAGE_BACKGROUNDS: Readonly<Record<PageTheme, string>> = Object.freeze({
  light: '#FAFAFA',
  dark: '#0B0B12',
})

export interface ThemeContrast {
  /** Button text (primaryForeground) on the primary: text, so MIN_CONTRAST. */
  textOnPrimary: number
  /** The primary as a button, an outline or an icon on the page: MIN_NON_TEXT_CONTRAST. */
  primaryOnBackground: number
  /** The shade of the primary that links and badges use in this theme (4.5:1 by construction). */
  primaryAsText: string
  /** Both ratios at least their minimum. */
  passes: boolean
}

/** What the page paints with this primary in this theme, measured as WCAG measures each part. */
export function themeContrast(primaryHex: string, theme: PageTheme): ThemeContrast {
  const textOnPrimary = contrastRatio(primaryForeground(primaryHex), primaryHex)
  const primaryOnBackground = contrastRatio(primaryHex, PAGE_BACKGROUNDS[theme])
  return {
    textOnPrimary,
    primaryOnBackground,
    primaryAsText: readableText(primaryHex, theme),
    passes: textOnPrimary >= MIN_CONTRAST && primaryOnBackground >= MIN_NON_TEXT_CONTRAST,
  }
}

/** Both themes' ratios, unrounded, for the editor's warning. */
export function contrastReport(primaryHex: string): Record<PageTheme, ThemeContrast> {
  return { light: themeContrast(primaryHex, 'light'), dark: themeContrast(primaryHex, 'dark') }
}

/**
 * `4.47:1`: two decimals cut, never rounded up, so a ratio just under 4.5 never reads as `4.50`.
 * The cut is checked against the number itself, as `n * 100` can land a hair off.
 */
export function formatRatio(n: number): string {
  let hundredths = Math.floor(n * 100)
  if ((hundredths + 1) / 100 <= n) hundredths += 1
  if (hundredths / 100 > n) hundredths -= 1
  const whole = Math.trunc(hundredths / 100)
  return `${whole}.${String(hundredths - whole * 100).padStart(2, '0')}:1`
}

/** Lightness steps of the search, in percent: fine enough that the fix moves no further than it must. */
export const LIGHTNESS_STEP = 0.1

/**
 * The primary with its hue and saturation kept and its HSL lightness moved as little as
 * possible (in LIGHTNESS_STEP steps, both ways, darker first on a tie) until the theme's check
 * passes; the colour itself (normalised) if it passes already; null for text that is not a hex
 * colour or when no lightness passes. One colour rarely passes both themes (docs/product/style.md),
 * so the fix is asked per theme.
 */
export function nearestPassingLightness(primaryHex: string, theme: PageTheme): string | null {
  const start = normalizeHex(primaryHex)
  if (start === null) return null
  if (themeContrast(start, theme).passes) return start
  const { h, s, l } = hexToHsl(start)
  // One step past 100 so that, from any start, both black and white are reached.
  const steps = Math.ceil(100 / LIGHTNESS_STEP) + 1
  for (let k = 1; k <= steps; k++) {
    for (const offset of [-k * LIGHTNESS_STEP, k * LIGHTNESS_STEP]) {
      // Clamped, an end is tried at its own distance: before the far side's next step.
      const hex = hslToHex({ h, s, l: Math.min(100, Math.max(0, l + offset)) })
      if (themeContrast(hex, theme).passes) return hex
    }
  }
  return null
}
