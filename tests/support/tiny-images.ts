import { crc32, deflateSync } from 'node:zlib'

/**
 * Small but complete images of any size, built byte by byte, one solid colour each: what the
 * provider fakes' image checks are tested with, instead of binary fixtures.
 */

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))
const u16le = (n: number) => [n & 0xff, n >> 8]
const u16be = (n: number) => [n >> 8, n & 0xff]
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16]
const u32be = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
const u32le = (n: number) => [...u32be(n)].reverse()

/** A black RGB PNG: IHDR, one IDAT of unfiltered rows, IEND, each with its CRC. */
export function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array | number[]) => {
    const body = Buffer.from([...ascii(type), ...data])
    return [...u32be(data.length), ...body, ...u32be(crc32(body))]
  }
  const rows = Buffer.alloc(height * (1 + width * 3))
  return Uint8Array.from([
    0x89,
    ...ascii('PNG\r\n\x1a\n'),
    ...chunk('IHDR', [...u32be(width), ...u32be(height), 8, 2, 0, 0, 0]),
    ...chunk('IDAT', deflateSync(rows)),
    ...chunk('IEND', []),
  ])
}

/** A segment for `jpeg`'s `before`. */
export const jpegSegment = (marker: number, data: number[]) => [
  0xff,
  marker,
  ...u16be(data.length + 2),
  ...data,
]

/**
 * A grey baseline JPEG: one component, and Huffman tables of a single code each (DC difference
 * 0, end of block), so every 8×8 block is two bits. `before` adds segments between SOI and the
 * frame header (APPn, COM, a DHT), as real files have them.
 */
export function jpeg(width: number, height: number, before: number[][] = []): Uint8Array {
  const segment = jpegSegment
  const oneCodeTable = (tableClass: number) => [tableClass, 1, ...Array(15).fill(0), 0]
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8)
  const scan = Array<number>(Math.ceil((blocks * 2) / 8)).fill(0)
  // Pad the last byte with 1-bits; the data is all 0-bits otherwise, so no byte is FF.
  if ((blocks * 2) % 8) scan[scan.length - 1] = 0xff >> ((blocks * 2) % 8)
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...before.flat(),
    ...segment(0xdb, [0, ...Array(64).fill(1)]),
    ...segment(0xc0, [8, ...u16be(height), ...u16be(width), 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeTable(0x00)),
    ...segment(0xc4, oneCodeTable(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff,
    0xd9,
  ])
}

/**
 * A two-colour GIF89a, every pixel colour 0: LZW codes of 3 bits, a clear code before every
 * two pixels so the code size never grows, then the end code.
 */
export function gif(width: number, height: number): Uint8Array {
  const codes: number[] = []
  for (let left = width * height; left > 0; left -= 2) codes.push(4, ...(left > 1 ? [0, 0] : [0]))
  codes.push(5)
  const data: number[] = []
  codes.forEach((code, i) => {
    for (let bit = 0; bit < 3; bit++) {
      const at = i * 3 + bit
      data[at >> 3] = (data[at >> 3] ?? 0) | (((code >> bit) & 1) << (at & 7))
    }
  })
  const blocks: number[] = []
  for (let at = 0; at < data.length; at += 255) {
    const block = data.slice(at, at + 255)
    blocks.push(block.length, ...block)
  }
  return Uint8Array.from([
    ...ascii('GIF89a'),
    ...u16le(width),
    ...u16le(height),
    0x80,
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    0x2c,
    ...u16le(0),
    ...u16le(0),
    ...u16le(width),
    ...u16le(height),
    0,
    2,
    ...blocks,
    0,
    0x3b,
  ])
}

/**
 * The VP8L bitstream of a transparent image: header, no transform, no colour cache, one
 * group of five prefix codes each of a single symbol 0, so the pixels take no bits at all.
 */
function losslessBitstream(width: number, height: number): number[] {
  const bits: number[] = []
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push((value >> i) & 1)
  }
  put(width - 1, 14)
  put(height - 1, 14)
  put(0, 1 + 3 + 1 + 1 + 1)
  for (let code = 0; code < 5; code++) put(0b0001, 4)
  const bytes = Array<number>(Math.ceil(bits.length / 8)).fill(0)
  bits.forEach((bit, i) => {
    bytes[i >> 3]! |= bit << (i & 7)
  })
  return [0x2f, ...bytes]
}

function riff(chunks: [string, number[]][]): Uint8Array {
  const body = chunks.flatMap(([type, data]) => [
    ...ascii(type),
    ...u32le(data.length),
    ...data,
    ...(data.length % 2 ? [0] : []),
  ])
  return Uint8Array.from([...ascii('RIFF'), ...u32le(4 + body.length), ...ascii('WEBP'), ...body])
}

/** A lossless WebP (`VP8L`). */
export const webpLossless = (width: number, height: number) =>
  riff([['VP8L', losslessBitstream(width, height)]])

/** An extended WebP (`VP8X`, no features flagged) around the lossless bitstream. */
export const webpExtended = (width: number, height: number) =>
  riff([
    ['VP8X', [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]],
    ['VP8L', losslessBitstream(width, height)],
  ])

/** A real lossy 1×1 WebP (`VP8 `), as browsers' feature tests carry it. */
export const WEBP_LOSSY_1X1 = Uint8Array.from(
  Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'),
)

export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
