import { isHexColor, normalizeHex } from './color'

export { isHexColor, normalizeHex }

/** docs/product/data.md: the look the style editor controls, persisted under local-storage key `styleConfig`. */
export type FontSize = 'small' | 'medium' | 'large'
export type BorderRadius = 'none' | 'small' | 'medium' | 'large'
export type Spacing = 'compact' | 'normal' | 'spacious'
export type ThemeChoice = 'light' | 'dark' | 'auto'
export type MessageAlignment = 'left' | 'center' | 'right'

export interface StyleConfig {
  primaryColor: string
  accentColor: string
  backgroundColor: string
  cardColor: string
  fontFamily: FontFamily
  fontSize: FontSize
  borderRadius: BorderRadius
  spacing: Spacing
  theme: ThemeChoice
  animations: boolean
  messageAlignment: MessageAlignment
  showAvatars: boolean
  showTimestamps: boolean
}

/** The fonts offered (docs/product/style.md); no other name ever reaches the page's CSS. */
export const STYLE_FONTS = [
  'Inter',
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Poppins',
  'Source Sans Pro',
  'Nunito',
] as const
export type FontFamily = (typeof STYLE_FONTS)[number]

export const STYLE_CONFIG_STORAGE_KEY = 'styleConfig'

export const DEFAULT_STYLE_CONFIG: Readonly<StyleConfig> = Object.freeze({
  primaryColor: '#6366F1',
  accentColor: '#F59E0B',
  backgroundColor: '#FAFAFA',
  cardColor: '#FFFFFF',
  fontFamily: 'Inter',
  fontSize: 'medium',
  borderRadius: 'medium',
  spacing: 'normal',
  theme: 'dark',
  animations: true,
  messageAlignment: 'left',
  showAvatars: true,
  showTimestamps: true,
})

/** The allowed values of each choice field, as the editor offers them. */
export const STYLE_CHOICES = Object.freeze({
  fontSize: ['small', 'medium', 'large'],
  borderRadius: ['none', 'small', 'medium', 'large'],
  spacing: ['compact', 'normal', 'spacious'],
  theme: ['light', 'dark', 'auto'],
  messageAlignment: ['left', 'center', 'right'],
} as const satisfies { [K in keyof StyleConfig]?: readonly StyleConfig[K][] })

/** The fields that become CSS colours: only hex text may reach the page through them. */
export const COLOR_KEYS = ['primaryColor', 'accentColor', 'backgroundColor', 'cardColor'] as const

const OPTIONS: { [K in keyof StyleConfig]?: readonly unknown[] } = {
  ...STYLE_CHOICES,
  fontFamily: STYLE_FONTS,
}

/**
 * A value fit for a field, cleaned (colours as upper-case `#RRGGBB`), or undefined. This is the
 * barrier against CSS injection: a colour or font reaches a style property only through here.
 */
function cleanField<K extends keyof StyleConfig>(
  key: K,
  value: unknown,
): StyleConfig[K] | undefined {
  if ((COLOR_KEYS as readonly string[]).includes(key))
    return (normalizeHex(value) ?? undefined) as StyleConfig[K] | undefined
  if (typeof value !== typeof DEFAULT_STYLE_CONFIG[key]) return undefined
  const options = OPTIONS[key]
  return !options || options.includes(value) ? (value as StyleConfig[K]) : undefined
}

/**
 * The fields of `patch` that are fit, cleaned, and whether any known field was unfit. Unknown
 * keys are dropped; anything but a plain object is an empty patch.
 */
export function cleanStylePatch(patch: unknown): { fit: Partial<StyleConfig>; unfit: boolean } {
  const fit: Record<string, unknown> = {}
  let unfit = false
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return { fit, unfit }
  const record = patch as Record<string, unknown>
  for (const key of Object.keys(DEFAULT_STYLE_CONFIG) as Array<keyof StyleConfig>) {
    if (!Object.hasOwn(record, key)) continue
    const value = cleanField(key, record[key])
    if (value === undefined) unfit = true
    else fit[key] = value
  }
  return { fit, unfit }
}

/** An edit laid over a config: fields that are unfit keep their current value, unknown keys go. */
export function applyStylePatch(config: StyleConfig, patch: unknown): StyleConfig {
  return { ...config, ...cleanStylePatch(patch).fit }
}

/**
 * Saved values over the defaults (docs/product/limits.md), one field at a time: a field of the
 * wrong type, outside its choices, a colour that is not hex or a font not offered keeps its
 * default; unknown fields are dropped.
 */
export function mergeStyleConfig(saved: unknown): StyleConfig {
  return applyStylePatch({ ...DEFAULT_STYLE_CONFIG }, saved)
}

/** The saved config text (or null) read safely: unparsable text means the defaults. */
export function parseStyleConfig(text: string | null): StyleConfig {
  if (!text) return mergeStyleConfig(null)
  try {
    return mergeStyleConfig(JSON.parse(text))
  } catch {
    return mergeStyleConfig(null)
  }
}
