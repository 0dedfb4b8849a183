import { describe, expect, test } from 'vitest'
import { decodeBase64 } from '../../mocks/providers/base64-bytes'
import { imageFacts } from '../../mocks/providers/image-facts'
import {
  gif,
  jpeg,
  jpegSegment,
  png,
  WEBP_LOSSY_1X1,
  webpExtended,
  webpLossless,
} from '../support/tiny-images'

const facts = (mediaType: string, width: number, height: number) => ({ mediaType, width, height })

describe('imageFacts', () => {
  test.each([
    ['a PNG', png(640, 480), facts('image/png', 640, 480)],
    ['a JPEG', jpeg(33, 7), facts('image/jpeg', 33, 7)],
    ['a GIF', gif(5, 300), facts('image/gif', 5, 300)],
    ['a lossless WebP', webpLossless(16384, 1), facts('image/webp', 16384, 1)],
    ['an extended WebP', webpExtended(16000, 3), facts('image/webp', 16000, 3)],
    ['a lossy WebP', WEBP_LOSSY_1X1, facts('image/webp', 1, 1)],
  ])('reads the type and size of %s', (_, bytes, expected) => {
    expect(imageFacts(bytes)).toEqual(expected)
  })

  test('skips JPEG segments before the frame header, the tables that share its range too', () => {
    const bytes = jpeg(12, 34, [
      jpegSegment(0xe1, [...Array(300).fill(7)]),
      jpegSegment(0xfe, [0x68, 0x69]),
      jpegSegment(0xc4, [0x00, 1, ...Array(15).fill(0), 0]),
      jpegSegment(0xcc, [0x00, 0x10]),
      [0xff, 0xff],
    ])
    expect(imageFacts(bytes)).toEqual(facts('image/jpeg', 12, 34))
  })

  test('reads any SOFn frame header: progressive, lossless, arithmetic', () => {
    const baseline = jpeg(40, 30)
    const at = baseline.findIndex((byte, i) => byte === 0xff && baseline[i + 1] === 0xc0)
    for (const marker of [0xc1, 0xc2, 0xc3, 0xc9, 0xcf]) {
      const bytes = baseline.slice()
      bytes[at + 1] = marker
      expect(imageFacts(bytes)).toEqual(facts('image/jpeg', 40, 30))
    }
  })

  test('reads a lossy WebP’s 14-bit size, its scale bits aside', () => {
    const bytes = WEBP_LOSSY_1X1.slice()
    bytes.set([0x80, 0xc2, 0x38, 0x44], 26) // 640 and 1080, with both scale fields set
    expect(imageFacts(bytes)).toEqual(facts('image/webp', 640, 1080))
  })

  test.each([
    ['nothing', new Uint8Array()],
    ['text', new TextEncoder().encode('hello, this is not an image at all!')],
    ['a PNG cut short', png(1, 1).slice(0, 20)],
    ['a PNG of width 0', png(0, 1)],
    ['a PNG without IHDR first', Uint8Array.from([...png(1, 1).slice(0, 12), 0, 0, 0, 0])],
    ['a JPEG scan before any frame', Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9])],
    ['a JPEG that ends before any frame', Uint8Array.from([0xff, 0xd8, 0xff, 0xd9])],
    ['a JPEG cut inside its frame', jpeg(9, 9).slice(0, 95)],
    ['a JPEG segment not starting with FF', Uint8Array.from([0xff, 0xd8, 0x00, 0xc0, 0, 0])],
    ['a GIF of height 0', gif(1, 0)],
    ['a BMP', Uint8Array.from([0x42, 0x4d, ...Array(60).fill(0)])],
    ['a WebP of another chunk', Uint8Array.from([...webpLossless(1, 1)].fill(0x41, 12, 16))],
    ['a lossy WebP without its start code', WEBP_LOSSY_1X1.slice().fill(0, 23, 26)],
    ['a lossy WebP inter frame', WEBP_LOSSY_1X1.slice().fill(0x31, 20, 21)],
  ])('finds no image in %s', (_, bytes) => {
    expect(imageFacts(bytes)).toBeUndefined()
  })
})

describe('decodeBase64', () => {
  test('decodes padded standard base64 only', () => {
    expect(decodeBase64('aGk=')).toEqual(Uint8Array.from([104, 105]))
    expect(decodeBase64('')).toEqual(new Uint8Array())
    for (const bad of ['aGk', 'aG k=', 'a===', '-_8=', 'aGk=\n', 'data:x']) {
      expect(decodeBase64(bad), bad).toBeUndefined()
    }
  })

  test('takes the URL-safe alphabet and no padding when asked, as Google does', () => {
    expect(decodeBase64('-_8', { urlSafe: true })).toEqual(Uint8Array.from([0xfb, 0xff]))
    expect(decodeBase64('aGk', { urlSafe: true })).toEqual(Uint8Array.from([104, 105]))
    expect(decodeBase64('a', { urlSafe: true })).toBeUndefined()
  })
})
