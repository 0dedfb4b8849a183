import { AuthError, errorMessageFromBody, PlatformError, StorageError } from '../errors'

/** The storage messages of docs/product/errors.md#platform-errors, exactly. */
export const FILE_EXISTS = 'File already exists. Set upsert: true to overwrite.'
export const INVALID_PARAMETERS = 'Invalid request parameters'
export const UNSUPPORTED_FILE_TYPE = 'Unsupported file type'
export const FILE_NOT_FOUND = 'File not found'
export const INVALID_UPLOAD_RESPONSE = 'Invalid response format: missing publicUrl'
export const INVALID_DOWNLOAD_RESPONSE = 'Invalid response format: missing downloadUrl'

/**
 * The error a failed upload answer becomes. The server's own words stay in `details`, so a
 * caller sees the spec's message and can still read why (e.g. which path was refused).
 */
export function uploadErrorFor(status: number, body: unknown): PlatformError {
  const options = { status, details: body }
  if (status === 401) return new AuthError(errorMessageFromBody(status, body), options)
  if (status === 409) return new StorageError(FILE_EXISTS, options)
  if (status === 400) return new StorageError(INVALID_PARAMETERS, options)
  if (status === 415) return new StorageError(UNSUPPORTED_FILE_TYPE, options)
  return new StorageError(errorMessageFromBody(status, body), options)
}

export function parseJsonOrNull(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * A failed storage call as the caller catches it: 404 is 'File not found', other HTTP
 * failures become StorageErrors; auth (401), validation (400) and network errors keep their class.
 */
export function asStorageError(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error
  const options = { status: error.status, details: error.details, cause: error }
  if (error.status === 404) return new StorageError(FILE_NOT_FOUND, options)
  if (error.code === 'HTTP_ERROR') return new StorageError(error.message, options)
  return error
}
