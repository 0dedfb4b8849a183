import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { SqlStore } from './sql-store'

/**
 * Files the platform makes itself and serves at a public URL by name: AI images and audio,
 * screenshots. On PostgreSQL they are rows of the area's own table, so any server serves what
 * another generated; on PGlite, which only one process can open, files under `dir`
 * (docs/wire-contract.md, "Several servers on one PostgreSQL").
 *
 * Names are the caller's to check: only names it made (fixed patterns) ever reach here.
 */
export interface GeneratedBlobs {
  /** Keeps the bytes under `name`. A name stands for one content: saving it again changes nothing. */
  save(name: string, bytes: Uint8Array): Promise<void>
  /** The bytes kept under `name`, or null when there are none. */
  read(name: string): Promise<Buffer | null>
}

/** The tables that hold generated files (ai and data migrations), each `(name, bytes, created_at)`. */
export type GeneratedBlobTable = 'ai_generated_files' | 'data_screenshots'

export function generatedBlobs(options: {
  store: SqlStore
  table: GeneratedBlobTable
  dir: string
}): GeneratedBlobs {
  const disk = diskBlobs(options.dir)
  return options.store.kind === 'postgres'
    ? databaseBlobs(options.store, options.table, disk)
    : disk
}

/**
 * Read and written by the platform's own role: the request roles have no privilege on them.
 * A file an earlier version kept on this server's disk is still served by it, and copied into
 * the table the first time, as storage does with its objects (docs/wire-contract.md).
 */
function databaseBlobs(
  store: SqlStore,
  table: GeneratedBlobTable,
  legacy: GeneratedBlobs,
): GeneratedBlobs {
  const blobs: GeneratedBlobs = {
    async save(name, bytes) {
      // A name derives from what was asked, so the same name is the same bytes: keep the first.
      await store.query(
        `insert into ${table} (name, bytes, created_at) values ($1, $2, now())
         on conflict (name) do nothing`,
        [name, bytes],
      )
    },
    async read(name) {
      const { rows } = await store.query<{ bytes: Uint8Array }>(
        `select bytes from ${table} where name = $1`,
        [name],
      )
      const bytes = rows[0]?.bytes
      if (bytes) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      const before = await legacy.read(name)
      // Served either way; a copy that failed is tried again at the next read.
      if (before) await blobs.save(name, before).catch(() => {})
      return before
    },
  }
  return blobs
}

function diskBlobs(dir: string): GeneratedBlobs {
  return {
    async save(name, bytes) {
      await mkdir(dir, { recursive: true })
      const target = path.join(dir, name)
      // Temporary file, then rename: a reader never sees half a file.
      const temporary = `${target}.${randomUUID()}.tmp`
      try {
        await writeFile(temporary, bytes)
        await rename(temporary, target)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async read(name) {
      try {
        return await readFile(path.join(dir, name))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
  }
}
