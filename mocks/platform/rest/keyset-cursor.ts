import type { OrderTerm } from './request-query'
import { RestError } from './rest-error'
import { quoteIdent, type SqlBuilder } from './rest-sql'

/**
 * Keyset paging. A cursor is opaque to clients: base64url JSON of the last row's values for
 * the ORDER BY columns, which always end with `id` as a tiebreaker. The next page is the rows
 * strictly after that position, so pages stay stable while rows are inserted elsewhere
 * (unlike offset paging). Order columns must be non-null for cursor paging.
 */
export function withIdTiebreak(order: OrderTerm[], columns: ReadonlySet<string>): OrderTerm[] {
  if (!columns.has('id') || order.some((term) => term.column === 'id')) return order
  return [...order, { column: 'id', descending: false, nulls: null }]
}

export function encodeCursor(order: OrderTerm[], row: Record<string, unknown>): string | null {
  if (!order.every((term) => term.column in row)) return null
  const values = order.map((term) => {
    const value = row[term.column]
    return value instanceof Date ? value.toISOString() : value
  })
  if (values.some((value) => value === null || value === undefined)) return null
  return Buffer.from(JSON.stringify(values)).toString('base64url')
}

export function decodeCursor(cursor: string, order: OrderTerm[]): unknown[] {
  let values: unknown
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    values = undefined
  }
  if (
    !Array.isArray(values) ||
    values.length !== order.length ||
    values.some((value) => value === null || typeof value === 'object')
  ) {
    throw new RestError(
      400,
      'PGRST100',
      '"failed to parse cursor"',
      'A cursor is only valid with the order it was issued for',
      'Pass back the X-Next-Cursor of the previous page with the same order',
    )
  }
  return values
}

/** `(a > $1) or (a = $1 and b < $2) or …`, each column in its own direction. */
export function keysetCondition(order: OrderTerm[], values: unknown[], sql: SqlBuilder): string {
  const params = values.map((value) => sql.param(value))
  const alternatives = order.map((term, index) => {
    const equalBefore = order
      .slice(0, index)
      .map((previous, i) => `${quoteIdent(previous.column)} = ${params[i]}`)
    const beyond = `${quoteIdent(term.column)} ${term.descending ? '<' : '>'} ${params[index]}`
    return `(${[...equalBefore, beyond].join(' and ')})`
  })
  return `(${alternatives.join(' or ')})`
}
