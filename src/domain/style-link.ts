import * as v from 'valibot'
import {
  DEFAULT_STYLE_CONFIG as DEFAULTS,
  isHexColor,
  normalizeHex,
  STYLE_CHOICES,
  STYLE_FONTS,
  type StyleConfig,
} from './style-config'

/** A look fits in a few hundred characters; anything much longer is not one of ours. */
export const MAX_STYLE_LINK_CHARS = 4_000

/** origin + `?style=` + the URL-encoded JSON of the config (docs/product/style.md#style-link). */
export function buildStyleLink(origin: string, config: StyleConfig): string {
  return `${origin}/?style=${encodeURIComponent(JSON.stringify(config))}`
}

export type StyleLinkParse =
  | { kind: 'none' }
  | { kind: 'style'; config: StyleConfig }
  | { kind: 'invalid' }

const none: StyleLinkParse = { kind: 'none' }
const invalid: StyleLinkParse = { kind: 'invalid' }

const hex = v.pipe(
  v.string(),
  v.check((text) => isHexColor(text)),
  v.transform((text) => normalizeHex(text) ?? text),
)

// Unlike the saved config (mergeStyleConfig keeps a default per bad field), a link is someone
// else's text: one bad field means it was not made by us, so all of it is refused.
const StyleLinkSchema = v.object({
  primaryColor: v.optional(hex, DEFAULTS.primaryColor),
  accentColor: v.optional(hex, DEFAULTS.accentColor),
  backgroundColor: v.optional(hex, DEFAULTS.backgroundColor),
  cardColor: v.optional(hex, DEFAULTS.cardColor),
  fontFamily: v.optional(v.picklist(STYLE_FONTS), DEFAULTS.fontFamily),
  fontSize: v.optional(v.picklist(STYLE_CHOICES.fontSize), DEFAULTS.fontSize),
  borderRadius: v.optional(v.picklist(STYLE_CHOICES.borderRadius), DEFAULTS.borderRadius),
  spacing: v.optional(v.picklist(STYLE_CHOICES.spacing), DEFAULTS.spacing),
  theme: v.optional(v.picklist(STYLE_CHOICES.theme), DEFAULTS.theme),
  animations: v.optional(v.boolean(), DEFAULTS.animations),
  messageAlignment: v.optional(
    v.picklist(STYLE_CHOICES.messageAlignment),
    DEFAULTS.messageAlignment,
  ),
  showAvatars: v.optional(v.boolean(), DEFAULTS.showAvatars),
  showTimestamps: v.optional(v.boolean(), DEFAULTS.showTimestamps),
} satisfies Record<keyof StyleConfig, v.GenericSchema>)

/** Reads the `style` parameter of an address. Never throws: garbage is `invalid`. */
export function parseStyleLink(href: string): StyleLinkParse {
  let raw: string | null
  try {
    raw = new URL(href).searchParams.get('style')
  } catch {
    return none
  }
  if (raw === null) return none
  return parseStylePayload(raw)
}

/** The decoded parameter value (URLSearchParams already undid the encoding). */
export function parseStylePayload(raw: string): StyleLinkParse {
  if (raw.length > MAX_STYLE_LINK_CHARS) return invalid
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return invalid
  }
  // Valibot's object takes an array too (its keys are simply missing); a look is never a list.
  if (Array.isArray(value)) return invalid
  const result = v.safeParse(StyleLinkSchema, value)
  return result.success ? { kind: 'style', config: result.output } : invalid
}

/** The address without its `style` parameter; other parameters keep their exact text. */
export function stripStyleParam(href: string): string {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return href
  }
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => new URLSearchParams(part).keys().next().value !== 'style')
  url.search = kept.join('&')
  return url.href
}
