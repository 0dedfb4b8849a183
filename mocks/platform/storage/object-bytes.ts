import type { SqlExecutor } from '../../../contract/app-schema'
import type { SqlStore } from '../store/sql-store'
import { createObjectFiles } from './object-files'
import type { createStorageObjects } from './storage-objects'

/** What the public URL serves: the object's type and its bytes (null for a HEAD request). */
export interface ServedObject {
  contentType: string
  size: number
  bytes: Uint8Array<ArrayBuffer> | null
}

/**
 * Where stored objects' bytes live. On PostgreSQL, in the database (`storage_blobs`), so every
 * server over it serves every file; on PGlite, which only one process can open, on disk.
 */
export interface ObjectBytes {
  readonly kind: 'database' | 'disk'
  /** Inside the transaction that wrote the object's row, as its last step. */
  write(tx: SqlExecutor, key: string, bytes: Uint8Array): Promise<void>
  /** The object at `key` for its public URL, or null when there is none. */
  serve(key: string, options: { head: boolean }): Promise<ServedObject | null>
  /** After the objects' rows are gone for good. */
  forget(keys: string[]): Promise<void>
}

export function createObjectBytes(options: {
  store: SqlStore
  filesDir: string
  projectId: string
  objects: ReturnType<typeof createStorageObjects>
  log: (line: string) => void
}): ObjectBytes {
  const files = createObjectFiles(options.filesDir, options.projectId)
  return options.store.kind === 'postgres'
    ? databaseBytes(options.store, files, options.log)
    : diskBytes(files, options.objects)
}

type ObjectFiles = ReturnType<typeof createObjectFiles>

function diskBytes(files: ObjectFiles, objects: ReturnType<typeof createStorageObjects>) {
  return {
    kind: 'disk',
    write: (_tx, key, bytes) => files.write(key, bytes),
    async serve(key) {
      const found = await objects.find({ role: 'anon' }, key)
      const bytes = found ? await files.read(key) : null
      if (!found || !bytes) return null
      return { contentType: found.contentType, size: bytes.byteLength, bytes }
    },
    async forget(keys) {
      for (const key of keys) await files.remove(key)
    },
  } satisfies ObjectBytes
}

interface ServedRow {
  content_type: string
  size: number | null
  bytes: Uint8Array | null
}

/**
 * The bytes in `storage_blobs`, written and read by the platform's own role: the request roles
 * have no privilege on that table. One statement reads the object's type and its bytes, so a
 * reader never pairs one version's type with another's bytes.
 *
 * Objects stored on a server's disk before the bytes moved into the database are still served
 * by that server, which copies each into the database the first time it serves it.
 */
function databaseBytes(store: SqlStore, files: ObjectFiles, log: (line: string) => void) {
  const copyForward = (key: string, bytes: Uint8Array) =>
    // The row may be gone meanwhile (the reference then fails): nothing to keep.
    store
      .query(
        'insert into storage_blobs (path, bytes) values ($1, $2) on conflict (path) do nothing',
        [key, bytes],
      )
      .catch(() => log('storage: could not copy a file from disk into the database'))

  return {
    kind: 'database',
    async write(tx, key, bytes) {
      // The caller's role wrote the row (row-level security); the bytes are the platform's.
      // Back to the serving role until the transaction ends (only our own code runs here).
      await tx.query('set local role none')
      await tx.query(
        `insert into storage_blobs (path, bytes) values ($1, $2)
         on conflict (path) do update set bytes = excluded.bytes`,
        [key, bytes],
      )
    },
    async serve(key, { head }) {
      const { rows } = await store.query<ServedRow>(
        `select o.content_type, octet_length(b.bytes) as size, ${head ? 'null' : 'b.bytes'} as bytes
         from storage_objects o left join storage_blobs b on b.path = o.path where o.path = $1`,
        [key],
      )
      const row = rows[0]
      if (!row) return null
      if (row.size !== null) {
        const bytes = row.bytes === null ? null : asArrayBufferView(row.bytes)
        return { contentType: row.content_type, size: Number(row.size), bytes }
      }
      const legacy = await files.read(key)
      if (!legacy) return null
      await copyForward(key, legacy)
      return { contentType: row.content_type, size: legacy.byteLength, bytes: head ? null : legacy }
    },
    async forget(keys) {
      // The bytes went with the rows; only files from before the move may be left on disk.
      for (const key of keys) await files.remove(key)
    },
  } satisfies ObjectBytes
}

/** A driver's bytea (a Buffer, a Uint8Array) as a view a Response body takes, copied only if need be. */
function asArrayBufferView(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes)
}
