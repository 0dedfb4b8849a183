/**
 * Tiny but real audio files for the mock speech model: a WAV (RIFF, 16-bit mono PCM), raw PCM,
 * and an MP3 made of silent MPEG-1 Layer III frames behind an ID3v2 tag. `comment` is written
 * into the file's metadata, so two different texts never give the same bytes.
 */

export const SAMPLE_RATE = 8000

/** A soft sine tone: 16-bit little-endian mono samples. */
export function toneSamples(seconds: number, frequency: number): Buffer {
  const count = Math.max(1, Math.round(seconds * SAMPLE_RATE))
  const samples = Buffer.alloc(count * 2)
  for (let i = 0; i < count; i++) {
    const value = Math.round(Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * 6000)
    samples.writeInt16LE(value, i * 2)
  }
  return samples
}

function riffChunk(id: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8)
  header.write(id, 0, 'latin1')
  header.writeUInt32LE(data.length, 4)
  const padding = data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)
  return Buffer.concat([header, data, padding])
}

export function encodeWav(samples: Buffer, comment: string): Buffer {
  const format = Buffer.alloc(16)
  format.writeUInt16LE(1, 0) // PCM
  format.writeUInt16LE(1, 2) // mono
  format.writeUInt32LE(SAMPLE_RATE, 4)
  format.writeUInt32LE(SAMPLE_RATE * 2, 8) // byte rate
  format.writeUInt16LE(2, 12) // block align
  format.writeUInt16LE(16, 14) // bits per sample
  const info = Buffer.concat([
    Buffer.from('INFO', 'latin1'),
    riffChunk('ICMT', Buffer.from(`${comment}\0`, 'latin1')),
  ])
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    riffChunk('fmt ', format),
    riffChunk('LIST', info),
    riffChunk('data', samples),
  ])
  return Buffer.concat([riffChunk('RIFF', body)])
}

// MPEG-1 Layer III, 32 kbit/s, 44.1 kHz, mono, no CRC: 144 * 32000 / 44100 = 104 bytes a
// frame, 1152 samples (26 ms). Zero side information means no Huffman data: pure silence.
const MP3_FRAME_HEADER = Uint8Array.of(0xff, 0xfb, 0x10, 0xc0)
export const MP3_FRAME_BYTES = 104
const MP3_FRAME_SECONDS = 1152 / 44_100

function id3Tag(comment: string): Buffer {
  // ID3v2.3 with one TXXX frame; sizes in the tag header are "synchsafe" (7 bits a byte).
  const text = Buffer.concat([Buffer.from([0]), Buffer.from(`comment\0${comment}`, 'latin1')])
  const frameHeader = Buffer.alloc(10)
  frameHeader.write('TXXX', 0, 'latin1')
  frameHeader.writeUInt32BE(text.length, 4)
  const frames = Buffer.concat([frameHeader, text])
  const size = frames.length
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ])
  return Buffer.concat([header, frames])
}

export function encodeSilentMp3(seconds: number, comment: string): Buffer {
  const count = Math.max(1, Math.ceil(seconds / MP3_FRAME_SECONDS))
  const frame = Buffer.alloc(MP3_FRAME_BYTES)
  frame.set(MP3_FRAME_HEADER, 0)
  return Buffer.concat([id3Tag(comment), ...Array.from({ length: count }, () => frame)])
}
