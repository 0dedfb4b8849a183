import type { Context as HonoContext } from 'hono'
import { tooDeep } from '../http/input-schema'
import { BodyTooDeepError } from '../http/json-error'
import { requestText } from '../http/request-body'
import { RestError } from './rest-error'

/**
 * The size limit of a table, `/sql` or `/batch` request body (docs/security.md, "Caller SQL
 * limits"). Checked on Content-Length before reading, and counted while a chunked body streams
 * in, so an oversized body is refused with a 413 without ever being buffered.
 */
export const MAX_BODY_BYTES = 1_000_000

/** A table API / SQL API request body, parsed; 413 past the limit, 400 when it is not JSON. */
export async function readRestBody(c: HonoContext): Promise<unknown> {
  const length = Number(c.req.header('content-length') ?? 0)
  if (length > MAX_BODY_BYTES) throw payloadTooLarge()
  const text = await requestText(c, MAX_BODY_BYTES)
  if (text === null) throw payloadTooLarge()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      null,
      'Send a JSON object or array',
    )
  }
  if (tooDeep(body)) throw new RestError(400, 'PGRST102', new BodyTooDeepError().message)
  return body
}

const payloadTooLarge = () =>
  new RestError(413, 'PGRST413', `Payload too large (max ${MAX_BODY_BYTES} bytes)`)
