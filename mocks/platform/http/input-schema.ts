import * as v from 'valibot'

/**
 * Valibot building blocks for what every API checks at its boundary before a value reaches
 * PostgreSQL, and one way to word the first problem found.
 *
 * Messages: one that starts lower-case ("must be a string") is a predicate, and `problemOf`
 * puts the field's path in front ("events[0].type must be a string"); one that starts
 * upper-case is a whole sentence and is sent as it is.
 */

export const NUL_MESSAGE = 'must not contain NUL characters'
export const SURROGATE_MESSAGE = 'must not contain unpaired UTF-16 surrogates'
export const MAX_JSON_DEPTH = 64
/** Any request body: far below what would overflow a recursive walk (about 10 000). */
export const MAX_BODY_DEPTH = 256
export const DEPTH_MESSAGE = `must not be nested more than ${MAX_JSON_DEPTH} levels deep`
/** Said in every date's message: what timestamptz takes, simplified (see below). */
export const DATE_RANGE = 'from the year 1 to 9999'

// PostgreSQL's timestamptz spans 4713 BC to 294276 AD; years 1 to 9999 keep the ISO 8601
// form (four-digit years) that both sides read alike.
const EARLIEST_MS = Date.parse('0001-01-01T00:00:00.000Z')
const LATEST_MS = Date.parse('9999-12-31T23:59:59.999Z')

// A surrogate not part of a pair: in `u` mode a pair is one code point, so only lone ones match.
const LONE_SURROGATE = /\p{Surrogate}/u

/** What PostgreSQL's text refuses (NUL) or its jsonb refuses (NUL, lone surrogates), or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE
  return null
}

/** A pipe action: the string can be stored in a text or jsonb column. */
export function storableText() {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    const problem = dataset.typed ? textProblem(dataset.value) : null
    if (problem) addIssue({ message: problem })
  })
}

type Key = string | number
type Found = { path: Key[]; message: string }

/**
 * The first problem in a JSON value, walked without recursion (a body nested 100 000 deep
 * parses, but would overflow the stack of JSON.stringify): too deep, or, when `text` is set,
 * a string or key that PostgreSQL's jsonb refuses.
 */
function jsonProblem(
  value: unknown,
  text: boolean,
  depthMessage: string,
  maxDepth = MAX_JSON_DEPTH,
): Found | null {
  const stack: Array<{ value: unknown; path: Key[] }> = [{ value, path: [] }]
  while (stack.length) {
    const { value: item, path } = stack.pop()!
    if (typeof item === 'string') {
      const problem = text ? textProblem(item) : null
      if (problem) return { path, message: problem }
      continue
    }
    if (typeof item !== 'object' || item === null) continue
    if (path.length >= maxDepth) return { path: [], message: depthMessage }
    const entries: Array<[Key, unknown]> = Array.isArray(item)
      ? item.map((element, index) => [index, element])
      : Object.entries(item)
    // Reversed onto the stack, so the first problem in document order is found first.
    for (const [key, element] of entries.reverse()) {
      const problem = text && typeof key === 'string' ? textProblem(key) : null
      if (problem) return { path, message: `keys ${problem}` }
      stack.push({ value: element, path: [...path, key] })
    }
  }
  return null
}

/**
 * Whether a whole parsed body nests deeper than `MAX_BODY_DEPTH` (checked without recursion).
 * Looser than a field's limit, so a field's own check can still name the field.
 */
export function tooDeep(value: unknown): boolean {
  return jsonProblem(value, false, DEPTH_MESSAGE, MAX_BODY_DEPTH) !== null
}

function pathItems(
  root: unknown,
  keys: Key[],
): [v.IssuePathItem, ...v.IssuePathItem[]] | undefined {
  let input = root
  const items: v.IssuePathItem[] = keys.map((key) => {
    const parent = input as Record<Key, unknown>
    input = parent[key]
    return typeof key === 'number'
      ? { type: 'array', origin: 'value', input: parent as unknown as unknown[], key, value: input }
      : { type: 'object', origin: 'value', input: parent, key, value: input }
  })
  return items.length ? (items as [v.IssuePathItem, ...v.IssuePathItem[]]) : undefined
}

function jsonCheck<T>(text: boolean, depthMessage: string) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const found = dataset.typed ? jsonProblem(dataset.value, text, depthMessage) : null
    if (found) addIssue({ message: found.message, path: pathItems(dataset.value, found.path) })
  })
}

/** A pipe action for JSON kept as `jsonb`: not too deep, every string and key storable. */
export const storableJsonb = <T>() => jsonCheck<T>(true, DEPTH_MESSAGE)

/**
 * A pipe action for JSON kept as `json` or in memory (any text is fine): not too deep.
 * `depthMessage` words it for a value with no field name (a whole body).
 */
export const boundedJson = <T>(depthMessage = DEPTH_MESSAGE) => jsonCheck<T>(false, depthMessage)

/** A plain JSON object (not an array, not null). */
export const plainObject = (message: string) =>
  v.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    message,
  )

/**
 * A loose object schema whose missing keys are reported like wrong values, with the message
 * of the key's own schema: `{}` and `{type: 1}` both say "type must be a string".
 */
export function fields<const Entries extends v.ObjectEntries>(entries: Entries, message: string) {
  return v.pipe(
    plainObject(message),
    v.looseObject(entries, (issue) => {
      const key = issue.path?.at(-1)?.key
      const own = typeof key === 'string' ? (entries[key] as { message?: unknown }) : undefined
      return typeof own?.message === 'string' ? own.message : message
    }),
  )
}

/**
 * A date from text: ISO 8601 (what `Date.parse` reads), or epoch milliseconds when
 * `epochDigits` and the text is all digits. Invalid Date when it is neither.
 */
export function dateOf(text: string, options: { epochDigits?: boolean } = {}): Date {
  return options.epochDigits && /^\d+$/.test(text) ? new Date(Number(text)) : new Date(text)
}

/** A valid date within what timestamptz stores in ISO form (false for an Invalid Date). */
export const inTimestampRange = (date: Date) =>
  date.getTime() >= EARLIEST_MS && date.getTime() <= LATEST_MS

/**
 * A date string bound for a timestamptz column, as a Date. `message` says both rules (a date,
 * in range): JS itself cannot read some years PostgreSQL can, so the two blur anyway.
 */
export function timestampText(message: string, options: { epochDigits?: boolean } = {}) {
  return v.pipe(
    v.string(message),
    v.transform((text) => dateOf(text, options)),
    v.check(inTimestampRange, message),
  )
}

function pathText(path: readonly v.IssuePathItem[] | undefined): string {
  let text = ''
  for (const item of path ?? []) {
    const key = item.key
    if (typeof key === 'number') text += `[${key}]`
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key))
      text += text ? `.${key}` : key
    // JSON-quoted: a key that is itself bad input (NUL, quotes) reads safely in the message.
    else text += `[${JSON.stringify(String(key))}]`
  }
  return text
}

/** The message of the first issue, worded as the header comment says. */
export function problemOf(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]
  if (!issue) return 'Invalid request'
  const path = pathText(issue.path)
  return path && /^[a-z]/.test(issue.message) ? `${path} ${issue.message}` : issue.message
}

/** Parses `input`, stopping at the first problem: the output, or that problem's message. */
export function validate<const Schema extends v.GenericSchema>(
  schema: Schema,
  input: unknown,
): { ok: true; value: v.InferOutput<Schema> } | { ok: false; message: string } {
  const result = v.safeParse(schema, input, { abortEarly: true })
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, message: problemOf(result.issues) }
}
