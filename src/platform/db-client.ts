import { encodeFilterValue } from '../../contract/filter-value'
import { tableName, toSnakeCase } from './case-conversion'
import { createSqlClient, type SqlClient } from './db-sql-client'
import { PlatformError, ValidationError } from './errors'
import type { HttpClient } from './http-client'
import { createRecordId } from './record-id'

export type FilterScalar = string | number | boolean | Date | null

/** The PostgREST operators the platform accepts (docs/product/calls.md#platform-calls). */
export interface FilterOperators {
  eq?: FilterScalar
  neq?: FilterScalar
  gt?: FilterScalar
  gte?: FilterScalar
  lt?: FilterScalar
  lte?: FilterScalar
  like?: string
  ilike?: string
  is?: boolean | null
  not?: FilterScalar
  in?: readonly FilterScalar[]
  not_in?: readonly FilterScalar[]
}

/** `{ col: value }` is equality; `{ col: { gte: a, lt: b } }` sends one parameter per operator. */
export type Where = Record<string, FilterScalar | FilterOperators | undefined>

export type SortDirection = 'asc' | 'desc'
export type OrderBy = Record<string, SortDirection> | ReadonlyArray<Record<string, SortDirection>>

export interface ListOptions {
  where?: Where
  orderBy?: OrderBy
  limit?: number
  offset?: number
  /** Keyset position: the `nextCursor` of the previous page, with the same where and order. */
  cursor?: string
  /** Column names in camelCase, or a raw PostgREST select; default `*`. */
  select?: readonly string[] | string
}

type Params = Array<[string, string]>

/**
 * A value as it appears in a filter: booleans as 1/0 (docs/wire-contract.md), dates as ISO
 * strings. A value the platform would read as percent-encoded (`a%20b`, which is how the hosted
 * SDK sends `a b`) is encoded once more, so it arrives as written (`encodeFilterValue`).
 */
function formatValue(value: FilterScalar): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? '1' : '0'
  return encodeFilterValue(value instanceof Date ? value.toISOString() : String(value))
}

/** PostgREST list item: quoted when it holds a delimiter, with `"` and `\` escaped. */
function formatListItem(value: FilterScalar): string {
  const text = formatValue(value)
  if (text === '' || /[,()"\s]/.test(text)) return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`
  return text
}

function formatList(values: readonly FilterScalar[]): string {
  return `(${values.map(formatListItem).join(',')})`
}

function isOperators(value: unknown): value is FilterOperators {
  return value !== null && typeof value === 'object' && !(value instanceof Date)
}

function filterExpression(operator: string, value: unknown): string {
  switch (operator) {
    case 'eq':
      return value === null ? 'is.null' : `eq.${formatValue(value as FilterScalar)}`
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
    case 'like':
    case 'ilike':
      return `${operator}.${formatValue(value as FilterScalar)}`
    case 'is':
      // PostgREST's `is` takes the literals null/true/false, never 1/0.
      return `is.${value === null ? 'null' : String(value)}`
    case 'not':
      return value === null ? 'not.is.null' : `not.eq.${formatValue(value as FilterScalar)}`
    case 'in':
      return `in.${formatList(value as FilterScalar[])}`
    case 'not_in':
      return `not.in.${formatList(value as FilterScalar[])}`
    default:
      throw new ValidationError(`Unsupported filter operator: ${operator}`)
  }
}

/** The query parameters of a where clause, column names in snake_case. */
export function whereToParams(where: Where | undefined): Params {
  const params: Params = []
  for (const [column, condition] of Object.entries(where ?? {})) {
    if (condition === undefined) continue
    const key = toSnakeCase(column)
    if (!isOperators(condition)) {
      params.push([key, filterExpression('eq', condition)])
      continue
    }
    for (const [operator, value] of Object.entries(condition)) {
      if (value !== undefined) params.push([key, filterExpression(operator, value)])
    }
  }
  return params
}

/** `{ createdAt: 'desc' }` or `[{ a: 'asc' }, { b: 'desc' }]` → `created_at.desc` / `a.asc,b.desc`. */
export function orderToParam(orderBy: OrderBy): string {
  const entries = (Array.isArray(orderBy) ? orderBy : [orderBy]) as Array<
    Record<string, SortDirection>
  >
  return entries
    .flatMap((entry) => Object.entries(entry))
    .map(([column, direction]) => `${toSnakeCase(column)}.${direction}`)
    .join(',')
}

export function selectToParam(select: ListOptions['select']): string {
  if (select === undefined) return '*'
  if (typeof select === 'string') return select
  return select.length ? select.map(toSnakeCase).join(',') : '*'
}

export function listToParams(options: ListOptions = {}): Params {
  const params: Params = [['select', selectToParam(options.select)]]
  params.push(...whereToParams(options.where))
  if (options.orderBy) params.push(['order', orderToParam(options.orderBy)])
  if (options.limit !== undefined) params.push(['limit', String(options.limit)])
  if (options.offset !== undefined) params.push(['offset', String(options.offset)])
  if (options.cursor !== undefined) params.push(['cursor', options.cursor])
  return params
}

/** `Content-Range: 0-9/42` → 42; `*` or no header → null. */
export function totalFromContentRange(header: string | null): number | null {
  const total = header?.split('/')[1]?.trim()
  if (!total || total === '*') return null
  const count = Number(total)
  return Number.isFinite(count) ? count : null
}

const RETURN_REPRESENTATION = 'return=representation'
const UPSERT_PREFERENCE = 'return=representation,resolution=merge-duplicates'

/** One page of a keyset-paged list; `nextCursor` is null on the last page. */
export interface Page<Row> {
  rows: Row[]
  nextCursor: string | null
}

export interface UpsertOptions {
  /** The columns a conflict is on (camelCase, comma-separated); the primary key by default. */
  onConflict?: string
  /** Let the write outlive the page: a save on `pagehide`. */
  keepalive?: boolean
}

export interface TableClient<Row extends object> {
  list(options?: ListOptions): Promise<Row[]>
  /** Like list, but also returns where the next page starts (needs `limit`). */
  page(options: ListOptions & { limit: number }): Promise<Page<Row>>
  count(options?: { where?: Where }): Promise<number | null>
  create(record: Partial<Row>): Promise<Row>
  createMany(records: ReadonlyArray<Partial<Row>>): Promise<Row[]>
  upsert(record: Partial<Row>, options?: UpsertOptions): Promise<Row>
  upsert(records: ReadonlyArray<Partial<Row>>, options?: UpsertOptions): Promise<Row[]>
  update(id: string, patch: Partial<Row>): Promise<Row>
  delete(id: string): Promise<void>
  deleteMany(options: { where: Where }): Promise<void>
}

export interface DbClient extends SqlClient {
  table<Row extends object = Record<string, unknown>>(name: string): TableClient<Row>
}

function withId<T extends object>(record: T): T {
  const id = (record as { id?: unknown }).id
  return id === undefined || id === null ? { ...record, id: createRecordId() } : record
}

function rowsOf<Row>(data: unknown): Row[] {
  if (Array.isArray(data)) return data as Row[]
  return data === null || data === undefined ? [] : [data as Row]
}

function firstRow<Row>(data: unknown, table: string): Row {
  const [row] = rowsOf<Row>(data)
  if (!row) {
    throw new PlatformError(`No record returned from ${table}`, {
      code: 'EMPTY_RESPONSE',
      details: data,
    })
  }
  return row
}

/** The PostgREST-style database of one project (docs/product/calls.md#platform-calls, docs/wire-contract.md). */
export function createDbClient(http: HttpClient, projectId: string): DbClient {
  const base = `/api/db/${encodeURIComponent(projectId)}`
  return {
    ...createSqlClient(http, base),

    table<Row extends object = Record<string, unknown>>(name: string): TableClient<Row> {
      const path = `/api/db/${encodeURIComponent(projectId)}/rest/v1/${tableName(name)}`
      const byId = (id: string): Params => [['id', `eq.${id}`]]

      async function insert(
        body: unknown,
        query: Params,
        prefer: string,
        keepalive?: boolean,
      ): Promise<unknown> {
        const { data } = await http.request(path, {
          method: 'POST',
          query,
          body,
          headers: { Prefer: prefer },
          keepalive,
        })
        return data
      }

      async function upsert(
        input: Partial<Row> | ReadonlyArray<Partial<Row>>,
        options: UpsertOptions = {},
      ): Promise<Row | Row[]> {
        // A generated id would overwrite the key of the row it merges into on another column.
        const conflictOnId = !options.onConflict || options.onConflict === 'id'
        const prepare = (record: Partial<Row>) => (conflictOnId ? withId(record) : record)
        const query: Params = options.onConflict
          ? [['on_conflict', toSnakeCase(options.onConflict)]]
          : []
        if (Array.isArray(input)) {
          const rows = input.map(prepare)
          return rowsOf<Row>(await insert(rows, query, UPSERT_PREFERENCE, options.keepalive))
        }
        const row = prepare(input as Partial<Row>)
        const data = await insert(row, query, UPSERT_PREFERENCE, options.keepalive)
        return firstRow<Row>(data, name)
      }

      return {
        async list(options) {
          const { data } = await http.request(path, { query: listToParams(options) })
          return rowsOf<Row>(data)
        },

        async page(options) {
          const { data, headers } = await http.request(path, { query: listToParams(options) })
          return { rows: rowsOf<Row>(data), nextCursor: headers.get('X-Next-Cursor') }
        },

        async count(options = {}) {
          const { headers } = await http.request(path, {
            query: [...whereToParams(options.where), ['limit', '0']],
            headers: { Prefer: 'count=exact' },
          })
          return totalFromContentRange(headers.get('Content-Range'))
        },

        async create(record) {
          return firstRow<Row>(await insert(withId(record), [], RETURN_REPRESENTATION), name)
        },

        async createMany(records) {
          return rowsOf<Row>(await insert(records.map(withId), [], RETURN_REPRESENTATION))
        },

        upsert: upsert as TableClient<Row>['upsert'],

        async update(id, patch) {
          const { data } = await http.request(path, {
            method: 'PATCH',
            query: byId(id),
            body: patch,
            headers: { Prefer: RETURN_REPRESENTATION },
          })
          const [row] = rowsOf<Row>(data)
          if (!row) {
            throw new PlatformError('Record with id not found', { code: 'NOT_FOUND', status: 404 })
          }
          return row
        },

        async delete(id) {
          await http.request(path, { method: 'DELETE', query: byId(id) })
        },

        async deleteMany({ where }) {
          const filters = whereToParams(where)
          // An empty filter would empty the table: refuse it rather than guess.
          if (!filters.length) throw new ValidationError('deleteMany needs a where filter')
          await http.request(path, { method: 'DELETE', query: filters })
        },
      }
    },
  }
}
