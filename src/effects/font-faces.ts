import type { FontFamily } from '../domain/style-config'

/**
 * The eight fonts (docs/product/style.md) ship with the app, so they work with no internet.
 * Each face's CSS loads the first time the font is chosen; `font-display: swap` paints text in
 * the system font meanwhile, so a font never blocks the first paint. The default's loader is
 * here; the others' come with their own module (`font-loaders.ts`) when one is first chosen.
 */
const FACES: Record<FontFamily, string> = {
  Inter: 'Inter Variable',
  Roboto: 'Roboto Variable',
  'Open Sans': 'Open Sans Variable',
  Lato: 'Lato',
  Montserrat: 'Montserrat Variable',
  Poppins: 'Poppins',
  // Source Sans Pro's successor under its new name; the same design.
  'Source Sans Pro': 'Source Sans 3 Variable',
  Nunito: 'Nunito Variable',
}

function loadFaces(family: FontFamily): Promise<unknown> {
  if (family === 'Inter') return import('@fontsource-variable/inter/wght.css')
  return import('./font-loaders').then(({ FONT_LOADERS }) => FONT_LOADERS[family]())
}

const SYSTEM_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

/** The CSS font stack for a font: its bundled face, its own name, then the system's fonts. */
export function fontStack(family: FontFamily): string {
  return `"${FACES[family]}", "${family}", ${SYSTEM_STACK}`
}

const requested = new Set<FontFamily>()

/** Starts loading a font's faces once; a failure leaves the system stack showing. */
export function loadFont(family: FontFamily): void {
  if (requested.has(family)) return
  requested.add(family)
  loadFaces(family).catch(() => requested.delete(family))
}
