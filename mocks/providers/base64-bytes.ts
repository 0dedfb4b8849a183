/**
 * The bytes of a base64 text, or undefined when it is not base64: the standard alphabet, padded
 * to a multiple of four, no whitespace (what OpenAI and Anthropic take). `urlSafe` also takes
 * `-` and `_` and leaves the padding optional, as Google's JSON bytes fields do.
 */
export function decodeBase64(text: string, options: { urlSafe?: boolean } = {}) {
  const alphabet = options.urlSafe ? /^[A-Za-z0-9+/_-]*={0,2}$/ : /^[A-Za-z0-9+/]*={0,2}$/
  if (!alphabet.test(text)) return undefined
  const unpadded = text.replace(/=+$/, '')
  if (unpadded.length % 4 === 1) return undefined
  if (!options.urlSafe && text.length % 4 !== 0) return undefined
  const standard = unpadded.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
