import { isPlainObject } from '../http/json-error'
import { AiInputError } from './ai-input'
import { stableFraction, stableHash } from './stable-hash'

type Schema = Record<string, unknown>

const MAX_DEPTH = 12
const FIXED_DATE = '2024-01-01T00:00:00.000Z'

/**
 * A value that validates against a JSON schema, derived only from the schema and the prompt:
 * strings come from the prompt, numbers from a hash, arrays hold one item (or minItems).
 * Covers type, enum, const, object, array (items/prefixItems), string formats and lengths,
 * number ranges and multipleOf, anyOf/oneOf (first), allOf (merged) and local $refs.
 * `pattern` is not honoured: no general way to satisfy a regex.
 */
export function instanceOf(root: Schema, prompt: string): unknown {
  const seed = prompt.replace(/\s+/g, ' ').trim()

  function resolve(schema: Schema): Schema {
    const ref = schema.$ref
    if (typeof ref !== 'string') return schema
    if (ref === '#') return root
    const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(ref)
    const target = match
      ? (root[match[1]!] as Record<string, unknown> | undefined)?.[match[2]!]
      : undefined
    if (!isPlainObject(target)) throw new AiInputError(`schema $ref ${ref} cannot be resolved`)
    return target
  }

  function merged(all: unknown[], base: Schema): Schema {
    const result: Schema = { ...base, allOf: undefined }
    for (const part of all) {
      if (!isPlainObject(part)) continue
      const p = resolve(part)
      Object.assign(result, p, {
        properties: { ...(result.properties as Schema), ...(p.properties as Schema) },
        required: [...((result.required as unknown[]) ?? []), ...((p.required as unknown[]) ?? [])],
      })
    }
    return result
  }

  function typeOf(schema: Schema): string {
    const type = schema.type
    if (typeof type === 'string') return type
    if (Array.isArray(type)) return (type.find((t) => t !== 'null') ?? 'null') as string
    if (isPlainObject(schema.properties)) return 'object'
    if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array'
    return 'string'
  }

  function value(raw: unknown, path: string, depth: number): unknown {
    if (depth > MAX_DEPTH) throw new AiInputError('schema is nested too deeply')
    if (raw === true || raw === undefined) return seed
    if (!isPlainObject(raw)) throw new AiInputError(`schema at ${path || '/'} must be an object`)
    let schema = resolve(raw)
    if (Array.isArray(schema.allOf)) schema = merged(schema.allOf, schema)
    if ('const' in schema) return schema.const
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return pickEnum(schema.enum, seed)
    const choices = (schema.anyOf ?? schema.oneOf) as unknown
    if (Array.isArray(choices) && choices.length > 0) {
      const { anyOf: _a, oneOf: _o, ...rest } = schema
      const first = isPlainObject(choices[0]) ? resolve(choices[0]) : {}
      return value({ ...rest, ...first }, path, depth + 1)
    }
    switch (typeOf(schema)) {
      case 'object':
        return objectValue(schema, path, depth)
      case 'array':
        return arrayValue(schema, path, depth)
      case 'integer':
        return numberValue(schema, path, true)
      case 'number':
        return numberValue(schema, path, false)
      case 'boolean':
        return stableFraction(seed, path) < 0.5
      case 'null':
        return null
      default:
        return stringValue(schema, path)
    }
  }

  function objectValue(schema: Schema, path: string, depth: number) {
    const properties = isPlainObject(schema.properties) ? schema.properties : {}
    const result: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(properties))
      result[key] = value(inner, `${path}/${key}`, depth + 1)
    return result
  }

  function arrayValue(schema: Schema, path: string, depth: number) {
    const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : undefined
    const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0
    const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity
    const count = Math.min(Math.max(minItems, tuple ? tuple.length : 1), maxItems)
    return Array.from({ length: count }, (_, i) =>
      value(tuple?.[i] ?? schema.items, `${path}/${i}`, depth + 1),
    )
  }

  function stringValue(schema: Schema, path: string): string {
    const format = typeof schema.format === 'string' ? schema.format : ''
    let text = formatted(format, seed, path) ?? (seed || 'text')
    const chars = [...text]
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity
    if (chars.length > max) text = chars.slice(0, max).join('')
    if (chars.length < min) text += '.'.repeat(min - chars.length)
    return text
  }

  function numberValue(schema: Schema, path: string, integer: boolean): number {
    const num = (key: string) =>
      typeof schema[key] === 'number' ? (schema[key] as number) : undefined
    const step = num('multipleOf') ?? (integer ? 1 : undefined)
    let lo = num('minimum')
    let hi = num('maximum')
    const exLo = num('exclusiveMinimum')
    const exHi = num('exclusiveMaximum')
    if (exLo !== undefined) lo = Math.max(lo ?? -Infinity, exLo + (step ?? 1e-6))
    if (exHi !== undefined) hi = Math.min(hi ?? Infinity, exHi - (step ?? 1e-6))
    const from = lo ?? (hi !== undefined ? Math.min(0, hi - 100) : 0)
    const to = hi ?? from + 100
    let n = from + stableFraction(seed, path) * (to - from)
    if (step !== undefined) {
      n = Math.floor(n / step) * step
      if (n < from) n += step
      if (integer) n = Math.round(n)
    } else if (!integer) {
      n = Math.round(n * 100) / 100
    }
    return Math.min(Math.max(n, from), to)
  }

  return value(root, '', 0)
}

/** The enum value the prompt names (case-insensitive), else one chosen by the prompt's hash. */
export function pickEnum(choices: readonly unknown[], prompt: string): unknown {
  const lower = prompt.toLowerCase()
  const named = choices.find((c) => typeof c === 'string' && c && lower.includes(c.toLowerCase()))
  if (named !== undefined) return named
  return choices[Math.floor(stableFraction(prompt) * choices.length)]
}

function formatted(format: string, seed: string, path: string): string | undefined {
  const hex = stableHash(seed, path)
  switch (format) {
    case 'email':
      return `user-${hex.slice(0, 8)}@example.com`
    case 'date-time':
      return FIXED_DATE
    case 'date':
      return FIXED_DATE.slice(0, 10)
    case 'time':
      return '00:00:00Z'
    case 'uri':
    case 'url':
      return `https://example.com/${hex.slice(0, 12)}`
    case 'uuid':
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
    case 'hostname':
      return 'example.com'
    case 'ipv4':
      return '192.0.2.1'
    default:
      return undefined
  }
}
