import { DataError } from '../errors'

/** Checks of what the platform answered: a wrong shape is a DataError, never a silent undefined. */

export function invalidResponse(details: unknown): DataError {
  return new DataError('Invalid response format', { details })
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/** `{ text }` → the text, `{ chunks }` → the chunks. */
export function textOrChunks(data: unknown): string | string[] {
  if (isRecord(data) && typeof data.text === 'string') return data.text
  if (isRecord(data) && isStringArray(data.chunks)) return data.chunks
  throw invalidResponse(data)
}
