import { restError } from '../http/json-error'
import { isDatabaseError } from '../store/sql-store'

/** A client mistake on the REST API, answered with a PostgREST-shaped 4xx body. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message)
  }

  toResponse(): Response {
    return restError(this.status, this)
  }
}

/**
 * PostgreSQL's SQLSTATE → PostgREST's HTTP status. Anything that the request caused is a 4xx;
 * only a fault of ours stays a 500 (and is logged by the caller).
 */
export function restErrorFromDatabase(
  error: unknown,
  role: 'anon' | 'authenticated',
): RestError | null {
  if (!isDatabaseError(error)) return null
  const { code, message } = error
  const details = error.detail ?? null
  const hint = error.hint ?? null
  if (code === '42501')
    return new RestError(role === 'anon' ? 401 : 403, code, message, details, hint)
  if (code === '23505' || code === '23503') return new RestError(409, code, message, details, hint)
  // A write in a read-only batch (PostgREST answers 405 for writes on a read-only request).
  if (code === '25006') return new RestError(405, code, message, details, hint)
  if (code.startsWith('22') || code.startsWith('23')) {
    return new RestError(400, code, message, details, hint)
  }
  // Mistakes in a caller's SQL: syntax, unknown names, wrong types, missing privileges on
  // functions, statement-level limits.
  // A caller's parameters that do not fit the query (too many or too few, the wrong shape):
  // PostgreSQL answers with a protocol violation (08P01), the caller's mistake, not ours.
  if (code === '08P01') {
    return new RestError(400, code, 'The params do not match the query', null, message)
  }
  // statement_timeout ran out (57014): 503, the server declined to keep working on it; the
  // connection is fine and the caller may retry a smaller query.
  if (code === '57014') {
    return new RestError(503, code, 'The statement ran longer than the time limit', null, message)
  }
  // A function's "what you named is not there" (`raise … using errcode = 'no_data_found'`,
  // docs/wire-contract.md): the caller's mistake, a 404.
  if (code === 'P0002') return new RestError(404, code, message, details, hint)
  if (code.startsWith('42') || code === '54000' || code === '0A000') {
    return new RestError(400, code, message, details, hint)
  }
  return null
}

/** The answer to anything a table, SQL or batch request threw. */
export function restErrorResponse(
  error: unknown,
  role: 'anon' | 'authenticated',
  log: (line: string) => void,
): Response {
  if (error instanceof RestError) return error.toResponse()
  const mapped = restErrorFromDatabase(error, role)
  if (mapped) return mapped.toResponse()
  log(`rest: unexpected ${(error as Error).name}: ${(error as Error).message}`)
  return new RestError(500, 'PGRST000', 'Internal server error').toResponse()
}
