import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { acceptedEncodings } from './compressible'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Below this an answer fits in one packet as it is: compressing it only costs CPU. */
export const COMPRESS_FROM_BYTES = 1024

/**
 * The platform's JSON answers compressed, as a hosted API gateway sends them
 * (docs/performance.md, "Serving"): a 100-message history is 51 KB as JSON and 3 KB as brotli,
 * and on a phone's network the difference is a quarter of a second. Brotli at a quality made for
 * answers made per request (5), else gzip; never a stream (server-sent events must flow as they
 * are written), an answer already encoded, or one the client did not ask to be compressed.
 */
export function compressedAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || !res.body || res.headers.has('Content-Encoding')) return
    if (!/^application\/json\b/i.test(res.headers.get('Content-Type') ?? '')) return
    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'))
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
    if (!encoding) {
      // Sent as it is, never read: only the Vary header is added, in place unless the headers
      // are immutable (an answer passed on from a fetch), then on a copy that streams the body.
      try {
        res.headers.append('Vary', 'Accept-Encoding')
      } catch {
        const headers = new Headers(res.headers)
        headers.append('Vary', 'Accept-Encoding')
        c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers })
      }
      return
    }
    const body = Buffer.from(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    headers.append('Vary', 'Accept-Encoding')
    let sent: Buffer = body
    if (body.length >= COMPRESS_FROM_BYTES) {
      sent =
        encoding === 'br'
          ? await brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : await gzipped(body)
      headers.set('Content-Encoding', encoding)
    }
    headers.set('Content-Length', String(sent.length))
    c.res = new Response(new Uint8Array(sent), {
      status: res.status,
      statusText: res.statusText,
      headers,
    })
  }
}
