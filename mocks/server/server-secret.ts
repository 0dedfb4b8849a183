import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The server secret: PLATFORM_SECRET when given, else one generated on first start and kept
 * (mode 0600) in the data dir, so tokens and encrypted keys survive restarts.
 */
export async function loadOrCreateSecret(dataDir: string, fromEnv?: string): Promise<string> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('PLATFORM_SECRET must be at least 32 characters')
    return fromEnv
  }
  const file = path.join(dataDir, 'secret.key')
  try {
    const saved = (await readFile(file, 'utf8')).trim()
    if (saved.length >= 32) return saved
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(32).toString('base64url')
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
