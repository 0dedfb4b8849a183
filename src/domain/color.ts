/** Colour text and colour maths for the style editor (docs/product/style.md). */

/** Red, green and blue, each 0 to 255. */
export interface Rgb {
  r: number
  g: number
  b: number
}

/** Hue 0 to 360 (degrees), saturation and lightness 0 to 100 (percent); unrounded. */
export interface Hsl {
  h: number
  s: number
  l: number
}

// Anchored and without flags beyond `i`: nothing but the hash and three or six hex digits.
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** `#RGB` or `#RRGGBB`, either case, and nothing else (no spaces, no names, no `rgb()`). */
export function isHexColor(text: unknown): text is string {
  return typeof text === 'string' && HEX.test(text)
}

/** A hex colour as upper-case `#RRGGBB`, or null for anything that is not one. */
export function normalizeHex(text: unknown): string | null {
  if (!isHexColor(text)) return null
  const digits = text.slice(1).toUpperCase()
  if (digits.length === 6) return `#${digits}`
  return `#${[...digits].map((digit) => digit + digit).join('')}`
}

/** The hex colour as numbers; throws on text that is not a hex colour (check it first). */
export function hexToRgb(hex: string): Rgb {
  const normal = normalizeHex(hex)
  if (normal === null) throw new RangeError(`Not a hex colour: ${JSON.stringify(hex)}`)
  const value = Number.parseInt(normal.slice(1), 16)
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff }
}

const channel = (n: number) =>
  Math.min(255, Math.max(0, Math.round(n)))
    .toString(16)
    .toUpperCase()
    .padStart(2, '0')

/** Upper-case `#RRGGBB`; each channel is rounded and clamped to 0..255. */
export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${channel(r)}${channel(g)}${channel(b)}`
}

/** The usual RGB to HSL conversion; a grey has hue 0 and saturation 0. */
export function hexToHsl(hex: string): Hsl {
  const { r, g, b } = hexToRgb(hex)
  const [red, green, blue] = [r / 255, g / 255, b / 255]
  const max = Math.max(red, green, blue)
  const min = Math.min(red, green, blue)
  const l = (max + min) / 2
  const delta = max - min
  if (delta === 0) return { h: 0, s: 0, l: l * 100 }
  const s = delta / (1 - Math.abs(2 * l - 1))
  let h: number
  if (max === red) h = ((green - blue) / delta + 6) % 6
  else if (max === green) h = (blue - red) / delta + 2
  else h = (red - green) / delta + 4
  return { h: h * 60, s: Math.min(1, s) * 100, l: l * 100 }
}

/** HSL (any hue, saturation and lightness clamped to 0..100) as upper-case `#RRGGBB`. */
export function hslToHex({ h, s, l }: Hsl): string {
  const hue = (((h % 360) + 360) % 360) / 60
  const sat = Math.min(100, Math.max(0, s)) / 100
  const light = Math.min(100, Math.max(0, l)) / 100
  const chroma = (1 - Math.abs(2 * light - 1)) * sat
  const x = chroma * (1 - Math.abs((hue % 2) - 1))
  const m = light - chroma / 2
  // Which two channels carry the chroma and the middle value, by 60-degree sector of the hue.
  const sectors: Array<[number, number, number]> = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ]
  const [r, g, b] = sectors[Math.min(5, Math.floor(hue))]!
  return rgbToHex({ r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 })
}

// WCAG 2.x: an sRGB channel (0..1) made linear before it is weighted.
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex)
  return 0.2126 * linear(r / 255) + 0.7152 * linear(g / 255) + 0.0722 * linear(b / 255)
}

/** WCAG 2.x contrast ratio, 1 (same) to 21 (black on white); the order does not matter. */
export function contrastRatio(hexA: string, hexB: string): number {
  const a = relativeLuminance(hexA)
  const b = relativeLuminance(hexB)
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}
