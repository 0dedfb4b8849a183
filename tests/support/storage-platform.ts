import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { appSchema } from '../../db/index'
import { createApiKeyCipher } from '../../mocks/platform/crypto/api-key-cipher'
import { createPlatform, openStore, type SqlStore } from '../../mocks/platform/index'
import { signUpThroughAuthPage } from './sign-up'
import { TEST_ORIGIN, TEST_PROJECT_ID, TEST_SECRET } from './test-platform'

type Send = (request: Request) => Promise<Response>

export interface StorageUser {
  token: string
  id: string
}

/**
 * One mock platform for the storage tests: on PGlite in memory, or on PostgreSQL in `schema`.
 * Each has a files folder of its own, as two servers on two machines would.
 */
export async function openStoragePlatform(options: { databaseUrl?: string; schema?: string }) {
  const store: SqlStore = await openStore({
    databaseUrl: options.databaseUrl,
    schema: options.schema,
    cipher: createApiKeyCipher(TEST_SECRET),
    app: appSchema,
  })
  const filesDir = await mkdtemp(path.join(tmpdir(), 'storage-files-'))
  const platform = createPlatform({
    store,
    projectId: TEST_PROJECT_ID,
    secret: TEST_SECRET,
    passwordCost: 2 ** 10,
    filesDir,
  })
  return {
    store,
    filesDir,
    send: platform.fetch,
    calls: storageCalls(platform.fetch),
    /** Signs a new user up through the hosted page; their token and id. */
    async user(email: string): Promise<StorageUser> {
      const tokens = await signUpThroughAuthPage(platform.fetch, TEST_ORIGIN, { email })
      const me = await platform.fetch(
        new Request(`${TEST_ORIGIN}/api/auth/me`, {
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        }),
      )
      const { user } = (await me.json()) as { user: { id: string } }
      return { token: tokens.access_token, id: user.id }
    },
    async close() {
      await store.close()
      await rm(filesDir, { recursive: true, force: true })
    },
  }
}

export type StoragePlatform = Awaited<ReturnType<typeof openStoragePlatform>>

/** The storage API's calls, as raw requests to one platform's fetch handler. */
export function storageCalls(send: Send) {
  const base = `${TEST_ORIGIN}/api/storage/${TEST_PROJECT_ID}`
  const bearer = (who: { token: string } | null): Record<string, string> =>
    who ? { Authorization: `Bearer ${who.token}` } : {}
  return {
    base,
    /** The public URL of `key`, each segment encoded as the platform writes it. */
    fileUrl: (key: string) => `${base}/files/${key.split('/').map(encodeURIComponent).join('/')}`,
    upload(
      who: { token: string } | null,
      fields: { file: Uint8Array; path: string; upsert?: boolean; options?: string },
    ) {
      const form = new FormData()
      form.append('file', new Blob([fields.file as Uint8Array<ArrayBuffer>]), 'x')
      form.append('path', fields.path)
      if (fields.upsert) form.append('upsert', 'true')
      if (fields.options !== undefined) form.append('options', fields.options)
      return send(
        new Request(`${base}/upload`, { method: 'POST', headers: bearer(who), body: form }),
      )
    },
    get: (url: string, init: RequestInit = {}) => send(new Request(url, init)),
    remove(who: { token: string } | null, paths: unknown) {
      return send(
        new Request(`${base}/remove`, {
          method: 'DELETE',
          headers: { 'Content-Type': 'application/json', ...bearer(who) },
          body: JSON.stringify({ paths }),
        }),
      )
    },
  }
}
