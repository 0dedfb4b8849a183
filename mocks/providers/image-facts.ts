/**
 * What the provider fakes can tell about an image from its bytes alone: which of the four types
 * every provider reads it is, and its size in pixels, read from the format's header the way a
 * decoder finds it. Undefined for anything else (another format, a header cut short, a size of 0).
 */
export type FakeImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'

export interface ImageFacts {
  mediaType: FakeImageType
  width: number
  height: number
}

export function imageFacts(bytes: Uint8Array): ImageFacts | undefined {
  const facts = png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes)
  return facts && facts.width > 0 && facts.height > 0 ? facts : undefined
}

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0))
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2)

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** The signature, then IHDR (always the first chunk): width and height as 32-bit big-endian. */
function png(b: Uint8Array): ImageFacts | undefined {
  if (b.length < 24 || !PNG_SIGNATURE.every((byte, i) => b[i] === byte)) return undefined
  if (!ascii(b, 12, 'IHDR')) return undefined
  return { mediaType: 'image/png', width: u32be(b, 16), height: u32be(b, 20) }
}

/** GIF87a or GIF89a, then the logical screen's width and height, 16-bit little-endian. */
function gif(b: Uint8Array): ImageFacts | undefined {
  if (b.length < 10 || !(ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'))) return undefined
  return { mediaType: 'image/gif', width: u16le(b, 6), height: u16le(b, 8) }
}

/**
 * SOI, then segments up to the frame header: any SOFn (C0–CF) except DHT (C4), JPG (C8) and
 * DAC (CC), which share the range, holds height then width, 16-bit big-endian. Fill bytes (FF)
 * and the markers without a length (TEM, RSTn) are skipped; a scan (SOS) or the end (EOI)
 * before any frame header means there is none.
 */
function jpeg(b: Uint8Array): ImageFacts | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined
  let at = 2
  while (at + 1 < b.length) {
    if (b[at] !== 0xff) return undefined
    const marker = b[at + 1]!
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda || at + 4 > b.length) return undefined
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
    if (isFrame) {
      if (at + 9 > b.length) return undefined
      return { mediaType: 'image/jpeg', width: u16be(b, at + 7), height: u16be(b, at + 5) }
    }
    at += 2 + u16be(b, at + 2)
  }
  return undefined
}

/**
 * RIFF…WEBP, then the first chunk: `VP8 ` (lossy: a key frame's start code 9D 01 2A, then
 * 14-bit width and height), `VP8L` (lossless: signature 2F, then width − 1 and height − 1 in
 * 14 bits each) or `VP8X` (extended: canvas width − 1 and height − 1 in 24 bits each).
 */
function webp(b: Uint8Array): ImageFacts | undefined {
  if (b.length < 25 || !ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return undefined
  const facts = (width: number, height: number): ImageFacts => ({
    mediaType: 'image/webp',
    width,
    height,
  })
  if (ascii(b, 12, 'VP8 ')) {
    // Bit 0 of the frame tag is 0 on a key frame, the only kind a still image holds.
    if (b.length < 30 || (b[20]! & 1) !== 0 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a)
      return undefined
    return facts(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff)
  }
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return undefined
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)
    return facts((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  if (ascii(b, 12, 'VP8X') && b.length >= 30) return facts(u24le(b, 24) + 1, u24le(b, 27) + 1)
  return undefined
}
