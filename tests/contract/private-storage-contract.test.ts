import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import type { PlatformClient } from '../../src/platform/index'
import { describeOnEveryBackend } from '../support/contract-backends'

// Private storage objects (docs/wire-contract.md, "Private objects") over real HTTP on both
// databases: only their owner's token reads their bytes or their metadata; to anyone else they
// are exactly a missing file. Public objects are served as before.

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])

/** What a caller notices of a refusal: the status and message of the thrown error. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => ({ status: 0, message: 'allowed' }),
    (e) => ({ status: e.status as number, message: e.message as string }),
  )

describeOnEveryBackend('private storage objects', ({ server, signedIn, clientFor }) => {
  let runs = 0
  const user = (name: string) => signedIn(`private-${name}-${Date.now()}_${++runs}@example.com`)
  type User = Awaited<ReturnType<typeof user>>

  const base = () => `${server().url}/api/storage/prompt-chat`
  const fileUrl = (key: string) =>
    `${base()}/files/${key.split('/').map(encodeURIComponent).join('/')}`
  const bearer = (who: User | null): Record<string, string> =>
    who ? { Authorization: `Bearer ${who.tokens.access_token}` } : {}
  const get = (url: string, who: User | null, method = 'GET') =>
    fetch(url, { method, headers: bearer(who) })
  const metadata = (key: string, who: User | null) =>
    get(`${base()}/download?path=${encodeURIComponent(key)}`, who)
  const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer())

  async function privateFile(owner: User, bytes = PNG) {
    const key = `${owner.userId}/attachments/${randomBytes(16).toString('hex')}.png`
    const { path } = await owner.client.storage.upload(new Blob([bytes]), key, { private: true })
    return path
  }

  test('only the owner’s token gets a private file’s bytes and metadata', async () => {
    const [alice, bob] = [await user('a'), await user('b')]
    const key = await privateFile(alice)

    for (const who of [null, bob]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get(fileUrl(key), who, method)
        expect(res.status).toBe(404)
        if (method === 'GET')
          expect(await res.json()).toMatchObject({ error: { message: 'File not found' } })
      }
      expect((await metadata(key, who)).status).toBe(404)
    }

    const own = await get(fileUrl(key), alice)
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    expect(own.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG)
    const meta = await metadata(key, alice)
    expect(meta.status).toBe(200)
    const { downloadUrl, size } = (await meta.json()) as { downloadUrl: string; size: number }
    expect(size).toBe(PNG.byteLength)
    expect((await get(downloadUrl, alice)).headers.get('cache-control')).toBe('private, no-store')
    expect((await get(downloadUrl, bob)).status).toBe(404)
  })

  test('the SDK reads with its token: the owner gets the bytes, anyone else “File not found”', async () => {
    const [alice, bob] = [await user('a'), await user('b')]
    const key = await privateFile(alice)
    expect(await bytesOf(await alice.client.storage.read(key))).toEqual(PNG)
    const missing = { status: 404, message: 'File not found' }
    expect(await refusal(bob.client.storage.read(key))).toEqual(missing)
    expect(await refusal(clientFor().storage.read(key))).toEqual(missing)
    expect(await refusal(alice.client.storage.read(`${alice.userId}/none.png`))).toEqual(missing)
    expect(await refusal(bob.client.storage.download(key))).toEqual(missing)
  })

  test('a bad token is a 401 whatever the path, so it tells nothing of what is there', async () => {
    const alice = await user('a')
    const key = await privateFile(alice)
    const forged = { Authorization: 'Bearer not-a-token' }
    expect((await fetch(fileUrl(key), { headers: forged })).status).toBe(401)
    expect((await fetch(fileUrl(`${alice.userId}/none.png`), { headers: forged })).status).toBe(401)
  })

  test('public files are served as before, to anyone', async () => {
    const [alice, bob] = [await user('a'), await user('b')]
    const key = `avatars/${randomBytes(8).toString('hex')}.png`
    const { publicUrl } = await alice.client.storage.upload(new Blob([PNG]), key)
    const res = await get(publicUrl, null)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect((await metadata(key, null)).status).toBe(200)
    expect(await bytesOf(await bob.client.storage.read(key))).toEqual(PNG)
    expect(await bytesOf(await clientFor().storage.read(key))).toEqual(PNG)
  })

  test('a private file lies in its owner’s folder, and keeps its privacy through upserts', async () => {
    const [alice, bob] = [await user('a'), await user('b')]
    const upload = (client: PlatformClient, key: string, options: object) =>
      refusal(client.storage.upload(new Blob([PNG]), key, options))
    expect(await upload(alice.client, 'shared/secret.png', { private: true })).toMatchObject({
      status: 400,
    })
    const key = await privateFile(alice)
    expect(await upload(alice.client, key, { upsert: true })).toEqual({
      status: 403,
      message: `${key} is private; an upload cannot change that. Remove it first.`,
    })
    expect((await get(fileUrl(key), null)).status).toBe(404)
    const replaced = Uint8Array.from([...PNG, 9, 9])
    await alice.client.storage.upload(new Blob([replaced]), key, { upsert: true, private: true })
    expect(await bytesOf(await alice.client.storage.read(key))).toEqual(replaced)

    const open = `${alice.userId}/open-${runs}.png`
    await alice.client.storage.upload(new Blob([PNG]), open)
    expect(await upload(alice.client, open, { upsert: true, private: true })).toMatchObject({
      status: 403,
      message: `${open} is public; an upload cannot change that. Remove it first.`,
    })

    // Another user cannot even tell it is there: removing it skips it, as a missing path.
    expect(await bob.client.storage.remove(key)).toEqual({ removed: [] })
    expect(await bytesOf(await alice.client.storage.read(key))).toEqual(replaced)
    expect(await alice.client.storage.remove(key)).toEqual({ removed: [key] })
    expect(await refusal(alice.client.storage.read(key))).toMatchObject({ status: 404 })
  })

  test('no caller’s SQL turns a private object public, or moves it', async () => {
    const alice = await user('a')
    const key = await privateFile(alice)
    const sql = (text: string) => refusal(alice.client.db.sql(text, [key]))
    expect(
      await sql('update storage_objects set is_private = false where path = $1'),
    ).toMatchObject({ status: 403 })
    expect(
      await sql(`update storage_objects set path = path || '.moved' where path = $1`),
    ).toMatchObject({ status: 403 })
    expect((await get(fileUrl(key), null)).status).toBe(404)
  })
})
