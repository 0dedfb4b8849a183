import { Hono, type Context as HonoContext } from 'hono'
import type { SqlExecutor } from '../../../contract/app-schema'
import type { AccessTokens } from '../auth/access-token'
import { callerOf } from '../auth/caller'
import { isPlainObject, jsonResponse } from '../http/json-error'
import type { SqlStore } from '../store/sql-store'
import { assertWithinCost } from './cost-ceiling'
import { readRestBody } from './json-body'
import { asRequestRole, type RequestRole } from './request-role'
import { RestError, restErrorResponse } from './rest-error'
import { assertDataStatement, assertParams } from './sql-guard'

export const MAX_BATCH_STATEMENTS = 100

interface Statement {
  query: string
  params: unknown[]
}

/** What `/sql` and `/batch` need of the platform (the table API's deps include them). */
interface SqlApiDeps {
  store: SqlStore
  accessTokens: AccessTokens
  projectId: string
  log: (line: string) => void
}

/**
 * `POST /sql {query, params}` → `{rows}` and `POST /batch {statements, mode}` →
 * `{results: [{rows}]}`. Both run under the caller's role, so row-level security holds; a
 * batch is one transaction (all or nothing), and mode `read` makes it read-only.
 */
export function sqlApi(deps: SqlApiDeps) {
  const api = new Hono()

  const run = async (
    c: HonoContext,
    projectId: string,
    work: (caller: RequestRole, body: Record<string, unknown>) => Promise<Response>,
  ) => {
    let role: RequestRole['role'] = 'anon'
    try {
      if (projectId !== deps.projectId) {
        throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
      }
      const caller = await callerOf(c.req.raw, deps.accessTokens)
      role = caller.role
      const body = await readRestBody(c)
      if (!isPlainObject(body)) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
      return await work(caller, body)
    } catch (error) {
      return restErrorResponse(error, role, deps.log)
    }
  }

  const execute = async (tx: SqlExecutor, statement: Statement) => {
    // PGlite cannot be interrupted once a statement runs: refuse an expensive one up front.
    if (deps.store.kind === 'pglite') await assertWithinCost(tx, statement)
    return (await tx.query(statement.query, statement.params)).rows
  }

  api.post('/:projectId/sql', (c) =>
    run(c, c.req.param('projectId'), async (caller, body) => {
      const statement = {
        query: await assertDataStatement(body.query),
        params: assertParams(body.params),
      }
      const rows = await asRequestRole(deps.store, caller, (tx) => execute(tx, statement))
      return jsonResponse({ rows })
    }),
  )

  api.post('/:projectId/batch', (c) =>
    run(c, c.req.param('projectId'), async (caller, body) => {
      const mode = body.mode ?? 'write'
      if (mode !== 'read' && mode !== 'write') {
        throw new RestError(400, 'PGRST102', "mode must be 'read' or 'write'")
      }
      const statements = await parseStatements(body.statements)
      const results = await asRequestRole(
        deps.store,
        caller,
        async (tx) => {
          const out: Array<{ rows: unknown[] }> = []
          for (const [index, statement] of statements.entries()) {
            try {
              out.push({ rows: await execute(tx, statement) })
            } catch (error) {
              // Say which statement failed; the transaction rolls back as a whole.
              if (error instanceof Error) error.message = `statement ${index}: ${error.message}`
              throw error
            }
          }
          return out
        },
        { readOnly: mode === 'read' },
      )
      return jsonResponse({ results })
    }),
  )

  return api
}

async function parseStatements(value: unknown): Promise<Statement[]> {
  if (!Array.isArray(value) || value.length === 0) {
    throw new RestError(400, 'PGRST102', 'statements must be a non-empty array')
  }
  if (value.length > MAX_BATCH_STATEMENTS) {
    throw new RestError(400, 'PGRST102', `A batch holds at most ${MAX_BATCH_STATEMENTS} statements`)
  }
  const statements: Statement[] = []
  for (const [index, item] of value.entries()) {
    const statement = typeof item === 'string' ? { query: item } : item
    if (!isPlainObject(statement)) {
      throw new RestError(
        400,
        'PGRST102',
        `statements[${index}] must be a string or {query, params}`,
      )
    }
    statements.push({
      query: await assertDataStatement(statement.query ?? statement.sql),
      params: assertParams(statement.params ?? statement.args),
    })
  }
  return statements
}
