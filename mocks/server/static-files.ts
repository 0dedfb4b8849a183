import { createReadStream, type Stats } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Context, Handler, MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { acceptedEncodings, ENCODINGS, type Encoding, isCompressible } from './compressible'

// The built app, served as a production server would (docs/performance.md, "Serving"):
// precompressed siblings chosen by Accept-Encoding, immutable caching for hashed assets,
// revalidation (ETag, 304) for everything else.

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
/** Vite's output names: `/assets/name-<hash>.ext`; only these may be cached for good. */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.[a-z0-9]+$/i

export interface StaticOptions {
  root: string
  /** Serve this file instead of the request's path (the single page's fallback). */
  file?: string
}

/** A strong validator per representation: each encoding is its own byte sequence. */
function etagFor(stats: Stats, encoding: Encoding | undefined): string {
  const tag = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`
  return `"${encoding ? `${tag}-${encoding}` : tag}"`
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  // Weak comparison, as If-None-Match asks (RFC 9110, 13.1.2).
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => bare(tag) === bare(etag))
}

async function fileStats(file: string): Promise<Stats | undefined> {
  const stats = await stat(file).catch(() => undefined)
  return stats?.isFile() ? stats : undefined
}

/** The request path as a file under root, or undefined when it could escape root. */
function fileUnder(root: string, requestPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined
  const file = path.join(root, path.normalize(decoded))
  return file.startsWith(root + path.sep) ? file : undefined
}

function stream(file: string, range?: { start: number; end: number }) {
  return Readable.toWeb(createReadStream(file, range)) as ReadableStream<Uint8Array>
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` over a file of `size`; undefined when unsatisfiable. */
function parseRange(header: string, size: number) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (!match[1] && !match[2])) return undefined
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]))
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  return start <= end && start < size ? { start, end } : undefined
}

export function serveFiles(options: StaticOptions): MiddlewareHandler {
  const root = path.resolve(options.root)
  return async (c: Context, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const requestPath = options.file ?? c.req.path
    const file = fileUnder(root, requestPath)
    const stats = file && (await fileStats(file))
    if (!file || !stats) return next()

    const headers = new Headers({
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      'Cache-Control': HASHED_ASSET.test(requestPath) ? IMMUTABLE : REVALIDATE,
      'Accept-Ranges': 'bytes',
    })
    const range = c.req.header('Range')
    let served = { file, stats, encoding: undefined as Encoding | undefined }
    if (isCompressible(file)) {
      headers.set('Vary', 'Accept-Encoding')
      // A range counts bytes of one representation: ranges get the identity one.
      const accepted = range
        ? new Set<string>()
        : acceptedEncodings(c.req.header('Accept-Encoding'))
      for (const { name, suffix } of ENCODINGS) {
        const sibling = accepted.has(name) && (await fileStats(file + suffix))
        if (sibling) {
          served = { file: file + suffix, stats: sibling, encoding: name }
          headers.set('Content-Encoding', name)
          break
        }
      }
    }
    const etag = etagFor(served.stats, served.encoding)
    headers.set('ETag', etag)
    headers.set('Last-Modified', served.stats.mtime.toUTCString())
    if (matchesEtag(c.req.header('If-None-Match'), etag)) {
      for (const name of ['Content-Type', 'Content-Encoding', 'Accept-Ranges']) headers.delete(name)
      return new Response(null, { status: 304, headers })
    }

    const size = served.stats.size
    const head = c.req.method === 'HEAD'
    if (range) {
      const bytes = parseRange(range, size)
      if (!bytes) {
        headers.set('Content-Range', `bytes */${size}`)
        return new Response(null, { status: 416, headers })
      }
      headers.set('Content-Range', `bytes ${bytes.start}-${bytes.end}/${size}`)
      headers.set('Content-Length', String(bytes.end - bytes.start + 1))
      return new Response(head ? null : stream(served.file, bytes), { status: 206, headers })
    }
    headers.set('Content-Length', String(size))
    return new Response(head ? null : stream(served.file), { status: 200, headers })
  }
}

/**
 * A page made per request (index.html with the fake providers' URLs), revalidated like the built
 * one (docs/performance.md, "Serving"). Every header, the length included, is set as the response
 * is made: Hono answers HEAD with a copy of the GET response, and on @hono/node-server that copy
 * keeps only the headers it was constructed with, not one set later nor a string body's length.
 */
export function revalidatedPage(handler: (c: Context) => Promise<Response>): Handler {
  return async (c) => {
    const res = await handler(c)
    const body = new Uint8Array(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    headers.set('Cache-Control', REVALIDATE)
    headers.set('Content-Length', String(body.byteLength))
    return new Response(c.req.method === 'HEAD' ? null : body, { status: res.status, headers })
  }
}
