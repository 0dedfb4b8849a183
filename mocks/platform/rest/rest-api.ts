import { Hono } from 'hono'
import type { AccessTokens } from '../auth/access-token'
import { callerOf } from '../auth/caller'
import { tooDeep } from '../http/input-schema'
import { BodyTooDeepError, isPlainObject, jsonResponse } from '../http/json-error'
import type { SqlStore } from '../store/sql-store'
import type { ColumnCrypto } from './encrypted-columns'
import { decodeCursor, encodeCursor, keysetCondition, withIdTiebreak } from './keyset-cursor'
import { type Preferences, parsePrefer } from './prefer-header'
import { parseRequestQuery, type RequestQuery } from './request-query'
import { type RequestRole, scriptAsRequestRole } from './request-role'
import { RestError, restErrorResponse } from './rest-error'
import { countSql, quoteIdent, SqlBuilder, selectList, selectSql, whereSql } from './rest-sql'
import { sqlApi } from './sql-api'
import type { TableCatalog } from './table-catalog'

export const MAX_BODY_BYTES = 1_000_000

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
      const { columns, sealed } = await deps.catalog.table(table)
      const query = parseRequestQuery(new URL(c.req.url).searchParams, table, columns)
      const prefer = parsePrefer(c.req.header('prefer') ?? null)
      const context: Context = { ...deps, caller, table, columns, sealed, query, prefer }
      switch (c.req.method) {
        case 'GET':
          return await readRows(context)
        case 'POST':
          return await insertRows(
            context,
            writeRows(await readBody(c.req.raw), table, columns, 'insert'),
          )
        case 'PATCH': {
          const [patch] = writeRows(await readBody(c.req.raw), table, columns, 'update')
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
  query: RequestQuery
  prefer: Preferences
}

async function readBody(request: Request): Promise<unknown> {
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > MAX_BODY_BYTES) throw payloadTooLarge()
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES) throw payloadTooLarge()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      null,
      'Send a JSON object or array',
    )
  }
  if (tooDeep(body)) throw new RestError(400, 'PGRST102', new BodyTooDeepError().message)
  return body
}

const payloadTooLarge = () =>
  new RestError(413, 'PGRST413', `Payload too large (max ${MAX_BODY_BYTES} bytes)`)

/** The body's records, every key a real column; objects and arrays are stored as JSON text. */
function writeRows(
  body: unknown,
  table: string,
  columns: Set<string>,
  mode: 'insert' | 'update',
): Row[] {
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
  return records.map((record) => {
    const row: Row = {}
    for (const [key, value] of Object.entries(record)) {
      if (!columns.has(key)) {
        throw new RestError(
          400,
          'PGRST204',
          `Could not find the '${key}' column of '${table}' in the schema cache`,
        )
      }
      row[key] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value
    }
    return row
  })
}

function respond(context: Context, status: number, rows: Row[]): Response {
  if (!context.prefer.returnRepresentation)
    return new Response(null, { status: status === 201 ? 201 : 204 })
  return jsonResponse(openRows(context, rows), { status: status === 201 ? 201 : 200 })
}

// Most tables have no sealed column: their rows pass through as they are.
const openRows = (context: Context, rows: Row[]) =>
  context.sealed.length ? rows.map((row) => context.crypto.openRow(row, context.sealed)) : rows

/** Our statements (values inlined as literals) with the role switch, in one round trip. */
const runAsCaller = (context: Context, statements: string[]) =>
  scriptAsRequestRole(context.store, context.caller, statements)

async function readRows(context: Context): Promise<Response> {
  // A stable order (id breaks ties), so pages by offset or by cursor never repeat or skip.
  const order = withIdTiebreak(context.query.order, context.columns)
  const query = { ...context.query, order }
  const position = query.cursor ? decodeCursor(query.cursor, order) : null
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
    if (prefer.resolution) {
      const target = (query.onConflict ?? ['id']).map(quoteIdent).join(', ')
      const updates = keys.filter((k) => !(query.onConflict ?? ['id']).includes(k))
      conflict =
        prefer.resolution === 'ignore-duplicates' || updates.length === 0
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
