import * as v from 'valibot'
import { boundedJson, DEPTH_MESSAGE, plainObject, validate } from '../http/input-schema'
import { apiError } from '../http/json-error'

/** A caller mistake in an AI request: always answered 400 with the message, never a 500. */
export class AiInputError extends Error {
  toResponse(): Response {
    return apiError(400, 'VALIDATION_ERROR', this.message)
  }
}

export type Body = Record<string, unknown>

/** The JSON object of a request; a missing, malformed or non-object body is a 400. */
export async function readBody(request: Request): Promise<Body> {
  const text = await request.text()
  if (!text.trim()) throw new AiInputError('Request body must be a JSON object')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new AiInputError('Request body is not valid JSON')
  }
  return parseInput(bodySchema, parsed)
}

// Bodies are hashed and echoed through JSON.stringify, which a deep enough nesting overflows.
const bodySchema = v.pipe(
  plainObject('Request body must be a JSON object'),
  boundedJson<Body>(`Request body ${DEPTH_MESSAGE}`),
)

/** `input` read with a valibot schema; its first problem is a 400 (see input-schema.ts). */
export function parseInput<const Schema extends v.GenericSchema>(
  schema: Schema,
  input: unknown,
): v.InferOutput<Schema> {
  const checked = validate(schema, input)
  if (!checked.ok) throw new AiInputError(checked.message)
  return checked.value
}

export function optionalString(body: Body, key: string): string | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new AiInputError(`${key} must be a string`)
  return value
}

/** A string that must be present and not blank. */
export function requiredText(body: Body, key: string): string {
  const value = optionalString(body, key)
  if (value === undefined || !value.trim()) throw new AiInputError(`${key} is required`)
  return value
}

export function optionalBoolean(body: Body, key: string): boolean | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw new AiInputError(`${key} must be true or false`)
  return value
}

export function optionalNumber(
  body: Body,
  key: string,
  range: { min: number; max: number; integer?: boolean },
): number | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  const kind = range.integer ? 'an integer' : 'a number'
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    (range.integer && !Number.isInteger(value))
  )
    throw new AiInputError(`${key} must be ${kind} from ${range.min} to ${range.max}`)
  if (value < range.min || value > range.max)
    throw new AiInputError(`${key} must be ${kind} from ${range.min} to ${range.max}`)
  return value
}

/** One of a fixed set of words, or the default when absent. */
export function oneOf<T extends string>(
  body: Body,
  key: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = optionalString(body, key)
  if (value === undefined) return fallback
  if (!(allowed as readonly string[]).includes(value))
    throw new AiInputError(`${key} must be one of: ${allowed.join(', ')}`)
  return value as T
}

/** Words are the mock's tokens: counts a caller can predict. */
export function countTokens(text: string): number {
  const words = text.trim().split(/\s+/)
  return words[0] === '' ? 0 : words.length
}
