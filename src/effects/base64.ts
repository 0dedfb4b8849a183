/** Bytes as base64, in slices: one spread of a large image would overflow the call stack. */
export function base64Of(bytes: Uint8Array): string {
  const SLICE = 0x8000
  let binary = ''
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE))
  }
  return btoa(binary)
}
