import { decodeFilterValue } from '../../../contract/filter-value'
import { RestError } from './rest-error'

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
  'in',
] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

export type Filter =
  | { column: string; negated: boolean; op: Exclude<FilterOperator, 'in' | 'is'>; value: string }
  | { column: string; negated: boolean; op: 'in'; value: string[] }
  | { column: string; negated: boolean; op: 'is'; value: 'null' | 'true' | 'false' | 'unknown' }

const isOperator = (word: string): word is FilterOperator =>
  (FILTER_OPERATORS as readonly string[]).includes(word)

const parseError = (raw: string, details: string) =>
  new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, details, null)

/**
 * One `column=<expression>` query parameter, in PostgREST syntax: `op.value`, `not.op.value`,
 * `in.(a,"b,c")`, `is.null`. Also what the hosted platform's SDK sends: `not.<value>` (neq),
 * `not_in.(…)`, `is.1`/`is.0` (true/false) and values encoded twice (`decodeFilterValue`).
 */
export function parseFilter(column: string, expression: string): Filter {
  let rest = expression
  let negated = false
  if (rest.startsWith('not.')) {
    negated = true
    rest = rest.slice(4)
  }
  if (rest.startsWith('not_in.')) {
    negated = !negated
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  const word = dot === -1 ? rest : rest.slice(0, dot)
  if (!isOperator(word)) {
    // `not.<value>` without an operator is the hosted SDK's way of writing neq.
    if (negated && !expression.startsWith('not_in.')) {
      return { column, negated: false, op: 'neq', value: decodeFilterValue(rest) }
    }
    throw parseError(
      expression,
      `unexpected "${word}" expecting an operator (${FILTER_OPERATORS.join(', ')})`,
    )
  }
  if (dot === -1)
    throw parseError(expression, `unexpected end of input expecting "." after "${word}"`)
  const operand = rest.slice(dot + 1)
  if (word === 'in') {
    const items = parseList(expression, operand).map(decodeFilterValue)
    return { column, negated, op: 'in', value: items }
  }
  if (word === 'is') {
    // The hosted SDK writes booleans as 1 and 0, `is` included.
    const value = operand === '1' ? 'true' : operand === '0' ? 'false' : operand.toLowerCase()
    if (value !== 'null' && value !== 'true' && value !== 'false' && value !== 'unknown') {
      throw parseError(expression, 'unexpected value expecting null, true, false or unknown')
    }
    return { column, negated, op: 'is', value }
  }
  return { column, negated, op: word, value: decodeFilterValue(operand) }
}

/** `(a,b,"c,d","e \"quoted\"")`: PostgREST's list, with double quotes and backslash escapes. */
export function parseList(raw: string, operand: string): string[] {
  if (!operand.startsWith('(') || !operand.endsWith(')')) {
    throw parseError(raw, 'unexpected value expecting a list in parentheses, like (a,b)')
  }
  const body = operand.slice(1, -1)
  if (body === '') return []
  const items: string[] = []
  let current = ''
  let quoted = false
  let wasQuoted = false
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!
    if (quoted) {
      if (ch === '\\' && i + 1 < body.length) current += body[++i]
      else if (ch === '"') quoted = false
      else current += ch
    } else if (ch === '"' && current === '') {
      quoted = true
      wasQuoted = true
    } else if (ch === ',') {
      items.push(current)
      current = ''
      wasQuoted = false
    } else {
      if (wasQuoted) throw parseError(raw, 'unexpected character after a closing quote')
      current += ch
    }
  }
  if (quoted) throw parseError(raw, 'unexpected end of input expecting a closing quote')
  items.push(current)
  return items
}
