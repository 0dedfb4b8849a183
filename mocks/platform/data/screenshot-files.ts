import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Generated screenshots: PNG files under filesDir/data, named by an unguessable id. */

const FILE_NAME = /^shot_[0-9a-f]{32}\.png$/

export function createScreenshotFiles(filesDir: string) {
  const dir = path.join(filesDir, 'data')
  return {
    async save(png: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true })
      const name = `shot_${randomBytes(16).toString('hex')}.png`
      await writeFile(path.join(dir, name), png)
      return name
    },
    /** The file's bytes, or null for a name that is not one of ours. */
    async read(name: string): Promise<Buffer | null> {
      if (!FILE_NAME.test(name)) return null
      return readFile(path.join(dir, name)).catch(() => null)
    },
  }
}
