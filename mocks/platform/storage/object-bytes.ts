import type { SqlExecutor } from '../../../contract/app-schema'
import type { SqlStore } from '../store/sql-store'
import { createObjectFiles } from './object-files'

/** What a file URL serves: the object's type, owner and privacy, and its bytes (null for HEAD). */
export interface ServedObject {
  contentType: string
  size: number
  bytes: Uint8Array<ArrayBuffer> | null
  ownerId: string
  isPrivate: boolean
}

/**
 * Where stored objects' bytes live. On PostgreSQL, in the database (`storage_blobs`), so every
 * server over it serves every file. On PGlite, which only one process can open, a public
 * object's bytes are on disk and a private object's in `storage_blobs`: deleting its row, even
 * by a cascade inside the database, deletes them (docs/wire-contract.md, "Private objects").
 */
export interface ObjectBytes {
  readonly kind: 'database' | 'disk'
  /** Inside the transaction that wrote the object's row, as its last step. */
  write(tx: SqlExecutor, key: string, bytes: Uint8Array, isPrivate: boolean): Promise<void>
  /** The object at `key`, whoever may read it (the caller decides), or null when there is none. */
  serve(key: string, options: { head: boolean }): Promise<ServedObject | null>
  /** After the objects' rows are gone for good. */
  forget(keys: string[]): Promise<void>
}

export function createObjectBytes(options: {
  store: SqlStore
  filesDir: string
  projectId: string
  log: (line: string) => void
}): ObjectBytes {
  const { store, log } = options
  const files = createObjectFiles(options.filesDir, options.projectId)
  const kind = store.kind === 'postgres' ? 'database' : 'disk'
  const inDatabase = (isPrivate: boolean) => kind === 'database' || isPrivate

  const copyForward = (key: string, bytes: Uint8Array) =>
    // The row may be gone meanwhile (the reference then fails): nothing to keep.
    store
      .query(
        'insert into storage_blobs (path, bytes) values ($1, $2) on conflict (path) do nothing',
        [key, bytes],
      )
      .catch(() => log('storage: could not copy a file from disk into the database'))

  return {
    kind,
    async write(tx, key, bytes, isPrivate) {
      if (!inDatabase(isPrivate)) return files.write(key, bytes)
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
      // As the platform's own role: the object and its bytes in one snapshot, so a reader never
      // pairs one version's type with another's bytes.
      const { rows } = await store.query<ServedRow>(
        `select o.content_type, o.owner_id, o.is_private, octet_length(b.bytes) as size,
           ${head ? 'null' : 'b.bytes'} as bytes
         from storage_objects o left join storage_blobs b on b.path = o.path where o.path = $1`,
        [key],
      )
      const row = rows[0]
      if (!row) return null
      const object = {
        contentType: row.content_type,
        ownerId: row.owner_id,
        isPrivate: row.is_private,
      }
      if (row.size !== null) {
        const bytes = row.bytes === null ? null : asArrayBufferView(row.bytes)
        return { ...object, size: Number(row.size), bytes }
      }
      // A private object's bytes are only ever in the database.
      if (row.is_private) return null
      const onDisk = await files.read(key)
      if (!onDisk) return null
      // PostgreSQL: a file from before the bytes moved into the database; copied there now.
      if (kind === 'database') await copyForward(key, onDisk)
      return { ...object, size: onDisk.byteLength, bytes: head ? null : onDisk }
    },
    async forget(keys) {
      // Bytes in the database went with the rows; only files on disk may be left.
      for (const key of keys) await files.remove(key)
    },
  }
}

interface ServedRow {
  content_type: string
  owner_id: string
  is_private: boolean
  size: number | null
  bytes: Uint8Array | null
}

/** A driver's bytea (a Buffer, a Uint8Array) as a view a Response body takes, copied only if need be. */
function asArrayBufferView(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes)
}
