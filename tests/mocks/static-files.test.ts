import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { http, passthrough } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { acceptedEncodings } from '../../mocks/server/compressible'
import { revalidatedPage, serveFiles } from '../../mocks/server/static-files'
import { mswServer } from '../support/msw-server'

// The built app's files as the local server sends them (docs/performance.md, "Serving").
let base: string
let root: string
let app: Hono
/** The same app over real HTTP, as `npm start` runs it (@hono/node-server's own Response). */
let server: ReturnType<typeof serve>
let origin: string
const JS = 'export const answer = 42;\n'.repeat(100)
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'static-files-'))
  root = path.join(base, 'dist')
  await mkdir(path.join(root, 'assets'), { recursive: true })
  await writeFile(path.join(base, 'secret.txt'), 'TOP SECRET')
  const js = path.join(root, 'assets', 'index-AbCd1234.js')
  await writeFile(js, JS)
  await writeFile(`${js}.br`, brotliCompressSync(JS))
  await writeFile(`${js}.gz`, gzipSync(JS))
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Prompt Chat</title>')
  await writeFile(path.join(root, 'assets', 'logo-AbCd1234.png'), PNG)
  // A compressed format with a (wrong) sibling: never chosen, it would be compressed twice.
  await writeFile(path.join(root, 'assets', 'logo-AbCd1234.png.gz'), gzipSync(PNG))
  await writeFile(path.join(root, 'favicon.svg'), '<svg/>')
  app = new Hono()
  app.use('/*', serveFiles({ root }))
  app.get(
    '/rendered',
    revalidatedPage(async (c) => c.html('<!doctype html><title>Made</title>')),
  )
  app.get('*', serveFiles({ root, file: '/index.html' }))
  server = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(base, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  app.request(url, { headers: new Headers(headers) })

describe('compression', () => {
  test('brotli when accepted, else gzip, else the file as it is', async () => {
    const br = await get('/assets/index-AbCd1234.js', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(Buffer.from(await br.arrayBuffer())).toEqual(brotliCompressSync(JS))
    const gz = await get('/assets/index-AbCd1234.js', { 'Accept-Encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const plain = await get('/assets/index-AbCd1234.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(JS)
    for (const res of [br, gz, plain]) {
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    }
    expect(Number(br.headers.get('content-length'))).toBeLessThan(JS.length)
  })

  test('q=0 refuses an encoding', async () => {
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(new Set(['gzip']))
    const res = await get('/assets/index-AbCd1234.js', { 'Accept-Encoding': 'br;q=0, gzip' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
  })

  test('a range is served from the file as it is, never from a compressed sibling', async () => {
    const res = await get('/assets/index-AbCd1234.js', {
      'Accept-Encoding': 'br, gzip',
      Range: 'bytes=0-9',
    })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('content-range')).toBe(`bytes 0-9/${JS.length}`)
    expect(await res.text()).toBe(JS.slice(0, 10))
  })

  test('already compressed formats are never encoded again', async () => {
    const res = await get('/assets/logo-AbCd1234.png', { 'Accept-Encoding': 'br, gzip' })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBeNull()
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG)
  })
})

describe('caching', () => {
  test('hashed assets are immutable for a year; the page and unhashed files revalidate', async () => {
    const asset = await get('/assets/index-AbCd1234.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    for (const url of ['/', '/index.html', '/some/route', '/favicon.svg']) {
      const res = await get(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('cache-control'), url).toBe('no-cache')
    }
    expect((await get('/some/route')).headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  test('an ETag per representation, and 304 when the client has it', async () => {
    const br = await get('/assets/index-AbCd1234.js', { 'Accept-Encoding': 'br' })
    const plain = await get('/assets/index-AbCd1234.js')
    const etag = br.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    expect(plain.headers.get('etag')).not.toBe(etag)
    const again = await get('/assets/index-AbCd1234.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': etag!,
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The gzip representation is another one: the brotli tag does not match it.
    const other = await get('/assets/index-AbCd1234.js', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': etag!,
    })
    expect(other.status).toBe(200)
    const page = await get('/', { 'If-None-Match': (await get('/')).headers.get('etag')! })
    expect(page.status).toBe(304)
  })
})

describe('HEAD', () => {
  const SAME = ['content-type', 'content-length', 'content-encoding', 'cache-control', 'etag']
  const named = (res: Response) => Object.fromEntries(SAME.map((n) => [n, res.headers.get(n)]))
  const urls = ['/', '/some/route', '/assets/index-AbCd1234.js', '/rendered']
  beforeEach(() => {
    mswServer.use(http.all(`${origin}/*`, () => passthrough()))
  })

  test('answers the headers GET does, without a body', async () => {
    for (const url of urls) {
      const options = { headers: { 'Accept-Encoding': 'br' } }
      const got = await app.request(url, options)
      const head = await app.request(url, { ...options, method: 'HEAD' })
      expect(head.status, url).toBe(200)
      expect(named(head), url).toEqual(named(got))
      expect(head.headers.get('vary'), url).toBe(got.headers.get('vary'))
      expect(await head.text(), url).toBe('')
    }
  })

  test('over HTTP too, where a HEAD response is a copy of the GET one', async () => {
    for (const url of urls) {
      const options = { headers: { 'Accept-Encoding': 'br' } }
      const got = await fetch(origin + url, options)
      await got.arrayBuffer()
      const head = await fetch(origin + url, { ...options, method: 'HEAD' })
      expect(named(head), url).toEqual(named(got))
      expect(head.headers.get('cache-control'), url).toMatch(/^(no-cache|public, .*immutable)$/)
      expect(Number(head.headers.get('content-length')), url).toBeGreaterThan(0)
    }
  })
})

test('paths outside the folder are never served', async () => {
  for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2f..%2fsecret.txt']) {
    const res = await get(url)
    expect(await res.text(), url).not.toContain('TOP SECRET')
  }
})
