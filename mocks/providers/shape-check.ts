/** Small checks the fakes use to name the first thing wrong with a request body. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The first key of `value` that is not in `allowed`. */
export function extraKey(value: Record<string, unknown>, allowed: readonly string[]) {
  return Object.keys(value).find((key) => !allowed.includes(key))
}

/** The first of `required` that `value` lacks. */
export function missingKey(value: Record<string, unknown>, required: readonly string[]) {
  return required.find((key) => !(key in value))
}

/** `Invalid 'path': expected …, got …`, the one wording every fake uses for a wrong value. */
export function invalid(path: string, expected: string, got: unknown): string {
  return `Invalid '${path}': expected ${expected}, got ${JSON.stringify(got) ?? 'undefined'}`
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}
