import { isPlainObject } from '../http/json-error'
import { RestError } from './rest-error'

type Row = Record<string, unknown>

/** The hosted SDK's own spelling rule: every capital becomes `_` and its lowercase. */
const camelToSnake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
/** Its inverse for answers: `_x` becomes `X` (the hosted SDK's snakeToCamel). */
const snakeToCamel = (key: string) =>
  key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())

/**
 * The column a body key names: the key itself when it is a column, else (a POST body, as the
 * hosted SDK's upsert sends it) its snake_case spelling when that is a column. Null: none.
 */
export function columnForKey(
  key: string,
  columns: ReadonlySet<string>,
  camelCase: boolean,
): string | null {
  if (columns.has(key)) return key
  if (!camelCase) return null
  const snake = camelToSnake(key)
  return snake !== key && columns.has(snake) ? snake : null
}

export interface BodyRows {
  rows: Row[]
  /** Some key was a camelCase spelling: the caller reads the answer in camelCase too. */
  camelCase: boolean
}

/**
 * The body's records, every key mapped to exactly one real column and no two keys to the same
 * one; objects and arrays are stored as JSON text. POST bodies (`camelCase`) may spell a column
 * in camelCase (`userId` for `user_id`); an exact column name always wins. A key that names no
 * column, or two keys naming one column, is a 400 and writes nothing.
 */
export function bodyRows(
  body: unknown,
  table: string,
  columns: ReadonlySet<string>,
  mode: 'insert' | 'update',
): BodyRows {
  const records = Array.isArray(body) && mode === 'insert' ? body : [body]
  if (records.length === 0 || !records.every(isPlainObject)) {
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      null,
      'Send a JSON object or array of objects',
    )
  }
  const camelKeys = mode === 'insert'
  let camelCase = false
  const rows = records.map((record) => {
    const row: Row = {}
    const namedBy = new Map<string, string>()
    for (const [key, value] of Object.entries(record)) {
      const column = columnForKey(key, columns, camelKeys)
      if (column === null) {
        throw new RestError(
          400,
          'PGRST204',
          `Could not find the '${key}' column of '${table}' in the schema cache`,
          null,
          camelKeys ? 'Columns are named in snake_case (camelCase keys are read as such)' : null,
        )
      }
      const earlier = namedBy.get(column)
      if (earlier !== undefined) {
        throw new RestError(
          400,
          'PGRST204',
          `Both '${earlier}' and '${key}' name the column '${column}' of '${table}'`,
          null,
          'Name each column once',
        )
      }
      namedBy.set(column, key)
      if (column !== key) camelCase = true
      row[column] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value
    }
    return row
  })
  return { rows, camelCase }
}

/** A returned row's column names in camelCase (top level only; JSON values stay as stored). */
export function camelCaseRow(row: Row): Row {
  const out: Row = {}
  for (const [key, value] of Object.entries(row)) {
    const camel = snakeToCamel(key)
    // A table with both `user_id` and `userId` keeps the snake_case name rather than lose one.
    out[camel !== key && Object.hasOwn(row, camel) ? key : camel] = value
  }
  return out
}
