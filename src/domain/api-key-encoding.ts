/**
 * docs/product/overview.md: keys are stored base64-encoded (the platform adds real encryption at rest). UTF-8
 * first, so a key with any character survives the round trip.
 */
export function encodeApiKey(key: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(key)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The stored key, or null when the stored text is not base64 of UTF-8 (docs/product/validation.md: skipped). */
export function decodeApiKey(stored: string): string | null {
  try {
    const binary = atob(stored)
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}
