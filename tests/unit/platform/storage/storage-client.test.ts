import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../../../contract/upload-limit'
import { AuthError, StorageError, ValidationError } from '../../../../src/platform/errors'
import { createPlatformClient } from '../../../../src/platform/platform-client'
import { installMockPlatform } from '../../../support/mock-platform'
import { mswServer } from '../../../support/msw-server'
import { TEST_ORIGIN } from '../../../support/test-platform'

// The storage SDK against the real mock platform (under MSW); inline handlers only for
// request shapes and failures the platform never produces.
const mockPlatform = installMockPlatform()
const STORAGE = `${TEST_ORIGIN}/api/storage/prompt-chat`
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7, 7])
const GIF = new TextEncoder().encode('GIF89a-some-pixels')
const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0])

function newClient() {
  const map = new Map<string, string>()
  return createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    storage: {
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, value) => void map.set(key, value),
      removeItem: (key) => void map.delete(key),
    },
  })
}

let emails = 0
async function signedIn() {
  const client = newClient()
  client.auth.setTokens(await mockPlatform().signUp(`storage-sdk-${++emails}@example.com`))
  return { client, id: (await client.auth.me()).id }
}

/** Counts requests to the storage API, to prove validation stops a call before it is sent. */
function countStorageRequests() {
  const seen: string[] = []
  mswServer.events.on('request:start', ({ request }) => {
    if (request.url.includes('/api/storage/')) seen.push(request.url)
  })
  return seen
}

afterEach(() => {
  mswServer.events.removeAllListeners()
  vi.unstubAllGlobals()
})

describe('upload', () => {
  test('sends the bytes, corrects the extension and returns a public URL that serves them', async () => {
    const { client, id } = await signedIn()
    const result = await client.storage.upload(PNG, `${id}/avatar.txt`)
    expect(result).toEqual({
      publicUrl: `${STORAGE}/files/${id}/avatar.png`,
      path: `${id}/avatar.png`,
    })
    const served = await fetch(result.publicUrl)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)
  })

  test.each([
    ['a Blob', () => new Blob([GIF])],
    ['a File', () => new File([GIF], 'ignored.png', { type: 'image/png' })],
    ['an ArrayBuffer', () => GIF.slice().buffer],
    ['a Uint8Array', () => GIF],
    ['a Buffer', () => Buffer.from(GIF)],
  ])('accepts %s', async (_label, file) => {
    const { client, id } = await signedIn()
    const { publicUrl } = await client.storage.upload(file(), `${id}/picture`)
    expect(publicUrl).toBe(`${STORAGE}/files/${id}/picture.gif`)
    expect(new Uint8Array(await (await fetch(publicUrl)).arrayBuffer())).toEqual(GIF)
  })

  test('the multipart request carries file, corrected path, detected type, upsert and bearer', async () => {
    const { client, id } = await signedIn()
    const seen: { form: FormData; auth: string | null; type: string | null }[] = []
    mswServer.use(
      http.post(`${STORAGE}/upload`, async ({ request }) => {
        seen.push({
          form: await request.formData(),
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
        })
        return HttpResponse.json({ publicUrl: 'https://files.example/x.png' })
      }),
    )
    await client.storage.upload(PNG, `${id}/shot.jpg`, { upsert: true })
    const { form, auth, type } = seen[0]!
    expect(type).toMatch(/^multipart\/form-data; boundary=/)
    expect(auth).toMatch(/^Bearer ey/)
    expect(form.get('path')).toBe(`${id}/shot.png`)
    expect(form.get('upsert')).toBe('true')
    expect(form.get('contentType')).toBe('image/png')
    const file = form.get('file') as File
    expect(file.name).toBe('shot.png')
    expect(file.type).toBe('image/png')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG)
  })

  test('unknown bytes go up as .bin / application/octet-stream', async () => {
    const { client, id } = await signedIn()
    const { publicUrl } = await client.storage.upload(
      new TextEncoder().encode('notes'),
      `${id}/n.txt`,
    )
    expect(publicUrl).toBe(`${STORAGE}/files/${id}/n.bin`)
    expect((await fetch(publicUrl)).headers.get('content-type')).toBe('application/octet-stream')
  })

  test('over 50 MB is refused with the exact message before any byte is sent', async () => {
    const { client, id } = await signedIn()
    const seen = countStorageRequests()
    const tooBig = new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)])
    const failure = client.storage.upload(tooBig, `${id}/big.bin`)
    await expect(failure).rejects.toMatchObject({
      name: 'StorageError',
      message: 'File size (50.01 MB) exceeds maximum allowed size (50MB)',
      status: 413,
    })
    await expect(failure).rejects.toBeInstanceOf(StorageError)
    expect(seen).toEqual([])
  })

  test.each([
    ['no file', undefined, 'x/a.png', 'A file is required'],
    ['a string as the file', 'text', 'x/a.png', 'A file is required'],
    ['an empty path', PNG, '', 'Path must be a non-empty string'],
    ['a blank path', PNG, '   ', 'Path must be a non-empty string'],
    ['a path that is no string', PNG, 42, 'Path must be a non-empty string'],
  ])('%s is a ValidationError before sending', async (_label, file, path, message) => {
    const { client } = await signedIn()
    const seen = countStorageRequests()
    const failure = client.storage.upload(file as never, path as never)
    await expect(failure).rejects.toBeInstanceOf(ValidationError)
    await expect(failure).rejects.toThrow(message)
    expect(seen).toEqual([])
  })

  test('the same path twice is the spec’s 409 message; upsert overwrites', async () => {
    const { client, id } = await signedIn()
    await client.storage.upload(PNG, `${id}/twice.png`)
    const failure = client.storage.upload(PNG, `${id}/twice.png`)
    await expect(failure).rejects.toThrow('File already exists. Set upsert: true to overwrite.')
    await expect(failure).rejects.toMatchObject({ code: 'STORAGE_ERROR', status: 409 })
    const replaced = Uint8Array.from([...PNG, 1])
    const { publicUrl } = await client.storage.upload(replaced, `${id}/twice.png`, { upsert: true })
    expect(new Uint8Array(await (await fetch(publicUrl)).arrayBuffer())).toEqual(replaced)
  })

  test('a path the server refuses as malformed is Invalid request parameters (400)', async () => {
    const { client, id } = await signedIn()
    const failure = client.storage.upload(PNG, `${id}/../escape.png`)
    await expect(failure).rejects.toThrow('Invalid request parameters')
    await expect(failure).rejects.toMatchObject({
      name: 'StorageError',
      status: 400,
      details: { error: { message: 'Path may not contain . or .. segments' } },
    })
  })

  test('a program is Unsupported file type (415)', async () => {
    const { client, id } = await signedIn()
    const failure = client.storage.upload(ELF, `${id}/tool`)
    await expect(failure).rejects.toThrow('Unsupported file type')
    await expect(failure).rejects.toMatchObject({ name: 'StorageError', status: 415 })
  })

  test('another user’s file or home folder is refused with the server’s words (403)', async () => {
    const { client } = await signedIn()
    const other = await signedIn()
    await other.client.storage.upload(PNG, `taken-${other.id}/x.png`)
    const taken = client.storage.upload(PNG, `taken-${other.id}/x.png`, { upsert: true })
    await expect(taken).rejects.toMatchObject({ name: 'StorageError', status: 403 })
    await expect(taken).rejects.toThrow(`taken-${other.id}/x.png belongs to another user`)
    const home = client.storage.upload(PNG, `${other.id}/x.png`)
    await expect(home).rejects.toMatchObject({ name: 'StorageError', status: 403 })
    await expect(home).rejects.toThrow(`The folder ${other.id}/ belongs to another user`)
  })

  test('signed out, the platform answers 401 and the SDK throws an AuthError', async () => {
    const failure = newClient().storage.upload(PNG, 'anyone/x.png')
    await expect(failure).rejects.toBeInstanceOf(AuthError)
    await expect(failure).rejects.toThrow('Sign in to upload files')
  })

  test('a network failure is Network error during file upload', async () => {
    const { client, id } = await signedIn()
    mswServer.use(http.post(`${STORAGE}/upload`, () => HttpResponse.error()))
    const failure = client.storage.upload(PNG, `${id}/x.png`)
    await expect(failure).rejects.toThrow('Network error during file upload')
    await expect(failure).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 })
  })

  test.each([
    ['JSON without publicUrl', () => HttpResponse.json({ url: 'https://x' })],
    ['a body that is not JSON', () => HttpResponse.text('<html>proxy</html>')],
  ])('%s is an invalid response format', async (_label, answer) => {
    const { client, id } = await signedIn()
    mswServer.use(http.post(`${STORAGE}/upload`, answer))
    await expect(client.storage.upload(PNG, `${id}/x.png`)).rejects.toMatchObject({
      name: 'StorageError',
      message: 'Invalid response format: missing publicUrl',
    })
  })
})

describe('upload progress', () => {
  test('without XMLHttpRequest (fetch), progress is reported once, at 100', async () => {
    const { client, id } = await signedIn()
    const reported: number[] = []
    await client.storage.upload(PNG, `${id}/p.png`, { onProgress: (p) => reported.push(p) })
    expect(reported).toEqual([100])
  })

  test('with XMLHttpRequest, upload progress events become whole, increasing percentages', async () => {
    const { client, id } = await signedIn()
    FakeXhr.steps = [
      { loaded: 10, total: 100 },
      { loaded: 10, total: 100 },
      { loaded: 5, total: 0, lengthComputable: false },
      { loaded: 505, total: 1000 },
      { loaded: 999, total: 1000 },
      { loaded: 1000, total: 1000 },
    ]
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const reported: number[] = []
    const { publicUrl } = await client.storage.upload(PNG, `${id}/xhr.txt`, {
      onProgress: (p) => reported.push(p),
    })
    expect(reported).toEqual([10, 50, 99, 100])
    expect(publicUrl).toBe(`${STORAGE}/files/${id}/xhr.png`)
    expect(FakeXhr.last?.headers.Authorization).toMatch(/^Bearer ey/)
    expect(new Uint8Array(await (await fetch(publicUrl)).arrayBuffer())).toEqual(PNG)
  })

  test('an XHR network error is Network error during file upload', async () => {
    const { client, id } = await signedIn()
    FakeXhr.steps = []
    FakeXhr.failNetwork = true
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const failure = client.storage.upload(PNG, `${id}/x.png`, { onProgress: () => {} })
    await expect(failure).rejects.toThrow('Network error during file upload')
    FakeXhr.failNetwork = false
  })

  test('an XHR answer with an error status maps like fetch (409)', async () => {
    const { client, id } = await signedIn()
    await client.storage.upload(PNG, `${id}/dup.png`)
    FakeXhr.steps = [{ loaded: 1, total: 2 }]
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const reported: number[] = []
    const failure = client.storage.upload(PNG, `${id}/dup.png`, {
      onProgress: (p) => reported.push(p),
    })
    await expect(failure).rejects.toThrow('File already exists. Set upsert: true to overwrite.')
    expect(reported).toEqual([50])
  })
})

describe('download', () => {
  test('answers the URL, name, type and size of a stored file', async () => {
    const { client, id } = await signedIn()
    await client.storage.upload(GIF, `${id}/docs/anim.gif`)
    expect(await client.storage.download(`${id}/docs/anim.gif`)).toEqual({
      downloadUrl: `${STORAGE}/files/${id}/docs/anim.gif?download=anim.gif`,
      filename: 'anim.gif',
      contentType: 'image/gif',
      size: GIF.byteLength,
    })
    const named = await client.storage.download(`${id}/docs/anim.gif`, { filename: 'party.gif' })
    expect(named.filename).toBe('party.gif')
    const file = await fetch(named.downloadUrl)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="party.gif"/)
  })

  test('a missing file is StorageError File not found (404)', async () => {
    const { client, id } = await signedIn()
    const failure = client.storage.download(`${id}/never.png`)
    await expect(failure).rejects.toMatchObject({ name: 'StorageError', message: 'File not found' })
    await expect(failure).rejects.toMatchObject({ name: 'StorageError', status: 404 })
  })

  test('an empty path is refused before sending', async () => {
    const { client } = await signedIn()
    const seen = countStorageRequests()
    await expect(client.storage.download('')).rejects.toBeInstanceOf(ValidationError)
    expect(seen).toEqual([])
  })

  test('an answer without downloadUrl is an invalid response format', async () => {
    const { client } = await signedIn()
    mswServer.use(http.get(`${STORAGE}/download`, () => HttpResponse.json({ filename: 'a' })))
    await expect(client.storage.download('a/b.png')).rejects.toMatchObject({
      name: 'StorageError',
      message: 'Invalid response format: missing downloadUrl',
    })
  })
})

describe('remove', () => {
  test('removes one or many paths, given as arguments or as a list', async () => {
    const { client, id } = await signedIn()
    for (const name of ['a', 'b', 'c']) await client.storage.upload(PNG, `${id}/${name}.png`)
    expect(await client.storage.remove(`${id}/a.png`)).toEqual({ removed: [`${id}/a.png`] })
    const many = await client.storage.remove([`${id}/b.png`, `${id}/c.png`])
    expect(many.removed.sort()).toEqual([`${id}/b.png`, `${id}/c.png`])
    await expect(client.storage.download(`${id}/b.png`)).rejects.toThrow('File not found')
  })

  test('sends DELETE with a JSON body { paths }', async () => {
    const { client } = await signedIn()
    const seen: { method: string; body: unknown }[] = []
    mswServer.use(
      http.delete(`${STORAGE}/remove`, async ({ request }) => {
        seen.push({ method: request.method, body: await request.json() })
        return HttpResponse.json({ removed: ['u/1.png'] })
      }),
    )
    await client.storage.remove('u/1.png', 'u/2.png')
    expect(seen).toEqual([{ method: 'DELETE', body: { paths: ['u/1.png', 'u/2.png'] } }])
  })

  test.each([
    ['no path', [], 'At least one path is required'],
    ['an empty list', [[]], 'At least one path is required'],
    ['an empty path', [['ok/a.png', '']], 'Every path must be a non-empty string'],
    ['a path that is no string', [['ok/a.png', 7]], 'Every path must be a non-empty string'],
  ])('%s is a ValidationError before sending', async (_label, args, message) => {
    const { client } = await signedIn()
    const seen = countStorageRequests()
    const failure = client.storage.remove(...(args as unknown as string[]))
    await expect(failure).rejects.toMatchObject({ name: 'ValidationError', message: message })
    expect(seen).toEqual([])
  })

  test('another user’s file is a StorageError with status 403', async () => {
    const { client } = await signedIn()
    const other = await signedIn()
    await other.client.storage.upload(PNG, `${other.id}/a.png`)
    await expect(client.storage.remove(`${other.id}/a.png`)).rejects.toMatchObject({
      name: 'StorageError',
      status: 403,
    })
  })
})

/**
 * A stand-in for the browser's XMLHttpRequest: replays scripted upload progress events, then
 * sends the request with fetch (so it still reaches the mock platform through MSW).
 */
class FakeXhr {
  static steps: Array<{ loaded: number; total: number; lengthComputable?: boolean }> = []
  static failNetwork = false
  static last: FakeXhr | undefined
  status = 0
  responseText = ''
  headers: Record<string, string> = {}
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  private method = 'GET'
  private url = ''

  open(method: string, url: string) {
    this.method = method
    this.url = url
    FakeXhr.last = this
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    queueMicrotask(async () => {
      for (const step of FakeXhr.steps) {
        this.upload.onprogress?.({ lengthComputable: true, ...step } as ProgressEvent)
      }
      if (FakeXhr.failNetwork) return this.onerror?.()
      const response = await fetch(this.url, { method: this.method, headers: this.headers, body })
      this.status = response.status
      this.responseText = await response.text()
      this.onload?.()
    })
  }
}
