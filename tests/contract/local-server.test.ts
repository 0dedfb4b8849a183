import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appSchema } from '../../db/index'
import { type LocalServer, startLocalServer } from '../../mocks/server/local-server'
import { signUpThroughAuthPage } from '../support/sign-up'

// The local server of `npm start`: one port for the app, /auth and /api, over real HTTP.
let server: LocalServer
let dataDir: string
const logged: string[] = []
/** An empty zip (its end-of-central-directory record): what the server sends is what is on disk. */
const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])

const HASHED_JS = 'export const answer = 42;\n'.repeat(100)

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-server-'))
  const distDir = path.join(dataDir, 'dist')
  await mkdir(path.join(distDir, 'assets'), { recursive: true })
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Prompt Chat</title>' +
      '<script>document.documentElement.className = "dark"</script>' +
      '<script type="module" src="/assets/app.js"></script>',
  )
  await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(path.join(distDir, 'assets', 'index-AbCd1234.js'), HASHED_JS)
  await writeFile(
    path.join(distDir, 'assets', 'index-AbCd1234.js.br'),
    brotliCompressSync(HASHED_JS),
  )
  await writeFile(path.join(distDir, 'chrome-extension.zip'), ZIP_BYTES)
  server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    projectId: 'prompt-chat',
    secret: undefined,
    distDir,
    app: appSchema,
    log: (line) => logged.push(line),
  })
})
afterAll(async () => {
  await server?.close()
  await rm(dataDir, { recursive: true, force: true })
})

test('reports its health and which store it runs on', async () => {
  const res = await fetch(`${server.url}/api/health`)
  expect(await res.json()).toEqual({ ok: true, store: 'pglite' })
})

test('serves the built app, and the single page for any other address', async () => {
  const asset = await fetch(`${server.url}/assets/app.js`)
  expect(await asset.text()).toBe('console.log(1)')
  const page = await fetch(`${server.url}/?prompt=%7B%7D`)
  expect(await page.text()).toContain('<title>Prompt Chat</title>')
  expect(page.headers.get('referrer-policy')).toBe('no-referrer')
  expect(page.headers.get('x-content-type-options')).toBe('nosniff')
})

test("the page carries its Content-Security-Policy, naming its inline script's hash", async () => {
  for (const address of ['/', '/index.html', '/chat?c=conv_1']) {
    const policy = (await fetch(`${server.url}${address}`)).headers.get('content-security-policy')
    // The hash of `document.documentElement.className = "dark"`, by openssl.
    expect(policy, address).toContain(
      "script-src 'self' 'sha256-8XvuI2QnHOYXwMUTtH0phGw3p/XpoJw58VHevTpK3rk='",
    )
    expect(policy, address).toContain("object-src 'none'")
    // Framed only by itself and Vite's dev server (the default parents, docs/security.md).
    expect(policy, address).toContain(
      "frame-ancestors 'self' http://localhost:5173 http://127.0.0.1:5173",
    )
  }
  expect((await fetch(server.url)).headers.get('x-frame-options')).toBe('SAMEORIGIN')
  for (const address of [`${server.url}/assets/app.js`, `${server.url}/api/health`]) {
    expect((await fetch(address)).headers.get('content-security-policy'), address).toBeNull()
  }
  // The hosted sign-in page keeps its own, stricter one.
  const signIn = await fetch(
    `${server.url}/auth?redirect_url=${encodeURIComponent(`${server.url}/`)}&project_id=prompt-chat`,
  )
  expect(signIn.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
})

test('hashed assets go compressed and cached for good, the page revalidated; all with security headers', async () => {
  const asset = await fetch(`${server.url}/assets/index-AbCd1234.js`, {
    headers: { 'Accept-Encoding': 'br, gzip' },
  })
  expect(asset.headers.get('content-encoding')).toBe('br')
  expect(asset.headers.get('vary')).toBe('Accept-Encoding')
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  // fetch decodes brotli: what arrives is the file.
  expect(await asset.text()).toBe(HASHED_JS)
  const revalidated = await fetch(`${server.url}/assets/index-AbCd1234.js`, {
    headers: { 'Accept-Encoding': 'br', 'If-None-Match': asset.headers.get('etag')! },
  })
  expect(revalidated.status).toBe(304)
  for (const url of ['/', '/index.html', '/chat']) {
    const page = await fetch(`${server.url}${url}`)
    expect(page.headers.get('cache-control'), url).toBe('no-cache')
    expect(page.headers.get('content-type'), url).toBe('text/html; charset=utf-8')
  }
  for (const res of [asset, revalidated]) {
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  }
})

test('serves the packed extension as a zip download', async () => {
  const res = await fetch(`${server.url}/chrome-extension.zip`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/zip')
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="chrome-extension.zip"')
  expect(new Uint8Array(await res.arrayBuffer())).toEqual(ZIP_BYTES)
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
})

test('a missing file is a 404, not the single page; other addresses still get the page', async () => {
  for (const missing of ['/nope.js', '/x.zip', '/a/b.png', '/assets/gone.css']) {
    const res = await fetch(`${server.url}${missing}`)
    expect(res.status, missing).toBe(404)
    expect(await res.text(), missing).not.toContain('<title>Prompt Chat</title>')
  }
  for (const page of ['/some/route', '/a.b/c', '/chat']) {
    const res = await fetch(`${server.url}${page}`)
    expect(res.status, page).toBe(200)
    expect(await res.text(), page).toContain('<title>Prompt Chat</title>')
  }
})

test('serves the hosted sign-in page and the platform API on the same port', async () => {
  const page = await fetch(
    `${server.url}/auth?redirect_url=${encodeURIComponent(`${server.url}/`)}&project_id=prompt-chat`,
  )
  expect(await page.text()).toContain('Welcome back')
  const models = await fetch(`${server.url}/api/db/prompt-chat/rest/v1/ai_models?select=id`)
  expect((await models.json()).length).toBeGreaterThan(0)
  const unknown = await fetch(`${server.url}/api/nothing-here`)
  expect(unknown.status).toBe(404)
  // Every kind of response carries the security headers: pages, JSON and errors.
  const refused = await fetch(`${server.url}/api/db/prompt-chat/rest/v1/prompts`, {
    headers: { Authorization: 'Bearer not-a-token' },
  })
  expect(refused.status).toBe(401)
  for (const res of [page, models, unknown, refused]) {
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  }
  expect(models.headers.get('content-type')).toBe('application/json')
})

test('the platform API answers JSON compressed when the client accepts it', async () => {
  const models = `${server.url}/api/db/prompt-chat/rest/v1/ai_models?select=*`
  const plain = await fetch(models, { headers: { 'Accept-Encoding': 'identity' } })
  expect(plain.headers.get('content-encoding')).toBeNull()
  const listed = await plain.json()
  expect(JSON.stringify(listed).length).toBeGreaterThan(1024)
  for (const encoding of ['br', 'gzip']) {
    const res = await fetch(models, { headers: { 'Accept-Encoding': encoding } })
    expect(res.headers.get('content-encoding'), encoding).toBe(encoding)
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.json()).toEqual(listed)
  }
})

test('generates a private secret once, and never logs query strings', async () => {
  const secretFile = await stat(path.join(dataDir, 'secret.key'))
  expect(secretFile.mode & 0o077).toBe(0)
  await fetch(`${server.url}/api/auth/me?access_token=leaky-secret`)
  expect(logged, logged.join('|')).toContainEqual(
    expect.stringMatching(/^GET \/api\/auth\/me 401 /),
  )
  expect(logged.join('\n')).not.toContain('leaky-secret')
})

test('table API bodies are read from Node as text() reads them: BOM, UTF-8, size limit', async () => {
  const tokens = await signUpThroughAuthPage((r) => fetch(r), server.url, {
    email: 'body@example.com',
  })
  const auth = { Authorization: `Bearer ${tokens.access_token}` }
  const me = await (await fetch(`${server.url}/api/auth/me`, { headers: auth })).json()
  const rows = `${server.url}/api/db/prompt-chat/rest/v1/quick_prompts`
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(rows, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit)
  const record = (promptId: string) => JSON.stringify({ user_id: me.user.id, prompt_id: promptId })

  // A leading byte-order mark is dropped; multi-byte characters survive being split.
  const written = await post(`\uFEFF${record('héllo ✓ 😀')}`, {
    Prefer: 'return=representation',
  })
  expect(written.status).toBe(201)
  expect((await written.json())[0].prompt_id).toBe('héllo ✓ 😀')
  const bytes = new TextEncoder().encode(record('split 😀'))
  const split = bytes.indexOf(0xf0) + 2
  const chunked = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, split))
      controller.enqueue(bytes.slice(split))
      controller.close()
    },
  })
  expect((await post(chunked)).status).toBe(201)

  // Over 1 MB without a Content-Length (chunked): a 413, nothing stored, and the server serves on.
  const huge = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(record('x'.repeat(1_100_000))))
      controller.close()
    },
  })
  expect((await post(huge)).status).toBe(413)
  expect((await post('{"user_id": ')).status).toBe(400)
  const stored = await fetch(`${rows}?select=prompt_id&order=created_at.asc`, { headers: auth })
  expect((await stored.json()).map((r: { prompt_id: string }) => r.prompt_id)).toEqual([
    'héllo ✓ 😀',
    'split 😀',
  ])
})
