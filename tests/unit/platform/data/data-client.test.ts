import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { AuthError, DataError, NetworkError } from '../../../../src/platform/errors'
import { createPlatformClient } from '../../../../src/platform/index'
import { installMockPlatform } from '../../../support/mock-platform'
import { mswServer } from '../../../support/msw-server'
import { TEST_ORIGIN } from '../../../support/test-platform'

// The data SDK against the real mock platform under MSW; inline handlers only to capture a
// request's exact shape or to force a failure.
const mockPlatform = installMockPlatform()
const ARTICLE = `${TEST_ORIGIN}/fixtures/article.html`
const DATA = `${TEST_ORIGIN}/api/data/prompt-chat`

function newClient() {
  const storage = new Map<string, string>()
  return createPlatformClient({
    projectId: 'prompt-chat',
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
  })
}

let signUps = 0
async function signedInClient() {
  const client = newClient()
  signUps += 1
  client.auth.setTokens(await mockPlatform().signUp(`data-sdk-${signUps}@example.com`))
  return client
}

describe('scrape', () => {
  test('scrape(url) gives every format of a fixture page', async () => {
    const client = await signedInClient()
    const page = await client.data.scrape(ARTICLE)
    expect(Object.keys(page).sort()).toEqual(['extract', 'html', 'links', 'markdown', 'metadata'])
    expect(page.markdown).toContain('## One active system prompt')
    expect(page.metadata).toMatchObject({
      title: 'Keeping Prompts Organised: A Field Guide',
      author: 'Ada Moreno',
      publishedTime: '2026-03-14T09:30:00Z',
      siteName: 'Prompt Chat Journal',
    })
    expect(page.links).toContain('https://example.org/guides/system-prompts')
    expect(page.extract?.headings).toContain('Sharing with a link')
  })

  test('formats limit the answer', async () => {
    const client = await signedInClient()
    expect(Object.keys(await client.data.scrape(ARTICLE, { formats: ['markdown'] }))).toEqual([
      'markdown',
    ])
  })

  test('a 400 from the platform is a DataError with its message and status', async () => {
    const client = await signedInClient()
    const error = await client.data.scrape('ftp://example.com').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DataError)
    expect(error).toMatchObject({
      message: 'Unsupported URL scheme "ftp:": only http and https',
      code: 'DATA_ERROR',
      status: 400,
    })
  })

  test('signed out, the platform refuses with an AuthError', async () => {
    const error = await newClient()
      .data.scrape(ARTICLE)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthError)
    expect((error as AuthError).message).toBe('Sign in to use the data API')
  })

  test('an answer of the wrong shape is "Invalid response format"', async () => {
    const client = await signedInClient()
    mswServer.use(http.post(`${DATA}/scrape`, () => HttpResponse.json({ markdown: 42 })))
    await expect(client.data.scrape(ARTICLE)).rejects.toMatchObject({
      name: 'DataError',
      message: 'Invalid response format',
      details: { markdown: 42 },
    })
  })

  test('no answer at all is a NetworkError: "Network request failed: …"', async () => {
    const client = await signedInClient()
    mswServer.use(http.post(`${DATA}/scrape`, () => HttpResponse.error()))
    const error = await client.data.scrape(ARTICLE).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).message).toMatch(/^Network request failed: /)
    expect((error as NetworkError).status).toBe(0)
  })
})

describe('extract', () => {
  test('extractFromUrl gives text, or chunks when chunking', async () => {
    const client = await signedInClient()
    const text = await client.data.extractFromUrl(`${TEST_ORIGIN}/fixtures/plain.txt`)
    expect(text).toMatch(/^Share link format\n\nA share link is the site origin/)
    const chunks = await client.data.extractFromUrl(`${TEST_ORIGIN}/fixtures/plain.txt`, {
      chunking: true,
      chunkSize: 100,
    })
    expect(chunks.every((chunk) => chunk.length <= 100)).toBe(true)
    expect(chunks.join(' ').split(/\s+/)).toEqual(text.split(/\s+/))
  })

  test('extractFromBlob really sends multipart with the file and options', async () => {
    const client = await signedInClient()
    let seen: { contentType: string; fields: Record<string, string>; fileName: string } | null =
      null
    mswServer.use(
      http.post(`${DATA}/extract-from-blob`, async ({ request }) => {
        const contentType = request.headers.get('content-type') ?? ''
        const form = await request.formData()
        const file = form.get('file') as File
        seen = {
          contentType,
          fileName: file.name,
          fields: {
            chunking: String(form.get('chunking')),
            chunkSize: String(form.get('chunkSize')),
          },
        }
        return HttpResponse.json({ chunks: ['one', 'two'] })
      }),
    )
    const file = new File(['one two'], 'notes.txt', { type: 'text/plain' })
    expect(await client.data.extractFromBlob(file, { chunking: true, chunkSize: 60 })).toEqual([
      'one',
      'two',
    ])
    expect(seen).toEqual({
      contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
      fileName: 'notes.txt',
      fields: { chunking: 'true', chunkSize: '60' },
    })
  })

  test('extractFromBlob against the platform: HTML to text; other types refused', async () => {
    const client = await signedInClient()
    const html = new File(['<h1>Title</h1><p>Body <em>text</em></p>'], 'page.html', {
      type: 'text/html',
    })
    expect(await client.data.extractFromBlob(html)).toBe('Title\nBody text')
    const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })
    await expect(client.data.extractFromBlob(blob)).rejects.toMatchObject({
      name: 'DataError',
      status: 415,
      message: expect.stringMatching(/^Unsupported file type: image\/jpeg\./),
    })
  })
})

describe('screenshot', () => {
  test('gives the address of a PNG the platform serves', async () => {
    const client = await signedInClient()
    const url = await client.data.screenshot(ARTICLE, { width: 400, height: 300, fullPage: true })
    const res = await fetch(url)
    expect(res.headers.get('content-type')).toBe('image/png')
    const png = Buffer.from(await res.arrayBuffer())
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([400, 600])
  })
})

describe('fetch', () => {
  test('sends the request as given (header names untouched) and reads the answer', async () => {
    const client = await signedInClient()
    const answer = await client.data.fetch({
      url: 'https://api.example.com/v1/items',
      method: 'PUT',
      headers: { 'X-Api-Version': '2', accept_language: 'en' },
      body: { itemName: 'lamp' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      offline: true,
      method: 'PUT',
      headers: { 'X-Api-Version': '2', accept_language: 'en' },
      body: { itemName: 'lamp' },
    })
    expect(typeof answer.durationMs).toBe('number')
  })

  test('async: a job id now, the result from fetchJob', async () => {
    const client = await signedInClient()
    const queued = await client.data.fetch(
      { url: `${TEST_ORIGIN}/fixtures/plain.txt` },
      { async: true },
    )
    expect(queued.status).toBe('queued')
    const job = await client.data.fetchJob(queued.jobId)
    expect(job.status).toBe('completed')
    expect(job.result?.status).toBe(200)
    expect(String(job.result?.body)).toMatch(/^Share link format/)
  })

  test('an answer without status and headers is "Invalid response format"', async () => {
    const client = await signedInClient()
    mswServer.use(http.post(`${DATA}/fetch`, () => HttpResponse.json({ ok: true })))
    await expect(client.data.fetch({ url: 'https://x.example' })).rejects.toThrow(
      'Invalid response format',
    )
  })
})

describe('search', () => {
  test('hl defaults to en; results come back camelCased', async () => {
    const client = await signedInClient()
    let sent: unknown
    mswServer.use(
      http.post(`${DATA}/search`, async ({ request }) => {
        sent = await request.clone().json()
        return undefined // fall through to the platform
      }),
    )
    const result = await client.data.search('typescript generics', { num: 2 })
    expect(sent).toEqual({ q: 'typescript generics', num: 2, hl: 'en' })
    expect(result.searchParameters).toEqual({ q: 'typescript generics', hl: 'en', num: 2 })
    expect(result.organicResults).toHaveLength(2)
    expect(result.organicResults[0]).toMatchObject({
      position: 1,
      displayedLink: expect.any(String),
    })
  })

  test('news results with tbm nws', async () => {
    const client = await signedInClient()
    const result = await client.data.search('elections', {
      tbm: 'nws',
      location: 'Porto',
      hl: 'pt',
    })
    expect(result.newsResults?.[0]?.snippet).toBe('News about elections in Porto.')
  })
})
