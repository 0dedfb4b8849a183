import { type RestError, restErrorFromDatabase } from '../rest/rest-error'
import { isDatabaseError } from '../store/sql-store'
import { apiError } from './json-error'

/**
 * A database error that the request's data caused (SQLSTATE class 22, data exception, or 23,
 * integrity violation), mapped as the table API maps it: 400, or 409 for a duplicate or a
 * missing reference. Null for anything else, which stays a fault of ours.
 */
export function databaseInputError(error: unknown): RestError | null {
  if (!isDatabaseError(error) || !/^2[23]/.test(error.code)) return null
  return restErrorFromDatabase(error, 'authenticated')
}

/**
 * That mapping in the error shape of every API but the table API. The database's message
 * quotes only the caller's own value; its detail (which may quote other rows) is left out.
 */
export function databaseInputResponse(error: unknown): Response | null {
  const mapped = databaseInputError(error)
  return mapped && apiError(mapped.status, mapped.code, mapped.message)
}
