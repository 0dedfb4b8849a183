import { createHash, randomBytes } from 'node:crypto'
import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appSchema } from '../../db/index'
import { ATTACHMENTS_MAX } from '../../db/migrations/chat-attachments'
import { type LocalServer, startLocalServer } from '../../mocks/server/local-server'
import { createPlatformClient } from '../../src/platform/index'
import type { TokenSet } from '../../src/platform/types'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'
import { signUpThroughAuthPage } from '../support/sign-up'

// The files of a message (db/migrations/chat-attachments.ts) over real HTTP on both databases:
// rows only their owner sees or writes, naming only the owner's message and private file;
// deleting a conversation takes its attachments, their objects and their bytes along.

interface Attachment {
  id: string
  userId: string
  messageId: string
  position: number
  kind: string
  name: string
  mediaType: string
  size: number
  width: number | null
  height: number | null
  path: string
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5, 6, 7, 8])
const postgres = await postgresAvailability()
const backends = [
  { label: 'PGlite', enabled: true, databaseUrl: undefined },
  { label: 'PostgreSQL', enabled: postgres.available, databaseUrl: TEST_DATABASE_URL },
]
const hex = (bytes: number) => randomBytes(bytes).toString('hex')

/** What a caller notices of a refusal: the status and the database's code, if any. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => ({ status: 0, code: 'allowed' }),
    (e) => ({ status: e.status as number, code: (e.details as { code?: string })?.code }),
  )

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`chat attachments on ${backend.label}`, () => {
    let server: LocalServer
    let dataDir: string
    const schema = `attachments_${process.pid}_${Date.now()}`
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'attachments-'))
      server = await startLocalServer({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        // PGlite in memory (the files still in dataDir): no initdb on disk (docs/quality.md, "Speed").
        memoryDatabase: true,
        databaseUrl: backend.databaseUrl,
        schema: backend.databaseUrl ? schema : undefined,
        projectId: 'prompt-chat',
        secret: 'contract-secret-that-is-at-least-32-chars',
        app: appSchema,
      })
    })
    afterAll(async () => {
      await server?.close()
      await rm(dataDir, { recursive: true, force: true })
      if (backend.databaseUrl) await dropSchema(schema)
    })

    const clientFor = (tokens?: TokenSet) => {
      const kept = new Map<string, string>()
      const client = createPlatformClient({
        projectId: 'prompt-chat',
        authUrl: server.url,
        coreUrl: server.url,
        storage: {
          getItem: (k) => kept.get(k) ?? null,
          setItem: (k, v) => void kept.set(k, v),
          removeItem: (k) => void kept.delete(k),
        },
      })
      if (tokens) client.auth.setTokens(tokens)
      return client
    }

    /** A new user with a conversation `conv` holding messages `m1` and `m2`. */
    async function user(name: string) {
      const tokens = await signUpThroughAuthPage((r) => fetch(r), server.url, {
        email: `attach-${name}-${hex(4)}@example.com`,
      })
      const client = clientFor(tokens)
      const userId = (await client.auth.me()).id
      const db = client.db
      await db.table('conversations').create({ id: 'conv', userId, title: 'Photos' })
      for (const id of ['m1', 'm2']) {
        await db.table('chatMessages').create({
          id,
          userId,
          conversationId: 'conv',
          role: 'user',
          content: `look at ${id}`,
          modelId: 'gpt-5',
        })
      }
      const attachments = db.table<Attachment>('chatAttachments')
      /** A file of theirs in their own folder, private unless told otherwise. */
      const file = async (options: { private?: boolean } = { private: true }) =>
        (
          await client.storage.upload(
            new Blob([PNG]),
            `${userId}/attachments/${hex(16)}.png`,
            options,
          )
        ).path
      const row = (fields: Partial<Attachment> & { path: string }): Partial<Attachment> => ({
        id: `att_${hex(16)}`,
        messageId: 'm1',
        position: 0,
        kind: 'image',
        name: 'beach.png',
        mediaType: 'image/png',
        size: PNG.byteLength,
        width: 640,
        height: 480,
        ...fields,
      })
      return { client, userId, db, attachments, file, row }
    }

    /** Whether the object, its bytes in the database and a file on disk are still there. */
    async function leftOf(key: string) {
      const { rows } = await server.store.asOwner((tx) =>
        tx.query<{ objects: number; blobs: number }>(
          `select (select count(*) from storage_objects where path = $1)::int as objects,
                  (select count(*) from storage_blobs where path = $1)::int as blobs`,
          [key],
        ),
      )
      const name = createHash('sha256').update(key, 'utf8').digest('hex')
      const onDisk = await access(path.join(dataDir, 'files', 'storage', 'prompt-chat', name))
        .then(() => true)
        .catch(() => false)
      return { ...rows[0], onDisk }
    }

    test('the owner attaches a private file of theirs; the bytes are in the database', async () => {
      const alice = await user('a')
      const key = await alice.file()
      const created = await alice.attachments.create(alice.row({ path: key }))
      expect(created).toMatchObject({ userId: alice.userId, messageId: 'm1', path: key })
      expect(await alice.attachments.list()).toHaveLength(1)
      // On PGlite too: a private object's bytes never touch the disk.
      expect(await leftOf(key)).toEqual({ objects: 1, blobs: 1, onDisk: false })
    })

    test('nobody else reads, attaches to or takes over another user’s attachments', async () => {
      const [alice, bob] = [await user('a'), await user('b')]
      const key = await alice.file()
      const own = await alice.attachments.create(alice.row({ path: key }))
      const bobsFile = await bob.file()

      expect(await bob.attachments.list()).toEqual([])
      expect(await refusal(clientFor().db.table('chatAttachments').list())).toMatchObject({
        status: 401,
      })
      // On Alice's message: as Alice the policy refuses, as Bob no such message of his.
      const onHers = bob.row({ path: bobsFile, userId: alice.userId })
      expect(await refusal(bob.attachments.create(onHers))).toEqual({ status: 403, code: '42501' })
      await bob.db.table('chatMessages').delete('m1')
      expect(await refusal(bob.attachments.create(bob.row({ path: bobsFile })))).toEqual({
        status: 409,
        code: '23503',
      })
      // His own message, her file: not his private object.
      const onHisM2 = bob.row({ path: key, messageId: 'm2' })
      expect(await refusal(bob.attachments.create(onHisM2))).toEqual({ status: 403, code: '42501' })
      // A public file, or a path with nothing stored, is no attachment.
      const open = await alice.file({ private: false })
      // (A public file's bytes are on disk on PGlite: where leftOf looks for them.)
      expect((await leftOf(open)).onDisk).toBe(backend.databaseUrl === undefined)
      for (const path of [open, `${alice.userId}/attachments/none.png`]) {
        const refused = await refusal(alice.attachments.create(alice.row({ path, position: 1 })))
        expect(refused).toEqual({ status: 403, code: '42501' })
      }
      // Never edited, by anyone; Bob's delete finds nothing of his.
      expect(await refusal(bob.attachments.update(own.id!, { name: 'x.png' }))).toMatchObject({
        status: 403,
      })
      expect(await refusal(alice.attachments.update(own.id!, { path: open }))).toMatchObject({
        status: 403,
      })
      await bob.attachments.delete(own.id!)
      expect(await alice.attachments.list()).toHaveLength(1)
      expect(await leftOf(key)).toMatchObject({ objects: 1, blobs: 1 })
    })

    test('deleting the conversation deletes its attachments, their objects and their bytes', async () => {
      const alice = await user('a')
      const [first, second] = [await alice.file(), await alice.file()]
      await alice.attachments.create(alice.row({ path: first }))
      await alice.attachments.create(alice.row({ path: second, messageId: 'm2' }))
      // A file still named elsewhere stays: deleting one of its two rows keeps it.
      const shared = await alice.attachments.create(alice.row({ path: second, position: 1 }))
      await alice.attachments.delete(shared.id!)
      expect(await leftOf(second)).toMatchObject({ objects: 1, blobs: 1 })

      await alice.db.table('conversations').delete('conv')
      expect(await alice.attachments.list()).toEqual([])
      for (const key of [first, second]) {
        expect(await leftOf(key)).toEqual({ objects: 0, blobs: 0, onDisk: false })
        expect(await refusal(alice.client.storage.read(key))).toMatchObject({ status: 404 })
      }
    })

    test('deleting one attachment row, or its message, deletes its file', async () => {
      const alice = await user('a')
      const [first, second] = [await alice.file(), await alice.file()]
      const row = await alice.attachments.create(alice.row({ path: first }))
      await alice.attachments.create(alice.row({ path: second, messageId: 'm2' }))
      await alice.attachments.delete(row.id!)
      expect(await leftOf(first)).toEqual({ objects: 0, blobs: 0, onDisk: false })
      await alice.db.table('chatMessages').delete('m2')
      expect(await leftOf(second)).toEqual({ objects: 0, blobs: 0, onDisk: false })
    })

    test(`at most ${ATTACHMENTS_MAX} per message, and each field within its checks`, async () => {
      const alice = await user('a')
      const key = await alice.file()
      const rows = Array.from({ length: ATTACHMENTS_MAX }, (_, position) =>
        alice.row({ path: key, position }),
      )
      expect(await alice.attachments.createMany(rows)).toHaveLength(ATTACHMENTS_MAX)
      const again = (fields: Partial<Attachment>) =>
        refusal(alice.attachments.create(alice.row({ path: key, messageId: 'm2', ...fields })))
      expect(await again({ messageId: 'm1', position: ATTACHMENTS_MAX })).toEqual({
        status: 400,
        code: '23514',
      })
      expect(await again({ messageId: 'm1', position: 3 })).toEqual({ status: 409, code: '23505' })
      const checks: Partial<Attachment>[] = [
        { position: -1 },
        { id: 'att_short' },
        { id: `file_${hex(16)}` },
        { kind: 'video' },
        { mediaType: 'image/svg+xml' },
        { name: '' },
        { name: 'x'.repeat(256) },
        { size: -1 },
        { width: null, height: null },
        { width: 640, height: null },
        { width: 0 },
        { kind: 'text', mediaType: 'text/plain' },
        { kind: 'text', mediaType: 'image/png', width: null, height: null },
        { kind: 'image', mediaType: 'text/plain' },
      ]
      for (const fields of checks) {
        expect({ fields, ...(await again(fields)) }).toEqual({ fields, status: 400, code: '23514' })
      }
      const notes = {
        kind: 'text',
        mediaType: 'text/plain',
        name: 'notes.txt',
        width: null,
        height: null,
      }
      expect(await again(notes)).toEqual({ status: 0, code: 'allowed' })
    })
  })
}
