/** A random 32-hex-character id (128 bits), given to every new record the caller left without one. */
export function createRecordId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
