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
  fontFamily: string
  fontSize: FontSize
  borderRadius: BorderRadius
  spacing: Spacing
  theme: ThemeChoice
  animations: boolean
  messageAlignment: MessageAlignment
  showAvatars: boolean
  showTimestamps: boolean
}

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

const CHOICES: { [K in keyof StyleConfig]?: readonly StyleConfig[K][] } = {
  fontSize: ['small', 'medium', 'large'],
  borderRadius: ['none', 'small', 'medium', 'large'],
  spacing: ['compact', 'normal', 'spacious'],
  theme: ['light', 'dark', 'auto'],
  messageAlignment: ['left', 'center', 'right'],
}

function acceptable<K extends keyof StyleConfig>(key: K, value: unknown): value is StyleConfig[K] {
  const fallback = DEFAULT_STYLE_CONFIG[key]
  if (typeof value !== typeof fallback) return false
  const choices = CHOICES[key] as readonly unknown[] | undefined
  return !choices || choices.includes(value)
}

/**
 * Saved values over the defaults (docs/product/limits.md), one field at a time: a field of the wrong type or
 * outside its choices keeps its default, and unknown fields are dropped.
 */
export function mergeStyleConfig(saved: unknown): StyleConfig {
  const merged: StyleConfig = { ...DEFAULT_STYLE_CONFIG }
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return merged
  const record = saved as Record<string, unknown>
  for (const key of Object.keys(DEFAULT_STYLE_CONFIG) as Array<keyof StyleConfig>) {
    const value = record[key]
    if (acceptable(key, value)) (merged as unknown as Record<string, unknown>)[key] = value
  }
  return merged
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
