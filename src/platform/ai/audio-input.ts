import { ValidationError } from '../errors'

/** Bytes → base64 without Node's Buffer (this SDK also runs in the browser). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  const step = 0x8000
  for (let at = 0; at < bytes.length; at += step)
    binary += String.fromCharCode(...bytes.subarray(at, at + step))
  return btoa(binary)
}

/**
 * docs/product/validation.md: audio is a string (sent as is: base64, a data: URL or an http(s) URL), a list of
 * byte values, or bytes (Uint8Array, a Node Buffer, ArrayBuffer), which go out as base64.
 * Anything else is 'Unsupported audio input type'.
 */
export function audioForWire(audio: unknown): string {
  if (typeof audio === 'string') {
    if (!audio.trim()) throw new ValidationError('Audio is required')
    return audio
  }
  if (Array.isArray(audio)) {
    if (!audio.every((b) => typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255))
      throw new ValidationError('Audio byte values must be integers from 0 to 255')
    return nonEmptyBase64(Uint8Array.from(audio))
  }
  // A Node Buffer is a Uint8Array, so it takes this branch too.
  if (audio instanceof Uint8Array) return nonEmptyBase64(audio)
  if (audio instanceof ArrayBuffer) return nonEmptyBase64(new Uint8Array(audio))
  if (audio === undefined || audio === null) throw new ValidationError('Audio is required')
  throw new ValidationError('Unsupported audio input type')
}

function nonEmptyBase64(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new ValidationError('Audio is required')
  return bytesToBase64(bytes)
}
