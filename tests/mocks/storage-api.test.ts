import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../contract/upload-limit'
import { asRequestRole } from '../../mocks/platform/rest/request-role'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// The storage area of the mock platform, over its fetch handler.
let platform: TestPlatform
let alice: { token: string; id: string }
let bob: { token: string; id: string }

const STORAGE = `${TEST_ORIGIN}/api/storage/prompt-chat`
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6])
const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0])
const HTML = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>')

async function user(email: string) {
  const tokens = await platform.signUp(email)
  const res = await platform.platform.fetch(
    new Request(`${TEST_ORIGIN}/api/auth/me`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    }),
  )
  return {
    token: tokens.access_token,
    id: ((await res.json()) as { user: { id: string } }).user.id,
  }
}

const bearer = (who: { token: string } | null): Record<string, string> =>
  who ? { Authorization: `Bearer ${who.token}` } : {}

function upload(
  who: { token: string } | null,
  fields: { file?: Uint8Array | Blob; path?: string; upsert?: string; options?: string },
) {
  const form = new FormData()
  if (fields.file) {
    form.append(
      'file',
      fields.file instanceof Blob
        ? fields.file
        : new Blob([fields.file as Uint8Array<ArrayBuffer>]),
      'x',
    )
  }
  if (fields.path !== undefined) form.append('path', fields.path)
  if (fields.upsert) form.append('upsert', fields.upsert)
  if (fields.options !== undefined) form.append('options', fields.options)
  return platform.platform.fetch(
    new Request(`${STORAGE}/upload`, { method: 'POST', headers: bearer(who), body: form }),
  )
}

const get = (url: string, who: { token: string } | null = null) =>
  platform.platform.fetch(new Request(url, { headers: bearer(who) }))

function remove(who: { token: string } | null, body: string) {
  return platform.platform.fetch(
    new Request(`${STORAGE}/remove`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', ...bearer(who) },
      body,
    }),
  )
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { message: string } }).error

beforeAll(async () => {
  platform = await createTestPlatform()
  alice = await user('alice-storage@example.com')
  bob = await user('bob-storage@example.com')
})
afterAll(() => platform.close())

describe('upload', () => {
  test('stores the bytes, corrects the extension to the detected type and serves them', async () => {
    const res = await upload(alice, { file: PNG, path: `${alice.id}/pics/photo.txt` })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toEqual({
      publicUrl: `${STORAGE}/files/${alice.id}/pics/photo.png`,
      path: `${alice.id}/pics/photo.png`,
      contentType: 'image/png',
      size: PNG.byteLength,
    })
    const served = await get(body.publicUrl as string)
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="photo.png"/)
  })

  test('keeps the bytes on disk under filesDir/storage/<projectId>, named by hash', async () => {
    const dir = path.join(platform.platform.deps.filesDir, 'storage', 'prompt-chat')
    const names = await readdir(dir)
    expect(names.length).toBeGreaterThan(0)
    expect(names.every((name) => /^[0-9a-f]{64}$/.test(name))).toBe(true)
  })

  test('names with %, #, ?, spaces and accents get a URL that serves them', async () => {
    for (const name of ['100% sure #1?.png', 'a%2Fb.png', 'été ü.png']) {
      const res = await upload(alice, { file: PNG, path: `${alice.id}/odd/${name}` })
      const { publicUrl } = (await res.json()) as { publicUrl: string }
      const served = await get(publicUrl)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-disposition')).toContain(encodeURIComponent(name))
    }
  })

  test('unknown bytes become .bin / application/octet-stream, served as a download', async () => {
    const res = await upload(alice, { file: HTML, path: `${alice.id}/page.html` })
    const body = (await res.json()) as { publicUrl: string; path: string; contentType: string }
    expect(body.path).toBe(`${alice.id}/page.bin`)
    expect(body.contentType).toBe('application/octet-stream')
    const served = await get(body.publicUrl)
    // Uploaded HTML never renders on our origin.
    expect(served.headers.get('content-type')).toBe('application/octet-stream')
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="page.bin"/)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('the same path again is a 409 with the spec message; upsert replaces the bytes', async () => {
    const key = `${alice.id}/again.png`
    expect((await upload(alice, { file: PNG, path: key })).status).toBe(200)
    const conflict = await upload(alice, { file: PNG, path: key })
    expect(conflict.status).toBe(409)
    expect((await errorOf(conflict)).message).toBe(
      'File already exists. Set upsert: true to overwrite.',
    )
    const replacement = Uint8Array.from([...PNG, 9, 9, 9])
    const replaced = await upload(alice, { file: replacement, path: key, upsert: 'true' })
    expect(replaced.status).toBe(200)
    const served = await get(`${STORAGE}/files/${key}`)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(replacement)
  })

  test('an anonymous caller gets 401 and a bad token 401', async () => {
    const anonymous = await upload(null, { file: PNG, path: `${alice.id}/anon.png` })
    expect(anonymous.status).toBe(401)
    expect((await errorOf(anonymous)).message).toBe('Sign in to upload files')
    const forged = await upload({ token: 'not-a-jwt' }, { file: PNG, path: `${alice.id}/f.png` })
    expect(forged.status).toBe(401)
  })

  test('writing in another user’s home folder is 403, even where nothing is stored yet', async () => {
    const res = await upload(bob, { file: PNG, path: `${alice.id}/from-bob.png` })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).message).toBe(`The folder ${alice.id}/ belongs to another user`)
    expect((await get(`${STORAGE}/files/${alice.id}/from-bob.png`)).status).toBe(404)
  })

  test('the hosted SDK’s options field {"upsert":true} replaces; a bad one is a 400', async () => {
    const key = 'hosted/options.png'
    expect(
      (await upload(alice, { file: PNG, path: key, options: '{"upsert":false}' })).status,
    ).toBe(200)
    const replacement = Uint8Array.from([...PNG, 7])
    const replaced = await upload(alice, {
      file: replacement,
      path: key,
      options: '{"upsert":true}',
    })
    expect(replaced.status).toBe(200)
    expect(new Uint8Array(await (await get(`${STORAGE}/files/${key}`)).arrayBuffer())).toEqual(
      replacement,
    )
    expect((await upload(alice, { file: PNG, path: key, options: '{}' })).status).toBe(409)
    for (const options of ['not json', '[]', '"x"', `{"a":"${'x'.repeat(2000)}"}`]) {
      const res = await upload(alice, { file: PNG, path: key, options })
      expect(res.status).toBe(400)
    }
  })

  test.each([
    [
      'a traversal',
      (id: string) => `${id}/../other/x.png`,
      'Path may not contain . or .. segments',
    ],
    ['an absolute path', (id: string) => `/${id}/x.png`, 'Path must be relative (no leading /)'],
    ['a backslash', (id: string) => `${id}\\x.png`, 'Path may not contain backslashes'],
    ['a NUL', (id: string) => `${id}/x\u0000.png`, 'Path may not contain control characters'],
    [
      'a C1 control',
      (id: string) => `${id}/x\u0085.png`,
      'Path may not contain control characters',
    ],
    [
      'a right-to-left override',
      (id: string) => `${id}/photo\u202egnp.exe`,
      'Path may not contain control characters',
    ],
    [
      'over 1024 bytes of UTF-8',
      (id: string) => `${id}/${'é'.repeat(500)}.png`,
      'Path is longer than 1024 bytes',
    ],
    ['an empty segment', (id: string) => `${id}//x.png`, 'Path may not have empty segments'],
    ['a blank path', () => '  ', 'Path must be a non-empty string'],
  ])('%s is a 400', async (_label, pathFor, message) => {
    const res = await upload(alice, { file: PNG, path: pathFor(alice.id) })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe(message)
  })

  test('a missing file or a body that is not multipart is a 400', async () => {
    const noFile = await upload(alice, { path: `${alice.id}/none.png` })
    expect(noFile.status).toBe(400)
    expect((await errorOf(noFile)).message).toBe('A file is required (multipart field "file")')
    const json = await platform.platform.fetch(
      new Request(`${STORAGE}/upload`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...bearer(alice) },
        body: '{"path":"x"}',
      }),
    )
    expect(json.status).toBe(400)
    expect((await errorOf(json)).message).toBe('Expected a multipart/form-data body')
  })

  test('a native program is refused: 415 Unsupported file type', async () => {
    const res = await upload(alice, { file: ELF, path: `${alice.id}/tool` })
    expect(res.status).toBe(415)
    expect((await errorOf(res)).message).toBe('Unsupported file type')
  })

  test('one byte over 50 MB is a 413 with the exact message', async () => {
    const res = await upload(alice, {
      file: new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)]),
      path: `${alice.id}/big.bin`,
    })
    expect(res.status).toBe(413)
    expect((await errorOf(res)).message).toBe(
      'File size (50.01 MB) exceeds maximum allowed size (50MB)',
    )
  })

  test('exactly 50 MB is accepted', async () => {
    const res = await upload(alice, {
      file: new Blob([new Uint8Array(MAX_UPLOAD_BYTES)]),
      path: `${alice.id}/limit`,
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { size: number }).size).toBe(MAX_UPLOAD_BYTES)
  })

  test('a request body far over the limit is cut off with 413 before it is read', async () => {
    const res = await upload(alice, {
      file: new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 2 * 1024 * 1024)]),
      path: `${alice.id}/huge.bin`,
    })
    expect(res.status).toBe(413)
    expect((await errorOf(res)).message).toMatch(
      /^File size \(\d+\.\d\d MB\) exceeds maximum allowed size \(50MB\)$/,
    )
  })

  test('another project id is a 404', async () => {
    const res = await platform.platform.fetch(
      new Request(`${TEST_ORIGIN}/api/storage/other-project/download?path=a`),
    )
    expect(res.status).toBe(404)
  })
})

describe('free-form paths and their owners', () => {
  test('any clean path is accepted, and the object is its uploader’s', async () => {
    const res = await upload(alice, { file: PNG, path: 'avatars/me.png' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      path: 'avatars/me.png',
      publicUrl: `${STORAGE}/files/avatars/me.png`,
    })
    const row = await platform.store.asOwner((tx) =>
      tx.query<{ owner_id: string }>('select owner_id from storage_objects where path = $1', [
        'avatars/me.png',
      ]),
    )
    expect(row.rows).toEqual([{ owner_id: alice.id }])
    const single = await upload(alice, { file: PNG, path: 'top-level' })
    expect(((await single.json()) as { path: string }).path).toBe('top-level.png')
  })

  test('another user may neither create, overwrite nor upsert a taken path: 403, bytes kept', async () => {
    const key = 'shared/taken.png'
    expect((await upload(alice, { file: PNG, path: key })).status).toBe(200)
    for (const upsert of [undefined, 'true']) {
      const res = await upload(bob, { file: Uint8Array.from([...PNG, 1]), path: key, upsert })
      expect(res.status).toBe(403)
      expect(await errorOf(res)).toEqual({
        code: 'FORBIDDEN',
        message: `${key} belongs to another user. Choose another path.`,
        details: { path: key },
      })
    }
    // The path named before the extension is corrected is the one checked.
    expect((await upload(bob, { file: PNG, path: 'shared/taken.txt' })).status).toBe(403)
    expect(new Uint8Array(await (await get(`${STORAGE}/files/${key}`)).arrayBuffer())).toEqual(PNG)
  })

  test('another user’s object cannot be removed, and a batch holding one removes nothing', async () => {
    await upload(alice, { file: PNG, path: 'shared/keep.png' })
    await upload(bob, { file: PNG, path: 'shared/bobs.png' })
    const res = await remove(bob, JSON.stringify({ paths: ['shared/bobs.png', 'shared/keep.png'] }))
    expect(res.status).toBe(403)
    expect((await errorOf(res)).message).toBe(
      'shared/keep.png belongs to another user; only its owner may remove it. Nothing was removed.',
    )
    expect((await get(`${STORAGE}/files/shared/keep.png`)).status).toBe(200)
    expect((await get(`${STORAGE}/files/shared/bobs.png`)).status).toBe(200)
    const own = await remove(bob, JSON.stringify({ paths: ['shared/bobs.png'] }))
    expect(await own.json()).toEqual({ removed: ['shared/bobs.png'] })
  })

  test('a removed path is free again, for anyone', async () => {
    await upload(alice, { file: PNG, path: 'shared/free.png' })
    await remove(alice, JSON.stringify({ paths: ['shared/free.png'] }))
    expect((await upload(bob, { file: PNG, path: 'shared/free.png' })).status).toBe(200)
    expect(
      (await upload(alice, { file: PNG, path: 'shared/free.png', upsert: 'true' })).status,
    ).toBe(403)
  })
})

describe('download', () => {
  test('answers the URL, name, type and size; the URL downloads under that name', async () => {
    await upload(alice, { file: PNG, path: `${alice.id}/dl/cat.png` })
    const res = await get(
      `${STORAGE}/download?path=${encodeURIComponent(`${alice.id}/dl/cat.png`)}`,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { downloadUrl: string }
    expect(body).toEqual({
      downloadUrl: `${STORAGE}/files/${alice.id}/dl/cat.png?download=cat.png`,
      filename: 'cat.png',
      contentType: 'image/png',
      size: PNG.byteLength,
    })
    const file = await get(body.downloadUrl)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="cat.png"/)
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG)
  })

  test('a chosen filename is used, UTF-8 names included', async () => {
    const res = await get(
      `${STORAGE}/download?path=${encodeURIComponent(`${alice.id}/dl/cat.png`)}&filename=${encodeURIComponent('chat été.png')}`,
      bob,
    )
    const body = (await res.json()) as { filename: string; downloadUrl: string }
    expect(body.filename).toBe('chat été.png')
    const file = await get(body.downloadUrl)
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="chat _t_.png"; filename*=UTF-8''chat%20%C3%A9t%C3%A9.png`,
    )
  })

  test('a missing file is 404 File not found; a missing path or bad filename is 400', async () => {
    const missing = await get(`${STORAGE}/download?path=${alice.id}/nothing.png`)
    expect(missing.status).toBe(404)
    expect((await errorOf(missing)).message).toBe('File not found')
    const noPath = await get(`${STORAGE}/download`)
    expect(noPath.status).toBe(400)
    const badName = await get(`${STORAGE}/download?path=${alice.id}/dl/cat.png&filename=a%2Fb`)
    expect(badName.status).toBe(400)
    expect((await errorOf(badName)).message).toBe(
      'filename may not contain slashes or control characters',
    )
  })

  test('an unknown public file URL is a 404', async () => {
    const res = await get(`${STORAGE}/files/${alice.id}/nope.png`)
    expect(res.status).toBe(404)
  })
})

describe('remove', () => {
  test('removes the caller’s files and says which; the public URL stops serving', async () => {
    await upload(alice, { file: PNG, path: `${alice.id}/rm/one.png` })
    await upload(alice, { file: PNG, path: `${alice.id}/rm/two.png` })
    const res = await remove(
      alice,
      JSON.stringify({ paths: [`${alice.id}/rm/one.png`, `${alice.id}/rm/missing.png`] }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ removed: [`${alice.id}/rm/one.png`] })
    expect((await get(`${STORAGE}/files/${alice.id}/rm/one.png`)).status).toBe(404)
    expect((await get(`${STORAGE}/files/${alice.id}/rm/two.png`)).status).toBe(200)
  })

  test('another user’s path is 403; nothing, a blank path or bad JSON is 400', async () => {
    const foreign = await remove(bob, JSON.stringify({ paths: [`${alice.id}/rm/two.png`] }))
    expect(foreign.status).toBe(403)
    expect((await remove(alice, JSON.stringify({ paths: ['x/\ud800.png'] }))).status).toBe(400)
    expect((await get(`${STORAGE}/files/${alice.id}/rm/two.png`)).status).toBe(200)
    expect((await remove(alice, JSON.stringify({ paths: [] }))).status).toBe(400)
    expect((await remove(alice, JSON.stringify({ paths: [''] }))).status).toBe(400)
    expect((await remove(alice, '{"paths": [')).status).toBe(400)
    expect((await remove(null, JSON.stringify({ paths: ['x/y'] }))).status).toBe(401)
  })

  test('a body nested deeper than 256 levels is a 400 that says so', async () => {
    const deep = `{"paths": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`
    const res = await remove(alice, deep)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({
      code: 'invalid_request',
      message: 'The request body must not be nested more than 256 levels deep',
    })
  })
})

describe('row-level security of storage_objects', () => {
  test('a user cannot insert a row for someone else’s folder, even bypassing the API', async () => {
    const claims = { sub: bob.id, email: 'bob-storage@example.com' }
    const insert = asRequestRole(platform.store, { role: 'authenticated', claims } as never, (tx) =>
      tx.query(
        `insert into storage_objects (path, owner_id, content_type, size, created_at, updated_at)
         values ($1, $2, 'image/png', 1, now(), now())`,
        [`${alice.id}/sneaky.png`, bob.id],
      ),
    )
    await expect(insert).rejects.toThrow(/row-level security/)
  })

  test('a user cannot take another user’s row over, even bypassing the API', async () => {
    await upload(alice, { file: PNG, path: 'shared/rls.png' })
    const claims = { sub: bob.id, email: 'bob-storage@example.com' }
    const updated = await asRequestRole(
      platform.store,
      { role: 'authenticated', claims } as never,
      (tx) =>
        tx.query('update storage_objects set owner_id = $1, size = 0 where path = $2', [
          bob.id,
          'shared/rls.png',
        ]),
    )
    expect(updated.rowCount).toBe(0)
    const aliceClaims = { sub: alice.id, email: 'alice-storage@example.com' }
    const handOver = asRequestRole(
      platform.store,
      { role: 'authenticated', claims: aliceClaims } as never,
      (tx) =>
        tx.query('update storage_objects set owner_id = $1 where path = $2', [
          bob.id,
          'shared/rls.png',
        ]),
    )
    await expect(handOver).rejects.toThrow(/row-level security/)
  })

  test('the request roles cannot read or write the stored bytes', async () => {
    const claims = { sub: bob.id, email: 'bob-storage@example.com' }
    const read = asRequestRole(platform.store, { role: 'authenticated', claims } as never, (tx) =>
      tx.query('select bytes from storage_blobs'),
    )
    await expect(read).rejects.toThrow(/permission denied/)
  })

  test('a user cannot delete another user’s row', async () => {
    const claims = { sub: bob.id, email: 'bob-storage@example.com' }
    const deleted = await asRequestRole(
      platform.store,
      { role: 'authenticated', claims } as never,
      (tx) => tx.query('delete from storage_objects where owner_id = $1', [alice.id]),
    )
    expect(deleted.rowCount).toBe(0)
  })
})
