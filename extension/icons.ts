import { deflateSync } from 'node:zlib'

/**
 * The extension's icon, drawn here and encoded as PNG (no image files in the repo): a
 * four-pointed white star on an indigo rounded square.
 */
export function iconPng(size: number): Buffer {
  const samples = 4
  const rows: Buffer[] = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4) // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) {
      let square = 0
      let star = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          // -1..1 across the icon
          const u = ((x + (sx + 0.5) / samples) / size) * 2 - 1
          const v = ((y + (sy + 0.5) / samples) / size) * 2 - 1
          if (insideRoundedSquare(u, v, 0.96, 0.3)) square++
          if (Math.sqrt(Math.abs(u)) + Math.sqrt(Math.abs(v)) <= Math.sqrt(0.62)) star++
        }
      }
      const n = samples * samples
      const a = square / n
      const s = star / n
      const o = 1 + x * 4
      row[o] = Math.round(79 + (255 - 79) * s)
      row[o + 1] = Math.round(70 + (255 - 70) * s)
      row[o + 2] = Math.round(229 + (255 - 229) * s)
      row[o + 3] = Math.round(255 * a)
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function insideRoundedSquare(u: number, v: number, half: number, radius: number) {
  const dx = Math.max(Math.abs(u) - (half - radius), 0)
  const dy = Math.max(Math.abs(v) - (half - radius), 0)
  return dx * dx + dy * dy <= radius * radius
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
