import { columnForKey } from './body-columns'
import { type Filter, parseFilter } from './filter-syntax'
import { RestError } from './rest-error'

export interface OrderTerm {
  column: string
  descending: boolean
  nulls: 'first' | 'last' | null
}

/** Everything a REST request's query string says, validated against the table's columns. */
export interface RequestQuery {
  select: string[] | '*'
  filters: Filter[]
  order: OrderTerm[]
  limit: number | null
  offset: number
  /** Keyset position from a previous page (see keyset-cursor.ts). */
  cursor: string | null
  onConflict: string[] | null
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'cursor', 'on_conflict', 'columns'])

export const unknownColumn = (table: string, column: string) =>
  new RestError(400, '42703', `column ${table}.${column} does not exist`, null, null)

export function parseRequestQuery(
  params: URLSearchParams,
  table: string,
  columns: ReadonlySet<string>,
): RequestQuery {
  const known = (column: string) => {
    if (!columns.has(column)) throw unknownColumn(table, column)
    return column
  }
  const list = (value: string | null) =>
    (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)

  const select = params.get('select')
  const onConflict = params.get('on_conflict')
  return {
    select: !select || select.trim() === '*' ? '*' : list(select).map(known),
    filters: [...params]
      .filter(([key]) => !RESERVED.has(key))
      .map(([key, value]) => parseFilter(known(key), value)),
    order: list(params.get('order')).map((term) => parseOrder(term, known)),
    limit: parseCount(params.get('limit'), 'limit'),
    offset: parseCount(params.get('offset'), 'offset') ?? 0,
    cursor: params.get('cursor') || null,
    // The hosted SDK's upsert passes its onConflict as written, often in camelCase.
    onConflict: onConflict
      ? list(onConflict).map((name) => columnForKey(name, columns, true) ?? known(name))
      : null,
  }
}

function parseOrder(term: string, known: (column: string) => string): OrderTerm {
  const [column = '', ...modifiers] = term.split('.')
  const order: OrderTerm = { column: known(column), descending: false, nulls: null }
  for (const modifier of modifiers) {
    if (modifier === 'asc' || modifier === 'desc') order.descending = modifier === 'desc'
    else if (modifier === 'nullsfirst' || modifier === 'nullslast') {
      order.nulls = modifier === 'nullsfirst' ? 'first' : 'last'
    } else {
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse order (${term})"`,
        `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        null,
      )
    }
  }
  return order
}

function parseCount(value: string | null, name: 'limit' | 'offset'): number | null {
  if (value === null || value === '') return null
  if (!/^\d{1,9}$/.test(value)) {
    throw new RestError(
      400,
      'PGRST100',
      `"failed to parse ${name} (${value})"`,
      'expecting a non-negative integer',
      null,
    )
  }
  return Number(value)
}
