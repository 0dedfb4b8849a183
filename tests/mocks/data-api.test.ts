import { inflateSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import { fakeDns } from '../support/fake-dns'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// The data API of the mock platform, called as the SDK calls it. Fixture pages of the
// configured origin (TEST_ORIGIN) are read in-process and converted for real; no MSW handler
// serves them, so a request over the network would fail the test. No name resolves here.
let platform: TestPlatform
let token: string
beforeAll(async () => {
  platform = await createTestPlatform({ lookupHost: fakeDns() })
  token = (await platform.signUp('data-owner@example.com')).access_token
})

const DATA = `${TEST_ORIGIN}/api/data/prompt-chat`
const ARTICLE = `${TEST_ORIGIN}/fixtures/article.html`

const send = (path: string, init: RequestInit = {}) =>
  platform.platform.fetch(new Request(`${DATA}${path}`, init))

const post = (path: string, body: unknown, bearer: string | null = token) =>
  send(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { message: string } }).error.message
}

describe('who may call the data API', () => {
  test('a caller without a token is refused with 401', async () => {
    const res = await post('/scrape', { url: 'https://example.com' }, null)
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toBe('Sign in to use the data API')
  })

  test('a bad token is a 401, not a silent anonymous call', async () => {
    const res = await post('/scrape', { url: 'https://example.com' }, 'not-a-jwt')
    expect(res.status).toBe(401)
  })

  test('another project is 404', async () => {
    const res = await platform.platform.fetch(
      new Request(`${TEST_ORIGIN}/api/data/other/search`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ q: 'x' }),
      }),
    )
    expect(res.status).toBe(404)
  })
})

describe('bad input is a 400 with a clear message', () => {
  test.each([
    ['/scrape', {}, 'The url field is required and must be a URL string'],
    ['/scrape', { url: 'not a url' }, 'Invalid URL: not a url'],
    [
      '/scrape',
      { url: 'ftp://example.com/file' },
      'Unsupported URL scheme "ftp:": only http and https',
    ],
    [
      '/scrape',
      { url: 'javascript:alert(1)' },
      'Unsupported URL scheme "javascript:": only http and https',
    ],
    [
      '/scrape',
      { url: 'https://a.example', formats: ['pdf'] },
      'Unknown format "pdf": use markdown, html, links, metadata, extract',
    ],
    [
      '/extract-from-url',
      { url: 'https://a.example', chunkSize: 10 },
      'chunkSize must be between 50 and 100000',
    ],
    [
      '/extract-from-url',
      { url: 'https://a.example', chunking: 'yes' },
      'chunking must be a boolean',
    ],
    [
      '/screenshot',
      { url: 'https://a.example', width: 5 },
      'width must be a whole number from 100 to 1920',
    ],
    [
      '/fetch',
      { url: 'https://a.example', method: 'BREW' },
      'method must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    ],
    ['/fetch', { url: 'https://a.example', body: 'x' }, 'A GET request cannot have a body'],
    ['/search', { q: '  ' }, 'The q field is required and must be a string'],
    ['/search', { q: 'cats', tbm: 'vid' }, 'tbm must be nws (news) or isch (images)'],
    ['/search', { q: 'cats', num: 0 }, 'num must be a whole number from 1 to 100'],
  ])('%s %j', async (path, body, message) => {
    const res = await post(path, body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(message)
  })

  test('malformed JSON', async () => {
    const res = await post('/scrape', '{"url": ')
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe('The request body must be a JSON object')
  })
})

describe('scrape of a fixture page on the own origin (read in-process, converted for real)', () => {
  test('gives markdown without scripts, the metadata of the head, and absolute links', async () => {
    const res = await post('/scrape', { url: ARTICLE })
    expect(res.status).toBe(200)
    const page = (await res.json()) as Record<string, unknown>
    const markdown = page.markdown as string
    expect(markdown).toContain('# Keeping Prompts Organised')
    expect(markdown).toContain('## Name prompts by outcome')
    expect(markdown).toMatch(/^- +Start with the verb or the artefact\.$/m)
    expect(markdown).toContain(`[the plain-text notes](${TEST_ORIGIN}/fixtures/plain.txt)`)
    expect(markdown).toContain('**dozens**')
    expect(markdown).toContain(
      '[guide to system prompts](https://example.org/guides/system-prompts)',
    )
    expect(markdown).not.toContain('trackingPixel')
    expect(markdown).not.toContain('font-family')
    expect(page.metadata).toEqual({
      title: 'Keeping Prompts Organised: A Field Guide',
      description:
        'How to build a prompt library you can actually find things in: naming, system prompts and sharing.',
      url: ARTICLE,
      domain: 'localhost',
      favicon: `${TEST_ORIGIN}/fixtures/favicon.ico`,
      image: `${TEST_ORIGIN}/fixtures/images/prompt-library.png`,
      author: 'Ada Moreno',
      publishedTime: '2026-03-14T09:30:00Z',
      modifiedTime: '2026-04-02T16:05:00Z',
      type: 'article',
      siteName: 'Prompt Chat Journal',
      locale: 'en_GB',
      keywords: ['prompts', 'prompt library', 'system prompts', 'sharing'],
    })
    expect(page.links).toEqual([
      `${TEST_ORIGIN}/fixtures/`,
      `${TEST_ORIGIN}/fixtures/about.html`,
      'https://example.org/guides/system-prompts',
      `${TEST_ORIGIN}/fixtures/plain.txt`,
    ])
    expect(page.extract).toMatchObject({
      title: 'Keeping Prompts Organised: A Field Guide',
      headings: [
        'Keeping Prompts Organised',
        'Name prompts by outcome',
        'One active system prompt',
        'Sharing with a link',
      ],
    })
    expect(page.html).toContain('<h1>Keeping Prompts Organised</h1>')
  })

  test('only the formats asked for', async () => {
    const res = await post('/scrape', { url: ARTICLE, formats: ['links', 'metadata'] })
    expect(Object.keys(await res.json()).sort()).toEqual(['links', 'metadata'])
  })

  test('og tags stand in for a missing description, a relative icon is resolved', async () => {
    const res = await post('/scrape', {
      url: `${TEST_ORIGIN}/fixtures/about.html`,
      formats: ['metadata', 'links'],
    })
    const page = (await res.json()) as { metadata: Record<string, unknown>; links: string[] }
    expect(page.metadata).toMatchObject({
      title: 'About the Prompt Chat Journal',
      description: 'Who writes the Prompt Chat Journal and why.',
      favicon: `${TEST_ORIGIN}/fixtures/icons/journal.png`,
      locale: 'en',
      siteName: 'localhost',
      type: 'website',
    })
    // mailto: is not a page to follow.
    expect(page.links).toEqual([`${TEST_ORIGIN}/fixtures/article.html`])
  })

  test('a missing fixture page is a 502 naming the status', async () => {
    const res = await post('/scrape', { url: `${TEST_ORIGIN}/fixtures/missing.html` })
    expect(res.status).toBe(502)
    expect(await errorOf(res)).toBe(
      `Fetching ${TEST_ORIGIN}/fixtures/missing.html failed with HTTP 404`,
    )
  })
})

describe('other hosts are never reached: deterministic offline pages', () => {
  test('the same URL always gives the same page, titled after its path', async () => {
    // No MSW handler for example.com: a real request would fail the test.
    const url = 'https://example.com/blog/hello-world'
    const first = await (await post('/scrape', { url })).json()
    const second = await (await post('/scrape', { url })).json()
    expect(first).toEqual(second)
    expect(first.metadata).toMatchObject({
      title: 'Hello World | example.com',
      domain: 'example.com',
      url,
    })
    expect(first.markdown).toContain('# Hello World | example.com')
    expect(first.links[0]).toBe(url)
  })

  test('internal addresses are refused with a 400 (more in data-ssrf.test.ts)', async () => {
    const url = 'http://169.254.169.254/latest/meta-data/'
    const res = await post('/scrape', { url, formats: ['metadata'] })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe(
      `The URL ${url} resolves to a private or loopback address, which the data API does not fetch`,
    )
  })
})

describe('extract-from-url', () => {
  test('the readable text of a page, without markup', async () => {
    const { text } = await (await post('/extract-from-url', { url: ARTICLE })).json()
    expect(text).toContain('Keeping Prompts Organised\nA prompt library grows quickly.')
    expect(text).not.toContain('<')
    expect(text).not.toContain('trackingPixel')
  })

  test('chunks of at most chunkSize characters that together hold every word', async () => {
    const whole = (
      await (await post('/extract-from-url', { url: `${TEST_ORIGIN}/fixtures/plain.txt` })).json()
    ).text as string
    const { chunks } = await (
      await post('/extract-from-url', {
        url: `${TEST_ORIGIN}/fixtures/plain.txt`,
        chunking: true,
        chunk_size: 120,
      })
    ).json()
    expect(chunks.length).toBeGreaterThan(3)
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(120)
    expect(chunks.join(' ').split(/\s+/)).toEqual(whole.split(/\s+/))
    expect(whole.startsWith('Share link format')).toBe(true)
  })
})

describe('extract-from-blob (multipart)', () => {
  const upload = (file: File, fields: Record<string, string> = {}) => {
    const form = new FormData()
    form.append('file', file)
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    return send('/extract-from-blob', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
  }

  test('HTML is converted to text', async () => {
    const res = await upload(
      new File(['<h1>Hi</h1><p>there <b>you</b></p><script>x()</script>'], 'a.html', {
        type: 'text/html',
      }),
    )
    expect(await res.json()).toEqual({ text: 'Hi\nthere you' })
  })

  test('markdown, JSON and text by extension when the type is missing', async () => {
    expect(await (await upload(new File(['# Title\n\nbody'], 'notes.md'))).json()).toEqual({
      text: '# Title\n\nbody',
    })
    expect(
      await (await upload(new File(['{"a":1}'], 'data.json', { type: 'application/json' }))).json(),
    ).toEqual({
      text: '{\n  "a": 1\n}',
    })
  })

  test('chunking and chunkSize come as form fields', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')
    const res = await upload(new File([words], 'w.txt', { type: 'text/plain' }), {
      chunking: 'true',
      chunkSize: '60',
    })
    const { chunks } = (await res.json()) as { chunks: string[] }
    expect(chunks.join(' ')).toBe(words)
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(60)
  })

  test('an unsupported type is a 415 naming what is supported', async () => {
    const res = await upload(
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'doc.pdf', { type: 'application/pdf' }),
    )
    expect(res.status).toBe(415)
    expect(await errorOf(res)).toBe(
      'Unsupported file type: application/pdf. Supported types: text/plain, text/html, text/markdown, application/json',
    )
  })

  test('JSON instead of multipart, or no file, is a 400', async () => {
    const json = await post('/extract-from-blob', { file: 'x' })
    expect(json.status).toBe(400)
    expect(await errorOf(json)).toBe('Send the file as multipart/form-data with a file field')
    const form = new FormData()
    form.append('chunking', 'true')
    const empty = await send('/extract-from-blob', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
    expect(empty.status).toBe(400)
    expect(await errorOf(empty)).toBe('The file field is required')
  })
})

describe('screenshot', () => {
  test('answers a URL that serves a valid PNG of the requested size', async () => {
    const res = await post('/screenshot', { url: ARTICLE, width: 320, height: 200 })
    expect(res.status).toBe(200)
    const { url, width, height } = await res.json()
    expect(url).toMatch(
      /^http:\/\/localhost:3000\/api\/data\/prompt-chat\/files\/shot_[0-9a-f]{32}\.png$/,
    )
    expect([width, height]).toEqual([320, 200])
    const image = await platform.platform.fetch(new Request(url))
    expect(image.headers.get('content-type')).toBe('image/png')
    const png = Buffer.from(await image.arrayBuffer())
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    )
    expect(png.readUInt32BE(16)).toBe(320)
    expect(png.readUInt32BE(20)).toBe(200)
    // The pixel data inflates to one filter byte plus three bytes per pixel, per row.
    const idatLength = png.readUInt32BE(33)
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT')
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(200 * (1 + 320 * 3))
  })

  test('is deterministic per page, differs between pages, and a full page is taller', async () => {
    const shot = async (body: Record<string, unknown>) => {
      const { url } = await (await post('/screenshot', body)).json()
      return Buffer.from(await (await platform.platform.fetch(new Request(url))).arrayBuffer())
    }
    const a1 = await shot({ url: 'https://a.example/page', width: 200, height: 100 })
    const a2 = await shot({ url: 'https://a.example/page', width: 200, height: 100 })
    const b = await shot({ url: 'https://b.example/other', width: 200, height: 100 })
    expect(a1.equals(a2)).toBe(true)
    expect(a1.equals(b)).toBe(false)
    const full = await (
      await post('/screenshot', { url: 'https://a.example/page', full_page: true, height: 300 })
    ).json()
    expect(full.height).toBe(600)
  })

  test('an unknown file is 404', async () => {
    const res = await platform.platform.fetch(
      new Request(`${DATA}/files/shot_${'0'.repeat(32)}.png`),
    )
    expect(res.status).toBe(404)
    const traversal = await platform.platform.fetch(
      new Request(`${DATA}/files/..%2F..%2Fsecret.png`),
    )
    expect(traversal.status).toBe(404)
  })
})

describe('fetch', () => {
  test('an own-origin fixture is read for real: status, headers, body, duration', async () => {
    const res = await post('/fetch', { url: `${TEST_ORIGIN}/fixtures/plain.txt` })
    const answer = await res.json()
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(answer.body).toMatch(/^Share link format/)
    expect(answer.durationMs).toBeGreaterThanOrEqual(0)
  })

  test('an own-origin 404 is passed through as the answer, not an error', async () => {
    const answer = await (await post('/fetch', { url: `${TEST_ORIGIN}/fixtures/nope.txt` })).json()
    expect(answer.status).toBe(404)
  })

  test('another host gets an offline echo of the request', async () => {
    const answer = await (
      await post('/fetch', {
        url: 'https://api.example.com/items',
        method: 'post',
        headers: { 'X-Trace': 'abc' },
        body: { name: 'widget' },
      })
    ).json()
    expect(answer).toMatchObject({
      status: 200,
      headers: { 'content-type': 'application/json', 'x-offline-response': 'true' },
      body: {
        offline: true,
        url: 'https://api.example.com/items',
        method: 'POST',
        headers: { 'X-Trace': 'abc' },
        body: { name: 'widget' },
      },
    })
  })

  test('the data API is never fetched through itself: its loopback origin is refused', async () => {
    const res = await post('/fetch', { url: `${DATA}/search`, method: 'POST', body: { q: 'loop' } })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatch(/resolves to a private or loopback address/)
  })

  test('async: queued with a job id, then the result for its owner only', async () => {
    const res = await post('/fetch', { url: `${TEST_ORIGIN}/fixtures/plain.txt`, async: true })
    expect(res.status).toBe(202)
    const queued = await res.json()
    expect(queued).toEqual({ status: 'queued', jobId: expect.stringMatching(/^job_[0-9a-f]{24}$/) })
    const read = (bearer: string) =>
      send(`/fetch/${queued.jobId}`, { headers: { Authorization: `Bearer ${bearer}` } })
    const job = await (await read(token)).json()
    expect(job).toMatchObject({ jobId: queued.jobId, status: 'completed', result: { status: 200 } })
    expect(job.result.body).toMatch(/^Share link format/)
    expect(job.ownerId).toBeUndefined()
    const stranger = (await platform.signUp('data-stranger@example.com')).access_token
    const other = await read(stranger)
    expect(other.status).toBe(404)
    expect(await errorOf(other)).toBe('Fetch job not found')
  })
})

describe('search', () => {
  test('organic results derived from the query, English by default', async () => {
    const answer = await (await post('/search', { q: 'prompt engineering', num: 3 })).json()
    expect(answer.search_parameters).toEqual({ q: 'prompt engineering', hl: 'en', num: 3 })
    expect(answer.organic_results).toHaveLength(3)
    expect(answer.organic_results.map((r: { position: number }) => r.position)).toEqual([1, 2, 3])
    for (const result of answer.organic_results) {
      expect(result.title).toContain('prompt engineering')
      expect(result.link).toMatch(/^https:\/\/[a-z.]+\/prompt-engineering/)
      expect(result.snippet).toContain('prompt engineering')
    }
    expect(answer.news_results).toBeUndefined()
    expect(await (await post('/search', { q: 'prompt engineering', num: 3 })).json()).toEqual(
      answer,
    )
  })

  test('news and images for tbm nws and isch, location in the snippets', async () => {
    const news = await (
      await post('/search', { q: 'ai', tbm: 'nws', location: 'Lisbon', num: 2 })
    ).json()
    expect(news.news_results).toHaveLength(2)
    expect(news.news_results[0]).toMatchObject({ position: 1, snippet: 'News about ai in Lisbon.' })
    const images = await (await post('/search', { q: 'cats', tbm: 'isch', hl: 'pt-BR' })).json()
    expect(images.image_results).toHaveLength(10)
    expect(images.image_results[0].original).toBe('https://images.example.com/cats-1.jpg')
    expect(images.search_parameters.hl).toBe('pt-BR')
  })
})
