import { Hono } from 'hono'
import type { AccessTokens } from '../auth/access-token'
import { callerOf } from '../auth/caller'
import { bindingColumns } from '../crypto/seal-binding'
import { jsonResponse } from '../http/json-error'
import type { SqlStore } from '../store/sql-store'
import { bodyRows, camelCaseRow } from './body-columns'
import type { ColumnCrypto } from './encrypted-columns'
import { readRestBody } from './json-body'
import { decodeCursor, encodeCursor, keysetCondition, withIdTiebreak } from './keyset-cursor'
import { type Preferences, parsePrefer } from './prefer-header'
import { type OrderTerm, parseRequestQuery, type RequestQuery } from './request-query'
import { type RequestRole, scriptAsRequestRole } from './request-role'
import { RestError, restErrorResponse } from './rest-error'
import { countSql, quoteIdent, SqlBuilder, selectList, selectSql, whereSql } from './rest-sql'
import { sqlApi } from './sql-api'
import type { TableCatalog } from './table-catalog'

type Row = Record<string, unknown>

export interface RestDeps {
  store: SqlStore
  catalog: TableCatalog
  accessTokens: AccessTokens
  crypto: ColumnCrypto
  projectId: string
  now: () => Date
  log: (line: string) => void
}

/**
 * `/api/db/{projectId}/rest/v1/{table}`: a PostgREST-compatible table API. Every statement
 * runs under the caller's role, so the tables' row-level security decides what they see.
 */
export function restApi(deps: RestDeps) {
  const api = new Hono()
  api.route('/', sqlApi(deps))
  api.all('/:projectId/rest/v1/:table', async (c) => {
    let role: RequestRole['role'] = 'anon'
    try {
      if (c.req.param('projectId') !== deps.projectId) {
        throw new RestError(
          404,
          'PGRST125',
          'Invalid path specified in request URL',
          `Unknown project '${c.req.param('projectId')}'`,
        )
      }
      const caller = await callerOf(c.req.raw, deps.accessTokens)
      role = caller.role
      const table = c.req.param('table')
      const { columns, sealed, primaryKey } = await deps.catalog.table(table)
      const asked = parseRequestQuery(new URL(c.req.url).searchParams, table, columns)
      const { query, hidden } = withSealBinding(asked, sealed, bindingColumns(primaryKey, columns))
      const prefer = parsePrefer(c.req.header('prefer') ?? null)
      const context: Context = {
        ...deps,
        caller,
        table,
        columns,
        sealed,
        primaryKey,
        query,
        hidden,
        prefer,
      }
      switch (c.req.method) {
        case 'GET':
          return await readRows(context)
        case 'HEAD':
          return await countRows(context)
        case 'POST': {
          const body = bodyRows(await readRestBody(c), table, columns, 'insert')
          // Written with camelCase keys (the hosted SDK's upsert): read back the same way.
          if (body.camelCase) context.camelCaseAnswer = true
          return await insertRows(context, body.rows)
        }
        case 'PATCH': {
          const [patch] = bodyRows(await readRestBody(c), table, columns, 'update').rows
          return await updateRows(context, patch!)
        }
        case 'DELETE':
          return await deleteRows(context)
        default:
          throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`)
      }
    } catch (error) {
      return restErrorResponse(error, role, deps.log)
    }
  })
  return api
}

type Context = RestDeps & {
  caller: RequestRole
  table: string
  columns: Set<string>
  sealed: readonly string[]
  primaryKey: readonly string[]
  query: RequestQuery
  /** Columns selected only so sealed ones open (withSealBinding), left out of the answer. */
  hidden: readonly string[]
  prefer: Preferences
  /** Answer rows with camelCase column names (see body-columns.ts). */
  camelCaseAnswer?: boolean
}

function respond(context: Context, status: number, rows: Row[]): Response {
  if (!context.prefer.returnRepresentation)
    return new Response(null, { status: status === 201 ? 201 : 204 })
  return jsonResponse(openRows(context, rows), { status: status === 201 ? 201 : 200 })
}

// Most tables have no sealed column: their rows pass through as they are.
function openRows(context: Context, rows: Row[]): Row[] {
  const opened = context.sealed.length
    ? rows.map((row) => withoutColumns(context.crypto.openRow(row, context), context.hidden))
    : rows
  return context.camelCaseAnswer ? opened.map(camelCaseRow) : opened
}

/**
 * A sealed column opens only with its row's owner and key beside it (docs/security.md, "Seals
 * bound to their row"): a select naming it gets those too, and they are dropped again after.
 */
function withSealBinding(
  query: RequestQuery,
  sealed: readonly string[],
  binding: readonly string[],
): { query: RequestQuery; hidden: string[] } {
  const { select } = query
  if (select === '*' || !select.some((column) => sealed.includes(column))) {
    return { query, hidden: [] }
  }
  const hidden = binding.filter((column) => !select.includes(column))
  return { query: { ...query, select: [...select, ...hidden] }, hidden }
}

function withoutColumns(row: Row, columns: readonly string[]): Row {
  if (!columns.length) return row
  const kept = { ...row }
  for (const column of columns) delete kept[column]
  return kept
}

/** Our statements (values inlined as literals) with the role switch, in one round trip. */
const runAsCaller = (context: Context, statements: string[]) =>
  scriptAsRequestRole(context.store, context.caller, statements)

async function readRows(context: Context): Promise<Response> {
  // A stable order (id breaks ties), so pages by offset or by cursor never repeat or skip.
  const order = withIdTiebreak(context.query.order, context.columns)
  const query = { ...context.query, order }
  const position = query.cursor ? await cursorPosition(context, order, query.cursor) : null
  const sql = new SqlBuilder(true)
  const statements = [
    selectSql(
      context.table,
      query,
      sql,
      position ? (builder) => keysetCondition(order, position, builder) : undefined,
    ),
  ]
  if (context.prefer.countExact) statements.push(countSql(context.table, context.query, sql))
  const [selected, counted] = await runAsCaller(context, statements)
  const rows = selected!.rows
  const total = counted ? String(counted.rows[0]?.total ?? 0) : '*'
  const start = context.query.offset
  const headers: Record<string, string> = {
    'Content-Range': rows.length ? `${start}-${start + rows.length - 1}/${total}` : `*/${total}`,
  }
  // A full page may have a successor: hand out where it starts.
  const last = rows.at(-1)
  const next = last && rows.length === query.limit ? encodeCursor(order, last) : null
  if (next) headers['X-Next-Cursor'] = next
  return jsonResponse(openRows(context, rows), { headers })
}

/**
 * Where a page starts: our own cursor (X-Next-Cursor), or else the id of the last row of the
 * previous page, which is what the hosted SDK passes (its extractCursor is the record's id).
 * That row is looked up as the caller sees it; a cursor that is neither is a 400.
 */
async function cursorPosition(
  context: Context,
  order: OrderTerm[],
  cursor: string,
): Promise<unknown[]> {
  try {
    return decodeCursor(cursor, order)
  } catch (error) {
    if (!context.columns.has('id')) throw error
    const sql = new SqlBuilder(true)
    const columns = order.map((term) => quoteIdent(term.column)).join(', ')
    const statement = `select ${columns} from ${quoteIdent(context.table)} where "id" = ${sql.param(cursor)} limit 1`
    const [found] = await runAsCaller(context, [statement])
    const row = found?.rows[0]
    const encoded = row ? encodeCursor(order, row) : null
    if (!encoded) throw error
    return decodeCursor(encoded, order)
  }
}

/**
 * HEAD: the headers a GET would answer, without its body, as PostgREST does; PostgREST clients
 * count rows this way (`Prefer: count=exact`). With a count and no cursor the range follows
 * from the total alone, so no row is read.
 */
async function countRows(context: Context): Promise<Response> {
  const { query } = context
  if (!context.prefer.countExact || query.cursor) {
    const read = await readRows(context)
    return new Response(null, { status: read.status, headers: read.headers })
  }
  const [counted] = await runAsCaller(context, [
    countSql(context.table, query, new SqlBuilder(true)),
  ])
  const total = Number(counted!.rows[0]?.total ?? 0)
  const shown = Math.max(0, Math.min(query.limit ?? total, total - query.offset))
  const range = shown ? `${query.offset}-${query.offset + shown - 1}/${total}` : `*/${total}`
  return new Response(null, {
    headers: { 'Content-Range': range, 'content-type': 'application/json' },
  })
}

/**
 * The columns an upsert merges on: those the caller names, else the primary key, as PostgREST
 * does. The hosted SDK names `id` by default; on an owner-scoped table the key is
 * `(user_id, id)` (docs/security.md#ids-nobody-can-squat), so `id` means that key.
 */
function conflictTarget(named: string[] | null, primaryKey: readonly string[]): string[] {
  if (!named) return [...primaryKey]
  if (named.length === 1 && named[0] === 'id' && primaryKey.includes('id')) return [...primaryKey]
  return named
}

async function insertRows(context: Context, rows: Row[]): Promise<Response> {
  const { table, query, prefer } = context
  const returning = selectList(query.select)
  const statements = rows.map((row) => {
    const sql = new SqlBuilder(true)
    const keys = Object.keys(row)
    const values = keys.length
      ? `(${keys.map(quoteIdent).join(', ')}) values (${keys.map((k) => sql.param(row[k])).join(', ')})`
      : 'default values'
    let conflict = ''
    // `on_conflict` alone merges too: the hosted SDK's upsert names it without a resolution.
    const resolution = prefer.resolution ?? (query.onConflict ? 'merge-duplicates' : null)
    if (resolution) {
      const targetColumns = conflictTarget(query.onConflict, context.primaryKey)
      const target = targetColumns.map(quoteIdent).join(', ')
      const updates = keys.filter((k) => !targetColumns.includes(k))
      conflict =
        resolution === 'ignore-duplicates' || updates.length === 0
          ? ` on conflict (${target}) do nothing`
          : ` on conflict (${target}) do update set ${updates.map((k) => `${quoteIdent(k)} = excluded.${quoteIdent(k)}`).join(', ')}`
    }
    return `insert into ${quoteIdent(table)} ${values}${conflict} returning ${returning}`
  })
  const results = await runAsCaller(context, statements)
  return respond(
    context,
    201,
    results.flatMap((result) => result.rows),
  )
}

async function updateRows(context: Context, changes: Row): Promise<Response> {
  const { table, query, columns } = context
  const row = { ...changes }
  // Like the hosted platform, a change stamps updated_at unless the caller sets it.
  if (columns.has('updated_at') && !('updated_at' in row))
    row.updated_at = context.now().toISOString()
  const sql = new SqlBuilder(true)
  const assignments = Object.keys(row).map((k) => `${quoteIdent(k)} = ${sql.param(row[k])}`)
  const statement = `update ${quoteIdent(table)} set ${assignments.join(', ')}${whereSql(query.filters, sql)} returning ${selectList(query.select)}`
  const [result] = await runAsCaller(context, [statement])
  return respond(context, 200, result!.rows)
}

async function deleteRows(context: Context): Promise<Response> {
  const sql = new SqlBuilder(true)
  const statement = `delete from ${quoteIdent(context.table)}${whereSql(context.query.filters, sql)} returning ${selectList(context.query.select)}`
  const [result] = await runAsCaller(context, [statement])
  return respond(context, 200, result!.rows)
}
