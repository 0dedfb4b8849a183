import type { RequestRole } from '../rest/request-role'
import { asRequestRole } from '../rest/request-role'
import type { SqlStore } from '../store/sql-store'

export interface StoredObject {
  path: string
  ownerId: string
  contentType: string
  size: number
}

export interface SaveRequest extends StoredObject {
  now: Date
  upsert: boolean
  /** Runs inside the transaction, after the row is written: a failure rolls the row back. */
  writeBytes: () => Promise<void>
}

interface ObjectRow {
  path: string
  owner_id: string
  content_type: string
  size: number
}

const toObject = (row: ObjectRow): StoredObject => ({
  path: row.path,
  ownerId: row.owner_id,
  contentType: row.content_type,
  size: Number(row.size),
})

/** The `storage_objects` table, always queried as the caller so row-level security holds. */
export function createStorageObjects(store: SqlStore) {
  return {
    /** Inserts (or, with upsert, replaces) the row; false when it exists and upsert is off. */
    save(caller: RequestRole, request: SaveRequest): Promise<boolean> {
      return asRequestRole(store, caller, async (tx) => {
        const values = [
          request.path,
          request.ownerId,
          request.contentType,
          request.size,
          request.now.toISOString(),
        ]
        // ON CONFLICT, not a read-then-write: two racing uploads cannot both create the file.
        const { rows } = await tx.query(
          request.upsert
            ? `insert into storage_objects (path, owner_id, content_type, size, created_at, updated_at)
               values ($1, $2, $3, $4, $5, $5)
               on conflict (path) do update set content_type = excluded.content_type,
                 size = excluded.size, updated_at = excluded.updated_at
               returning path`
            : `insert into storage_objects (path, owner_id, content_type, size, created_at, updated_at)
               values ($1, $2, $3, $4, $5, $5)
               on conflict (path) do nothing
               returning path`,
          values,
        )
        if (rows.length === 0) return false
        await request.writeBytes()
        return true
      })
    },

    async find(caller: RequestRole, path: string): Promise<StoredObject | null> {
      const rows = await asRequestRole(store, caller, async (tx) => {
        const result = await tx.query<ObjectRow>(
          'select path, owner_id, content_type, size from storage_objects where path = $1',
          [path],
        )
        return result.rows
      })
      return rows[0] ? toObject(rows[0]) : null
    },

    /** Deletes the caller's rows among `paths`; returns the paths that really went. */
    remove(caller: RequestRole, paths: string[]): Promise<string[]> {
      return asRequestRole(store, caller, async (tx) => {
        const { rows } = await tx.query<{ path: string }>(
          'delete from storage_objects where path = any($1::text[]) returning path',
          [paths],
        )
        return rows.map((row) => row.path)
      })
    },
  }
}
