/** A key reduced to its last 4 characters, as providers echo keys and as logs may show them. */
export function maskKey(key: string): string {
  if (key.length <= 4) return '*'.repeat(key.length)
  return `${'*'.repeat(Math.min(key.length - 4, 8))}${key.slice(-4)}`
}
