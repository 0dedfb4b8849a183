import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  detectFileType,
  FILE_SIGNATURES,
  type FileSignature,
  matchesSignature,
  SNIFF_LENGTH,
  withExtension,
} from '../../contract/file-type'

/** A byte array that starts with `signature` (its wildcards filled at random), then anything. */
const startingWith = (signature: FileSignature) =>
  fc
    .tuple(
      fc.tuple(
        ...signature.pattern.map((expected) =>
          expected === null ? fc.integer({ min: 0, max: 255 }) : fc.constant(expected),
        ),
      ),
      fc.uint8Array({ maxLength: 40 }),
    )
    .map(([head, tail]) => Uint8Array.from([...head, ...tail]))

const anySignature = fc.constantFrom(...FILE_SIGNATURES)
const earlierMatch = (bytes: Uint8Array, signature: FileSignature) =>
  FILE_SIGNATURES.slice(0, FILE_SIGNATURES.indexOf(signature)).some((earlier) =>
    matchesSignature(bytes, earlier),
  )

describe('magic-byte detection properties', () => {
  test('bytes that start with a known signature are detected as that type', () => {
    fc.assert(
      fc.property(
        anySignature.chain((signature) =>
          startingWith(signature).map((bytes) => ({ signature, bytes })),
        ),
        ({ signature, bytes }) => {
          // A filled wildcard may happen to spell a more specific signature listed earlier
          // (an `ftyp` brand of "M4A "): that one rightly wins, so such draws are skipped.
          fc.pre(!earlierMatch(bytes, signature))
          expect(detectFileType(bytes)).toEqual({
            extension: signature.extension,
            contentType: signature.contentType,
          })
        },
      ),
      { numRuns: 2000 },
    )
  })

  test('random bytes never throw, and are bin unless they start with a signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const type = detectFileType(bytes)
        const known = FILE_SIGNATURES.some((signature) => matchesSignature(bytes, signature))
        if (known) expect(type.extension).not.toBe('bin')
        else expect(type).toEqual({ extension: 'bin', contentType: 'application/octet-stream' })
      }),
      { numRuns: 5000 },
    )
  })

  test('only the first 12 bytes decide', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 }), (a, b) => {
        const head = a.subarray(0, SNIFF_LENGTH)
        const joined = Uint8Array.from([...head, ...(head.length === SNIFF_LENGTH ? b : [])])
        expect(detectFileType(joined)).toEqual(detectFileType(head))
      }),
    )
  })

  test('a signature cut short is never detected as its type', () => {
    fc.assert(
      fc.property(
        anySignature.chain((signature) =>
          startingWith(signature).chain((bytes) =>
            fc
              .integer({ min: 0, max: signature.pattern.length - 1 })
              .map((length) => ({ signature, bytes: bytes.subarray(0, length) })),
          ),
        ),
        ({ signature, bytes }) => {
          expect(matchesSignature(bytes, signature)).toBe(false)
        },
      ),
    )
  })

  test('the corrected path always ends in the detected extension (or an equal spelling)', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/)
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.uint8Array({ maxLength: 16 }),
        (segments, bytes) => {
          const { extension } = detectFileType(bytes)
          const corrected = withExtension(segments.join('/'), extension)
          const name = corrected.slice(corrected.lastIndexOf('/') + 1)
          const spelled = name.slice(name.lastIndexOf('.') + 1).toLowerCase()
          const spellings: Record<string, string[]> = { jpg: ['jpeg', 'jpe'], tiff: ['tif'] }
          expect([extension, ...(spellings[extension] ?? [])]).toContain(spelled)
          // Only the file name changes: the folders stay as they were.
          expect(corrected.slice(0, corrected.lastIndexOf('/') + 1)).toBe(
            segments.slice(0, -1).join('/') + (segments.length > 1 ? '/' : ''),
          )
        },
      ),
    )
  })
})
