import { describe, expect, test } from 'vitest'
import {
  detectFileType,
  isExecutableType,
  matchesSignature,
  withExtension,
} from '../../../contract/file-type'

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(
    values.flatMap((value) =>
      typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  )
const pad = (head: Uint8Array) => Uint8Array.from([...head, ...new Array(12).fill(0x20)])

describe('detectFileType', () => {
  test.each([
    ['png', 'image/png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)],
    ['jpg', 'image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['gif', 'image/gif', bytes('GIF89a')],
    ['gif', 'image/gif', bytes('GIF87a')],
    ['webp', 'image/webp', bytes('RIFF', 1, 2, 3, 4, 'WEBP')],
    ['bmp', 'image/bmp', bytes('BM', 9, 9, 9, 9, 0, 0, 0, 0)],
    ['ico', 'image/x-icon', bytes(0, 0, 1, 0, 1, 0)],
    ['tiff', 'image/tiff', bytes('II', 0x2a, 0)],
    ['avif', 'image/avif', bytes(0, 0, 0, 0x1c, 'ftypavif')],
    ['mp3', 'audio/mpeg', bytes('ID3', 4, 0)],
    ['mp3', 'audio/mpeg', bytes(0xff, 0xfb, 0x90, 0x64)],
    ['mp3', 'audio/mpeg', bytes(0xff, 0xf3, 0x90, 0x64)],
    ['wav', 'audio/wav', bytes('RIFF', 0x24, 0, 0, 0, 'WAVE')],
    ['ogg', 'audio/ogg', bytes('OggS', 0, 2)],
    ['flac', 'audio/flac', bytes('fLaC')],
    ['m4a', 'audio/mp4', bytes(0, 0, 0, 0x20, 'ftypM4A ')],
    ['mp4', 'video/mp4', bytes(0, 0, 0, 0x18, 'ftypisom')],
    ['mov', 'video/quicktime', bytes(0, 0, 0, 0x14, 'ftypqt  ')],
    ['webm', 'video/webm', bytes(0x1a, 0x45, 0xdf, 0xa3)],
    ['pdf', 'application/pdf', bytes('%PDF-1.7')],
    ['zip', 'application/zip', bytes('PK', 3, 4)],
    ['gz', 'application/gzip', bytes(0x1f, 0x8b, 0x08)],
    ['exe', 'application/vnd.microsoft.portable-executable', bytes('MZ', 0x90, 0)],
    ['elf', 'application/x-elf', bytes(0x7f, 'ELF', 2)],
  ])('%s (%s)', (extension, contentType, head) => {
    expect(detectFileType(pad(head))).toEqual({ extension, contentType })
  })

  test.each([
    ['plain text', bytes('hello world, this is text')],
    ['HTML', bytes('<!doctype html><script>')],
    ['"BM" text that is no bitmap header', bytes('BMW is a car maker')],
    ['AAC (ADTS) frames, which are not MP3', bytes(0xff, 0xf1, 0x50, 0x80)],
    ['RIFF of another kind', bytes('RIFF', 0, 0, 0, 0, 'CDDA')],
    ['nothing at all', bytes()],
  ])('%s is unknown: bin / application/octet-stream', (_label, head) => {
    expect(detectFileType(head)).toEqual({
      extension: 'bin',
      contentType: 'application/octet-stream',
    })
  })

  test('only the first 12 bytes count', () => {
    const late = Uint8Array.from([...new Array(12).fill(0), 0x89, 0x50, 0x4e, 0x47])
    expect(detectFileType(late).extension).toBe('bin')
    // webp's marker sits at bytes 8–11, the very end of the window.
    expect(detectFileType(bytes('RIFF', 0, 0, 0, 0, 'WEBP')).extension).toBe('webp')
    expect(detectFileType(bytes('RIFF', 0, 0, 0, 0, 'WEB')).extension).toBe('bin')
  })

  test('native programs are flagged, media is not', () => {
    expect(isExecutableType('application/x-elf')).toBe(true)
    expect(isExecutableType('image/png')).toBe(false)
  })
})

test('a file shorter than a signature does not match it, even where the signature takes any byte', () => {
  const signature = { pattern: [0x52, null], contentType: 'x/y', extension: 'y' }
  expect(matchesSignature(Uint8Array.of(0x52, 0x00), signature)).toBe(true)
  expect(matchesSignature(Uint8Array.of(0x52), signature)).toBe(false)
})

describe('withExtension', () => {
  test.each([
    ['u/photo.txt', 'png', 'u/photo.png'],
    ['u/photo', 'png', 'u/photo.png'],
    ['u/archive.tar.gz', 'zip', 'u/archive.tar.zip'],
    ['u/photo.PNG', 'png', 'u/photo.PNG'],
    ['u/photo.jpeg', 'jpg', 'u/photo.jpeg'],
    ['u/photo.JPG', 'jpg', 'u/photo.JPG'],
    ['u/scan.tif', 'tiff', 'u/scan.tif'],
    ['u/.profile', 'bin', 'u/.profile.bin'],
    // A leading dot is a name even when it reads like the extension asked for.
    ['u/.png', 'png', 'u/.png.png'],
    // A name without a dot has no extension, even one that reads like it.
    ['u/png', 'png', 'u/png.png'],
    ['u/v1.2/notes', 'bin', 'u/v1.2/notes.bin'],
    ['photo.txt', 'gif', 'photo.gif'],
  ])('%s as %s → %s', (path, extension, expected) => {
    expect(withExtension(path, extension)).toBe(expected)
  })
})
