import { mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../contract/upload-limit'
import { createObjectFiles } from '../../mocks/platform/storage/object-files'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'
import {
  openStoragePlatform,
  type StoragePlatform,
  type StorageUser,
} from '../support/storage-platform'
import { TEST_PROJECT_ID } from '../support/test-platform'

// Two platforms over one PostgreSQL, each with a files folder of its own, as two servers on
// two machines: whatever one stores, the other serves, replaces and removes, because the bytes
// live in the database (docs/wire-contract.md, "Storage").

const postgres = await postgresAvailability()
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

describe.skipIf(!postgres.available)(
  `storage shared by two servers on PostgreSQL${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    const schema = `storage_shared_${process.pid}_${Date.now()}`
    let one: StoragePlatform
    let two: StoragePlatform
    let alice: StorageUser
    let bob: StorageUser

    beforeAll(async () => {
      // One after the other: the second finds the schema migrated (the ledger says so).
      one = await openStoragePlatform({ databaseUrl: TEST_DATABASE_URL, schema })
      two = await openStoragePlatform({ databaseUrl: TEST_DATABASE_URL, schema })
      alice = await one.user('alice-shared@example.com')
      bob = await two.user('bob-shared@example.com')
    })
    afterAll(async () => {
      await one?.close()
      await two?.close()
      await dropSchema(schema)
    })

    const bytesAt = async (server: StoragePlatform, key: string) => {
      const res = await server.calls.get(server.calls.fileUrl(key))
      return res.status === 200 ? new Uint8Array(await res.arrayBuffer()) : res.status
    }

    test('a file uploaded through one server downloads through the other', async () => {
      const uploaded = await one.calls.upload(alice, { file: PNG, path: 'avatars/alice.txt' })
      expect(uploaded.status).toBe(200)
      const { publicUrl, path: key } = (await uploaded.json()) as {
        publicUrl: string
        path: string
      }
      expect(key).toBe('avatars/alice.png')

      // The same address, answered by the other server.
      const served = await two.calls.get(publicUrl)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)

      const head = await two.calls.get(publicUrl, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(String(PNG.byteLength))

      const download = await two.calls.get(
        `${two.calls.base}/download?path=${encodeURIComponent(key)}`,
      )
      const { downloadUrl } = (await download.json()) as { downloadUrl: string }
      const file = await two.calls.get(downloadUrl)
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="alice.png"/)
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG)
    })

    test('the bytes are in the database, and on neither server’s disk', async () => {
      const { rows } = await one.store.asOwner((tx) =>
        tx.query<{ bytes: Uint8Array }>('select bytes from storage_blobs where path = $1', [
          'avatars/alice.png',
        ]),
      )
      expect(new Uint8Array(rows[0]!.bytes)).toEqual(PNG)
      for (const server of [one, two]) {
        const folder = path.join(server.filesDir, 'storage', TEST_PROJECT_ID)
        expect(await readdir(folder).catch(() => [])).toEqual([])
      }
      // The platform's role switch for the bytes ended with its transaction, on every connection.
      for (let i = 0; i < 20; i++) {
        const { rows } = await one.store.query<{ user: string; claims: string | null }>(
          `select current_user as "user", nullif(current_setting('request.jwt.claims', true), '') as claims`,
        )
        expect(rows[0]).toEqual({ user: 'platform_authenticator', claims: null })
      }
    })

    test('an upsert through the second server is what the first serves next', async () => {
      const replacement = Uint8Array.from([...PNG, 4, 5, 6])
      const res = await two.calls.upload(alice, {
        file: replacement,
        path: 'avatars/alice.png',
        upsert: true,
      })
      expect(res.status).toBe(200)
      expect(await bytesAt(one, 'avatars/alice.png')).toEqual(replacement)
    })

    test('ownership holds across servers: another user can neither overwrite nor remove', async () => {
      const overwrite = await two.calls.upload(bob, {
        file: PNG,
        path: 'avatars/alice.png',
        upsert: true,
      })
      expect(overwrite.status).toBe(403)
      const removal = await one.calls.remove(bob, ['avatars/alice.png'])
      expect(removal.status).toBe(403)
      expect(await bytesAt(two, 'avatars/alice.png')).not.toBe(404)
    })

    test('a removal through one server stops both serving, and the bytes go with the row', async () => {
      await one.calls.upload(alice, { file: PNG, path: 'avatars/gone.png' })
      const res = await two.calls.remove(alice, ['avatars/gone.png'])
      expect(await res.json()).toEqual({ removed: ['avatars/gone.png'] })
      expect(await bytesAt(one, 'avatars/gone.png')).toBe(404)
      expect(await bytesAt(two, 'avatars/gone.png')).toBe(404)
      const { rows } = await one.store.asOwner((tx) =>
        tx.query('select 1 from storage_blobs where path = $1', ['avatars/gone.png']),
      )
      expect(rows).toEqual([])
    })

    test('a file at the upload limit goes in through one server and out through the other', async () => {
      const big = new Uint8Array(MAX_UPLOAD_BYTES)
      big.set(PNG)
      big[MAX_UPLOAD_BYTES - 1] = 7
      const res = await one.calls.upload(alice, { file: big, path: `${alice.id}/big.png` })
      expect(res.status).toBe(200)
      const served = await bytesAt(two, `${alice.id}/big.png`)
      expect(served).toBeInstanceOf(Uint8Array)
      expect((served as Uint8Array).byteLength).toBe(MAX_UPLOAD_BYTES)
      expect((served as Uint8Array)[MAX_UPLOAD_BYTES - 1]).toBe(7)
    }, 60_000)

    test('a file kept on disk before the move is served by its server, which copies it into the database', async () => {
      // What a server of the earlier version left: the row, and the bytes on its own disk.
      const key = `${alice.id}/legacy.png`
      await one.store.asOwner((tx) =>
        tx.query(
          `insert into storage_objects (path, owner_id, content_type, size, created_at, updated_at)
           values ($1, $2, 'image/png', $3, now(), now())`,
          [key, alice.id, PNG.byteLength],
        ),
      )
      await mkdir(path.join(one.filesDir, 'storage', TEST_PROJECT_ID), { recursive: true })
      await createObjectFiles(one.filesDir, TEST_PROJECT_ID).write(key, PNG)
      expect(await bytesAt(two, key)).toBe(404)
      expect(await bytesAt(one, key)).toEqual(PNG)
      expect(await bytesAt(two, key)).toEqual(PNG)
      // Removing it clears the old copy on disk too.
      await one.calls.remove(alice, [key])
      expect(await readdir(path.join(one.filesDir, 'storage', TEST_PROJECT_ID))).toEqual([])
    })

    test('a path of 1024 bytes in three-byte characters is stored and served (the key index holds it)', async () => {
      const key = `${'€'.repeat(340)}.png`
      expect(Buffer.byteLength(key)).toBe(1024)
      const res = await one.calls.upload(alice, { file: PNG, path: key })
      expect(res.status).toBe(200)
      expect(await bytesAt(two, key)).toEqual(PNG)
    })
  },
)
