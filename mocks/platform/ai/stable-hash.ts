import { createHash } from 'node:crypto'

/** SHA-256 hex of the parts: every "random-looking" value of the mock derives from it. */
export function stableHash(...parts: Array<string | Uint8Array>): string {
  const hash = createHash('sha256')
  for (const part of parts) {
    hash.update(part)
    hash.update('\u0000')
  }
  return hash.digest('hex')
}

/** A number in [0, 1) derived from the parts. */
export function stableFraction(...parts: string[]): number {
  return Number.parseInt(stableHash(...parts).slice(0, 12), 16) / 2 ** 48
}
