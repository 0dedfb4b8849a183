import type { FontFamily } from '../domain/style-config'

/**
 * The CSS of each font but the default (docs/product/style.md): a module of its own, loaded
 * the first time the user's look names one of them, so that the first paint does not carry a
 * loader and a file name for each of them (docs/performance.md, "Split").
 */
export const FONT_LOADERS: Record<Exclude<FontFamily, 'Inter'>, () => Promise<unknown>> = {
  Roboto: () => import('@fontsource-variable/roboto/wght.css'),
  'Open Sans': () => import('@fontsource-variable/open-sans/wght.css'),
  Lato: () =>
    Promise.all([
      import('@fontsource/lato/latin-400.css'),
      import('@fontsource/lato/latin-700.css'),
    ]),
  Montserrat: () => import('@fontsource-variable/montserrat/wght.css'),
  Poppins: () =>
    Promise.all([
      import('@fontsource/poppins/latin-400.css'),
      import('@fontsource/poppins/latin-500.css'),
      import('@fontsource/poppins/latin-600.css'),
      import('@fontsource/poppins/latin-700.css'),
    ]),
  'Source Sans Pro': () => import('@fontsource-variable/source-sans-3/wght.css'),
  Nunito: () => import('@fontsource-variable/nunito/wght.css'),
}
