import { MAX_BODY_DEPTH, tooDeep } from './input-schema'
/**
 * `Response.json`, but with the body already a string: @hono/node-server writes such a response
 * straight to the socket, where a `Response.json` body is read back through a stream.
 */
export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  })
}

/**
 * The error body of every platform API except the table API: `{ error: { code, message } }`
 * (the SDK reads error.message), plus `details` when there are any.
 */
export function apiError(
  status: number,
  code: string,
  message: string,
  details?: unknown,
): Response {
  const error = details === undefined ? { code, message } : { code, message, details }
  return jsonResponse({ error }, { status })
}

/** A PostgREST-shaped error body: code, message, details, hint. */
export function restError(
  status: number,
  error: { code: string; message: string; details?: string | null; hint?: string | null },
): Response {
  return jsonResponse(
    {
      code: error.code,
      message: error.message,
      details: error.details ?? null,
      hint: error.hint ?? null,
    },
    { status },
  )
}

/** A body nested deeper than any API takes; every API answers it with a 400 (create-platform). */
export class BodyTooDeepError extends Error {
  constructor() {
    super(`The request body must not be nested more than ${MAX_BODY_DEPTH} levels deep`)
  }
}

/**
 * Parses a JSON request body; `undefined` when it is missing or not JSON. A body nested too
 * deep is refused here, once, before any code walks it recursively (JSON.stringify would
 * overflow the stack on 20 000 levels).
 */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (!text.trim()) return undefined
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return undefined
  }
  if (tooDeep(body)) throw new BodyTooDeepError()
  return body
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
