import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { describe, expect, test } from 'vitest'
import { COMPRESS_FROM_BYTES, compressedAnswers } from '../../mocks/server/compressed-answers'

// The platform's JSON answers, compressed as a hosted gateway sends them (docs/performance.md,
// "Serving"). Over real HTTP: tests/contract/local-server.test.ts.
const rows = Array.from({ length: 100 }, (_, i) => ({
  id: `msg_${i}`,
  role: i % 2 ? 'assistant' : 'user',
  content: `Message ${i}: how do I **debounce** a handler in _TypeScript_?`,
}))
const big = JSON.stringify(rows)

const app = new Hono()
app.use('/api/*', compressedAnswers())
app.get('/api/rows', (c) => c.json(rows))
app.get('/api/small', (c) => c.json({ ok: true }))
app.get('/api/refused', (c) => c.json({ message: 'x'.repeat(2000) }, 401))
app.get('/api/page', (c) => c.html(`<p>${'x'.repeat(4000)}</p>`))
app.get('/api/none', (c) => c.body(null, 204))
// An answer passed on from a fetch: its headers cannot be changed in place (they throw, as
// fetch's immutable headers do).
app.get('/api/passed-on', () => {
  const res = new Response(big, { headers: { 'Content-Type': 'application/json' } })
  for (const change of ['append', 'set', 'delete'] as const) {
    Object.defineProperty(res.headers, change, {
      value: () => {
        throw new TypeError('Headers are immutable')
      },
    })
  }
  return res
})
app.get('/api/stream', (c) =>
  streamSSE(c, async (stream) => {
    await stream.writeSSE({ data: 'x'.repeat(2000) })
  }),
)

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, {
    method,
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  })

describe('compressed answers', () => {
  test('a large JSON answer goes as brotli when accepted, else gzip, and decodes to the same JSON', async () => {
    expect(big.length).toBeGreaterThan(COMPRESS_FROM_BYTES)
    const br = await get('/api/rows', 'gzip, deflate, br')
    expect(br.status).toBe(200)
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toContain('Accept-Encoding')
    expect(br.headers.get('Content-Type')).toMatch(/^application\/json/)
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(Number(br.headers.get('Content-Length'))).toBe(brBytes.length)
    expect(brBytes.length).toBeLessThan(big.length / 5)
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(rows)

    const gz = await get('/api/rows', 'gzip')
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(rows)
  })

  test('as it is when the client refuses or names no encoding, still varying by it', async () => {
    for (const refusal of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/api/rows', refusal)
      expect(res.headers.get('Content-Encoding'), String(refusal)).toBeNull()
      expect(res.headers.get('Vary')).toContain('Accept-Encoding')
      expect(await res.json()).toEqual(rows)
    }
  })

  test('an answer passed on from a fetch goes as it is too, when not compressed', async () => {
    const res = await get('/api/passed-on', 'identity')
    expect(res.status).toBe(200)
    expect(res.headers.get('Vary')).toContain('Accept-Encoding')
    expect(await res.json()).toEqual(rows)
    const br = await get('/api/passed-on', 'br')
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(
      JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()),
    ).toEqual(rows)
  })

  test('errors are compressed like answers: the status and body are kept', async () => {
    const res = await get('/api/refused', 'br')
    expect(res.status).toBe(401)
    expect(res.headers.get('Content-Encoding')).toBe('br')
    const body = JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())
    expect(body.message).toHaveLength(2000)
  })

  test('small answers, streams, other types, empty answers and HEAD are left alone', async () => {
    const small = await get('/api/small', 'br')
    expect(small.headers.get('Content-Encoding')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })

    // Server-sent events must reach the client as they are written, never buffered.
    const stream = await get('/api/stream', 'br')
    expect(stream.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
    expect(stream.headers.get('Content-Encoding')).toBeNull()
    expect(await stream.text()).toContain(`data: ${'x'.repeat(2000)}`)

    const page = await get('/api/page', 'br')
    expect(page.headers.get('Content-Encoding')).toBeNull()
    expect(await page.text()).toHaveLength(4007)

    const none = await get('/api/none', 'br')
    expect(none.status).toBe(204)
    expect(none.headers.get('Content-Encoding')).toBeNull()

    const head = await get('/api/rows', 'br', 'HEAD')
    expect(head.headers.get('Content-Encoding')).toBeNull()
  })
})
