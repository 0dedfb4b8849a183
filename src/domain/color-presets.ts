// The Colors tab's presets, apart from the style's defaults and rules (style-config.ts): only
// the style dialog shows them, and its code is not in the first paint.

export interface ColorPreset {
  readonly name: string
  readonly primary: string
  readonly accent: string
}

/**
 * One click sets primary and accent (docs/product/style.md#presets). Indigo is the defaults;
 * every other primary passes the light theme's contrast check (docs/product/style.md#contrast-check),
 * so choosing one brings no warning there.
 */
export const COLOR_PRESETS: readonly ColorPreset[] = Object.freeze([
  { name: 'Indigo', primary: '#6366F1', accent: '#F59E0B' },
  { name: 'Blue', primary: '#2563EB', accent: '#F97316' },
  { name: 'Purple', primary: '#9333EA', accent: '#FACC15' },
  { name: 'Pink', primary: '#D92475', accent: '#2DD4BF' },
  { name: 'Green', primary: '#12853D', accent: '#A3E635' },
  { name: 'Red', primary: '#DC2626', accent: '#FCD34D' },
  { name: 'Orange', primary: '#C84B0A', accent: '#38BDF8' },
  { name: 'Teal', primary: '#0B8177', accent: '#FB7185' },
])
