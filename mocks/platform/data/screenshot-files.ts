import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { generatedBlobs } from '../store/generated-blobs'
import type { SqlStore } from '../store/sql-store'

/**
 * Generated screenshots: PNGs named by an unguessable id, in the table `data_screenshots` on
 * PostgreSQL (any server serves them), under filesDir/data on PGlite.
 */

const FILE_NAME = /^shot_[0-9a-f]{32}\.png$/

export function createScreenshotFiles(store: SqlStore, filesDir: string) {
  const blobs = generatedBlobs({
    store,
    table: 'data_screenshots',
    dir: path.join(filesDir, 'data'),
  })
  return {
    async save(png: Buffer): Promise<string> {
      const name = `shot_${randomBytes(16).toString('hex')}.png`
      await blobs.save(name, png)
      return name
    },
    /** The file's bytes, or null for a name that is not one of ours. */
    async read(name: string): Promise<Buffer | null> {
      if (!FILE_NAME.test(name)) return null
      return blobs.read(name)
    },
  }
}
