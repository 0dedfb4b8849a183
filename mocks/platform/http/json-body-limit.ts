import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from './json-error'

/**
 * The size limit of every JSON (non-multipart) request body outside the table/SQL API, which
 * reads its own bodies under a smaller limit (rest/json-body.ts), and outside multipart
 * uploads, which keep their own documented limits (contract/upload-limit.ts). 4 MiB leaves room
 * for the largest JSON the app sends (an email's 1 000 000 characters of html and text).
 * docs/security.md, "Caller SQL limits".
 */
export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024

const tooLarge = () =>
  apiError(413, 'PAYLOAD_TOO_LARGE', `Payload too large (max ${MAX_JSON_BODY_BYTES} bytes)`)

// hono/body-limit checks Content-Length up front and counts a chunked body while it streams,
// stopping at the limit, so an oversized body is never buffered whole.
const limit = bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: () => tooLarge() })

export const jsonBodyLimit: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type') ?? ''
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || /^multipart\//i.test(type)) {
    return next()
  }
  return limit(c, next)
}
