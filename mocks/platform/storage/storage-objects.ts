import type { SqlExecutor } from '../../../contract/app-schema'
import type { RequestRole } from '../rest/request-role'
import { asRequestRole } from '../rest/request-role'
import type { SqlStore } from '../store/sql-store'

export interface StoredObject {
  path: string
  ownerId: string
  contentType: string
  size: number
  /** Read and served only for its owner (docs/wire-contract.md, "Private objects"). */
  isPrivate: boolean
}

type SignedIn = Extract<RequestRole, { role: 'authenticated' }>

export interface SaveRequest extends StoredObject {
  now: Date
  upsert: boolean
  /**
   * Runs inside the transaction, after the row is written: a failure rolls the row back. It is
   * the last thing the transaction does (the database's bytes are written as the platform).
   */
  writeBytes: (tx: SqlExecutor) => Promise<void>
}

/**
 * `saved`: the row is the caller's, with the new bytes. `exists`: the caller's own object is
 * there and upsert was off. `taken`: another user owns the path; nothing changed. `privacy`:
 * an upsert asked for the other privacy than the caller's object has; nothing changed.
 */
export type SaveOutcome = 'saved' | 'exists' | 'taken' | 'privacy'

/** The rows that went, or the first path among them that belongs to someone else. */
export type RemoveOutcome = { removed: string[] } | { foreign: string }

interface ObjectRow {
  path: string
  owner_id: string
  content_type: string
  size: number
  is_private: boolean
}

const toObject = (row: ObjectRow): StoredObject => ({
  path: row.path,
  ownerId: row.owner_id,
  contentType: row.content_type,
  size: Number(row.size),
  isPrivate: row.is_private,
})

/**
 * The `storage_objects` table, always queried as the caller so row-level security holds. Every
 * row records its owner; only the owner may overwrite or remove it, and the owner never
 * changes (the policies of storage-migrations.ts hold the same rule a second time).
 */
export function createStorageObjects(store: SqlStore) {
  return {
    save(caller: SignedIn, request: SaveRequest): Promise<SaveOutcome> {
      return asRequestRole(store, caller, async (tx) => {
        const values = [
          request.path,
          request.ownerId,
          request.contentType,
          request.size,
          request.now.toISOString(),
          request.isPrivate,
        ]
        const saved = async () => {
          await request.writeBytes(tx)
          return 'saved' as const
        }
        // An upsert first replaces the caller's own row. Not INSERT … ON CONFLICT DO UPDATE:
        // meeting another user's row there is an error on some PostgreSQL versions (the
        // update policy's USING), where an UPDATE simply does not see it. An upsert never
        // changes an object's privacy: the other one is refused below.
        for (let attempt = 0; attempt < 2; attempt++) {
          if (request.upsert) {
            const updated = await tx.query(
              `update storage_objects set content_type = $3, size = $4, updated_at = $5
               where path = $1 and owner_id = $2 and is_private = $6 returning path`,
              values,
            )
            if (updated.rows.length > 0) return saved()
          }
          // ON CONFLICT, not a read-then-write: two racing uploads cannot both create it.
          const inserted = await tx.query(
            `insert into storage_objects
               (path, owner_id, content_type, size, created_at, updated_at, is_private)
             values ($1, $2, $3, $4, $5, $5, $6)
             on conflict (path) do nothing
             returning path`,
            values,
          )
          if (inserted.rows.length > 0) return saved()
          const holder = await tx.query<{ owner_id: string; is_private: boolean }>(
            'select owner_id, is_private from storage_objects where path = $1',
            [request.path],
          )
          const owner = holder.rows[0]?.owner_id
          if (owner !== undefined && owner !== request.ownerId) return 'taken'
          if (request.upsert && holder.rows[0]?.is_private === !request.isPrivate) return 'privacy'
          // The caller's own: without upsert that is a conflict; with it, a racing upload of
          // theirs committed in between, and the update now finds it.
          if (!request.upsert) return 'exists'
        }
        // Still racing: the caller may simply try again.
        return 'exists'
      })
    },

    async find(caller: RequestRole, path: string): Promise<StoredObject | null> {
      const rows = await asRequestRole(store, caller, async (tx) => {
        const result = await tx.query<ObjectRow>(
          `select path, owner_id, content_type, size, is_private from storage_objects
           where path = $1`,
          [path],
        )
        return result.rows
      })
      return rows[0] ? toObject(rows[0]) : null
    },

    /**
     * Deletes the caller's rows among `paths`, all or nothing: when one of them is someone
     * else's, nothing is removed. Paths with no object are skipped, and so is another user's
     * private object, which the caller cannot see: its existence stays unknown to them.
     */
    remove(caller: SignedIn, paths: string[]): Promise<RemoveOutcome> {
      return asRequestRole(store, caller, async (tx) => {
        // Owners never change, so what this sees still holds when the delete runs.
        const foreign = await tx.query<{ path: string }>(
          `select path from storage_objects where path = any($1::text[]) and owner_id <> $2
           order by path limit 1`,
          [paths, caller.claims.sub],
        )
        if (foreign.rows[0]) return { foreign: foreign.rows[0].path }
        const { rows } = await tx.query<{ path: string }>(
          'delete from storage_objects where path = any($1::text[]) returning path',
          [paths],
        )
        return { removed: rows.map((row) => row.path) }
      })
    },
  }
}
