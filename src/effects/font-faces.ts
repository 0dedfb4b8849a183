import type { FontFamily } from '../domain/style-config'

/**
 * The eight fonts (docs/product/style.md) ship with the app, so they work with no internet.
 * Each face's CSS loads the first time the font is chosen; `font-display: swap` paints text in
 * the system font meanwhile, so a font never blocks the first paint.
 */
const FACES: Record<FontFamily, { face: string; load: () => Promise<unknown> }> = {
  Inter: { face: 'Inter Variable', load: () => import('@fontsource-variable/inter/wght.css') },
  Roboto: { face: 'Roboto Variable', load: () => import('@fontsource-variable/roboto/wght.css') },
  'Open Sans': {
    face: 'Open Sans Variable',
    load: () => import('@fontsource-variable/open-sans/wght.css'),
  },
  Lato: {
    face: 'Lato',
    load: () =>
      Promise.all([
        import('@fontsource/lato/latin-400.css'),
        import('@fontsource/lato/latin-700.css'),
      ]),
  },
  Montserrat: {
    face: 'Montserrat Variable',
    load: () => import('@fontsource-variable/montserrat/wght.css'),
  },
  Poppins: {
    face: 'Poppins',
    load: () =>
      Promise.all([
        import('@fontsource/poppins/latin-400.css'),
        import('@fontsource/poppins/latin-500.css'),
        import('@fontsource/poppins/latin-600.css'),
        import('@fontsource/poppins/latin-700.css'),
      ]),
  },
  // Source Sans Pro's successor under its new name; the same design.
  'Source Sans Pro': {
    face: 'Source Sans 3 Variable',
    load: () => import('@fontsource-variable/source-sans-3/wght.css'),
  },
  Nunito: { face: 'Nunito Variable', load: () => import('@fontsource-variable/nunito/wght.css') },
}

const SYSTEM_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

/** The CSS font stack for a font: its bundled face, its own name, then the system's fonts. */
export function fontStack(family: FontFamily): string {
  return `"${FACES[family].face}", "${family}", ${SYSTEM_STACK}`
}

const requested = new Set<FontFamily>()

/** Starts loading a font's faces once; a failure leaves the system stack showing. */
export function loadFont(family: FontFamily): void {
  if (requested.has(family)) return
  requested.add(family)
  FACES[family].load().catch(() => requested.delete(family))
}
