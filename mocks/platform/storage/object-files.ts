import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The bytes of stored objects, on disk under `<filesDir>/storage/<projectId>/`. Each file is
 * named by the SHA-256 of its storage path: no caller-chosen name ever reaches the file
 * system (no traversal, no case-folding clashes, no file-versus-folder conflicts).
 */
export function createObjectFiles(filesDir: string, projectId: string) {
  const root = path.join(filesDir, 'storage', projectId)
  const fileFor = (key: string) =>
    path.join(root, createHash('sha256').update(key, 'utf8').digest('hex'))

  return {
    /** Writes atomically (temporary file, then rename): a reader never sees half a file. */
    async write(key: string, bytes: Uint8Array): Promise<void> {
      await mkdir(root, { recursive: true })
      const target = fileFor(key)
      const temporary = `${target}.${randomUUID()}.tmp`
      try {
        await writeFile(temporary, bytes)
        await rename(temporary, target)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    /** The bytes, or null when there is no such file. */
    async read(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
      try {
        return await readFile(fileFor(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async remove(key: string): Promise<void> {
      await rm(fileFor(key), { force: true })
    },
  }
}
