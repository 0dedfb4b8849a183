import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const PREFIX = 'sealed:v1:'

/**
 * The key is derived from the rotated token itself, which is never stored (only its SHA-256
 * is): the database alone cannot open a sealed successor, and only a client that presents the
 * rotated token can. No server secret is involved, so nothing here depends on key rotation.
 */
const keyOf = (predecessor: string) =>
  Buffer.from(hkdfSync('sha256', predecessor, '', 'prompt-chat refresh successor', 32))

/** AES-256-GCM of `successor` under a key derived from `predecessor`. */
export function sealSuccessor(successor: string, predecessor: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(predecessor), iv)
  const data = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()])
  return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`
}

/** The successor, or null when `sealed` is not one sealed under `predecessor`. */
export function openSuccessor(sealed: string, predecessor: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null
  const [iv, tag, data] = sealed.slice(PREFIX.length).split(':')
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(predecessor),
      Buffer.from(iv ?? '', 'base64'),
    )
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64'))
    return Buffer.concat([
      decipher.update(Buffer.from(data ?? '', 'base64')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return null
  }
}
