import { cleanStylePatch, DEFAULT_STYLE_CONFIG, type StyleConfig } from './style-config'

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
  if (!value || typeof value !== 'object' || Array.isArray(value)) return invalid
  // Unlike the saved config (mergeStyleConfig keeps a default per bad field), a link is someone
  // else's text: one bad field means it was not made by us, so all of it is refused. The fields
  // pass the same barrier as the saved config's.
  const { fit, unfit } = cleanStylePatch(value)
  return unfit ? invalid : { kind: 'style', config: { ...DEFAULT_STYLE_CONFIG, ...fit } }
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
