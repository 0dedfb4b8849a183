import type { Filter } from './filter-syntax'
import type { OrderTerm, RequestQuery } from './request-query'
import { sqlLiteral } from './request-role'
import { RestError } from './rest-error'

/**
 * Builds SQL from validated columns (quoted identifiers) and values: `$n` parameters, or with
 * `inline` quoted literals (`sqlValue`), for statements sent as one script with the role switch.
 */
export class SqlBuilder {
  readonly params: unknown[] = []

  constructor(private readonly inline = false) {}

  param(value: unknown): string {
    if (this.inline) return sqlValue(value)
    this.params.push(value)
    return `$${this.params.length}`
  }
}

/**
 * A value as an untyped SQL literal, which the server coerces to the column's type exactly as
 * it does an untyped text parameter (node-postgres sends every parameter that way). Strings
 * go through `sqlLiteral` (quotes doubled; standard_conforming_strings is on, and the request
 * roles cannot change settings).
 */
export function sqlValue(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  let text: string
  if (typeof value === 'string') text = value
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    text = String(value)
  else text = JSON.stringify(value)
  // What the database answers for a NUL in a text parameter.
  if (text.includes('\0')) {
    throw new RestError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00')
  }
  return sqlLiteral(text)
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

const COMPARISON = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const

function filterSql(filter: Filter, sql: SqlBuilder): string {
  const column = quoteIdent(filter.column)
  let condition: string
  switch (filter.op) {
    case 'in':
      condition = filter.value.length
        ? `${column} in (${filter.value.map((v) => sql.param(v)).join(', ')})`
        : 'false'
      break
    case 'is':
      condition = `${column} is ${filter.value}`
      break
    case 'like':
    case 'ilike':
      // PostgREST lets `*` stand for `%`, which is awkward to put in a URL.
      condition = `${column}::text ${filter.op} ${sql.param(filter.value.replace(/\*/g, '%'))}`
      break
    default:
      condition = `${column} ${COMPARISON[filter.op]} ${sql.param(filter.value)}`
  }
  return filter.negated ? `not (${condition})` : condition
}

export function whereSql(filters: Filter[], sql: SqlBuilder): string {
  return filters.length ? ` where ${filters.map((f) => filterSql(f, sql)).join(' and ')}` : ''
}

function orderSql(order: OrderTerm[]): string {
  if (!order.length) return ''
  const terms = order.map(
    (term) =>
      `${quoteIdent(term.column)} ${term.descending ? 'desc' : 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`,
  )
  return ` order by ${terms.join(', ')}`
}

export function selectList(select: RequestQuery['select']): string {
  return select === '*' ? '*' : select.map(quoteIdent).join(', ')
}

/** `extra` adds a raw condition (the keyset position) to the filters. */
export function selectSql(
  table: string,
  query: RequestQuery,
  sql: SqlBuilder,
  extra?: (sql: SqlBuilder) => string,
): string {
  let where = whereSql(query.filters, sql)
  if (extra) where = `${where ? `${where} and` : ' where'} ${extra(sql)}`
  const limit = query.limit === null ? '' : ` limit ${sql.param(query.limit)}`
  const offset = query.offset ? ` offset ${sql.param(query.offset)}` : ''
  return `select ${selectList(query.select)} from ${quoteIdent(table)}${where}${orderSql(query.order)}${limit}${offset}`
}

export function countSql(table: string, query: RequestQuery, sql: SqlBuilder): string {
  return `select count(*)::int as total from ${quoteIdent(table)}${whereSql(query.filters, sql)}`
}
