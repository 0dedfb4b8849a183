import { deflateSync } from 'node:zlib'
import { seedBytes } from './offline-page'

/**
 * A deterministic "screenshot": a valid RGB PNG that sketches a browser window showing the
 * page. Colours come from the URL, and the title is drawn as one block per word, so two
 * pages give visibly different images and the same page always gives the same bytes.
 */

type Rgb = readonly [number, number, number]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}

/** Encodes raw RGB pixels (row after row, 3 bytes each) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // colour type: truecolour
  const rowBytes = width * 3
  const filtered = Buffer.alloc(height * (rowBytes + 1))
  for (let y = 0; y < height; y++) {
    // Filter type 0 (none) at the start of each row, then the row as it is.
    rgb.copy(filtered, y * (rowBytes + 1) + 1, y * rowBytes, (y + 1) * rowBytes)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filtered)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

class Canvas {
  readonly pixels: Buffer
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = Buffer.alloc(width * height * 3)
  }

  fill(x: number, y: number, w: number, h: number, [r, g, b]: Rgb) {
    const x0 = Math.max(0, Math.round(x))
    const x1 = Math.min(this.width, Math.round(x + w))
    const y0 = Math.max(0, Math.round(y))
    const y1 = Math.min(this.height, Math.round(y + h))
    if (x1 <= x0) return
    const row = Buffer.alloc((x1 - x0) * 3)
    for (let i = 0; i < row.length; i += 3) {
      row[i] = r
      row[i + 1] = g
      row[i + 2] = b
    }
    for (let yy = y0; yy < y1; yy++) row.copy(this.pixels, (yy * this.width + x0) * 3)
  }
}

export interface PlaceholderInput {
  url: string
  title: string
  width: number
  height: number
}

/** Renders the placeholder screenshot of a page as PNG bytes. */
export function renderPlaceholderPng({ url, title, width, height }: PlaceholderInput): Buffer {
  const seed = seedBytes(url)
  const accent: Rgb = [seed[0] ?? 99, seed[1] ?? 102, seed[2] ?? 241]
  const canvas = new Canvas(width, height)
  const unit = Math.max(2, Math.round(width / 160))
  canvas.fill(0, 0, width, height, [250, 250, 250])
  // Window chrome with an address bar.
  canvas.fill(0, 0, width, unit * 6, [226, 228, 233])
  canvas.fill(unit * 3, unit * 1.5, width - unit * 6, unit * 3, [255, 255, 255])
  canvas.fill(
    unit * 4,
    unit * 2.5,
    Math.min(url.length * unit * 0.6, width - unit * 8),
    unit,
    [160, 160, 170],
  )
  // A banner in the page's accent colour, then the title: one block per word.
  canvas.fill(0, unit * 6, width, unit * 14, accent)
  let x = unit * 4
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const w = word.length * unit * 1.6
    if (x + w > width - unit * 4) break
    canvas.fill(x, unit * 11, w, unit * 4, [255, 255, 255])
    x += w + unit * 1.6
  }
  // Body text: grey lines whose lengths come from the URL.
  for (let line = 0, y = unit * 24; y + unit * 2 < height; line++, y += unit * 4) {
    const fraction = 0.45 + ((seed[(line + 3) % seed.length] ?? 0) / 255) * 0.5
    canvas.fill(unit * 4, y, (width - unit * 8) * fraction, unit * 1.5, [200, 203, 210])
  }
  return encodePng(width, height, canvas.pixels)
}
