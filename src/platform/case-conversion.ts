/** `userApiKeys` → `user_api_keys`. Every capital becomes `_` + its lower case, so the way back is exact. */
export function toSnakeCase(str: string): string {
  return str.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

/** `user_api_keys` → `userApiKeys`. */
export function toCamelCase(str: string): string {
  return str.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

/** Only literal objects are re-keyed: a Date, Blob or class instance passes through untouched. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert))
  if (!isPlainObject(value)) return value
  const result: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value))
    result[convert(key)] = convertKeys(inner, convert)
  return result
}

/** Deep: request bodies go out in snake_case. */
export function keysToSnake<T = unknown>(value: unknown): T {
  return convertKeys(value, toSnakeCase) as T
}

/** Deep: response bodies come back in camelCase. */
export function keysToCamel<T = unknown>(value: unknown): T {
  return convertKeys(value, toCamelCase) as T
}

/** The database table behind an SDK table name: `aiModels` → `ai_models`. */
export function tableName(camel: string): string {
  return toSnakeCase(camel)
}
