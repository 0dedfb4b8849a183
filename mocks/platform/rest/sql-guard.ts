import { RestError } from './rest-error'

// Data statements only. Settings (SET/RESET), DDL, COPY, DO, CALL and the rest are refused:
// the caller's SQL runs under their role, and must not be able to change whose role it is.
const ALLOWED_FIRST_WORDS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'with',
  'values',
  'table',
])

/** Refuses anything but one data statement (the extended protocol already refuses a second). */
export function assertDataStatement(query: unknown): string {
  if (typeof query !== 'string' || !query.trim()) {
    throw new RestError(400, 'PGRST102', 'query must be a non-empty SQL string')
  }
  const withoutComments = query
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/^[\s(]+/, '')
  const firstWord = withoutComments.match(/^[a-z]+/i)?.[0]?.toLowerCase() ?? ''
  if (!ALLOWED_FIRST_WORDS.has(firstWord)) {
    throw new RestError(
      403,
      '42501',
      `Only data statements are allowed here, not ${firstWord ? firstWord.toUpperCase() : 'this'}`,
      null,
      'Use SELECT, INSERT, UPDATE, DELETE or WITH',
    )
  }
  return query
}

export function assertParams(params: unknown): unknown[] {
  if (params === undefined || params === null) return []
  if (!Array.isArray(params)) throw new RestError(400, 'PGRST102', 'params must be an array')
  return params.map((value) =>
    value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
  )
}
