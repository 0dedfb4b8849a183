import { parse } from 'libpg-query'
import { RestError } from './rest-error'

/**
 * The data statements a caller's SQL may be. Everything else (SET, RESET, SET ROLE, SET
 * SESSION AUTHORIZATION, DO, COPY, LISTEN, PREPARE, DDL, transaction control…) is a utility
 * statement that could change whose role the call runs as, or leave state behind it.
 */
const DATA_STATEMENTS = new Set(['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt'])

/**
 * Refuses anything but one data statement. It reads the text with PostgreSQL's own parser
 * (libpg-query), so comments, nesting, quoting and dollar-quoting mean exactly what the server
 * would make of them. This is the second line: the first is that the serving role is no
 * superuser and the request roles hold only their grants (docs/security.md).
 */
export async function assertDataStatement(query: unknown): Promise<string> {
  if (typeof query !== 'string' || !query.trim()) {
    throw new RestError(400, 'PGRST102', 'query must be a non-empty SQL string')
  }
  if (query.includes('\0')) throw new RestError(400, '22021', 'query must not contain NUL')
  let tree: { stmts?: Array<{ stmt?: Record<string, Record<string, unknown>> }> }
  try {
    tree = await parse(query)
  } catch (error) {
    throw new RestError(400, '42601', (error as Error).message)
  }
  const statements = tree.stmts ?? []
  if (statements.length !== 1) {
    throw new RestError(
      400,
      'PGRST102',
      statements.length === 0
        ? 'query holds no statement'
        : 'Send one statement per call; /batch takes several',
    )
  }
  const [kind, node] = Object.entries(statements[0]?.stmt ?? {})[0] ?? ['', {}]
  // SELECT … INTO creates a table: a utility statement in a data statement's clothes.
  if (!DATA_STATEMENTS.has(kind) || (kind === 'SelectStmt' && node.intoClause)) {
    throw new RestError(
      403,
      '42501',
      `Only data statements are allowed here, not ${statementLabel(kind, node)}`,
      null,
      'Use SELECT, INSERT, UPDATE, DELETE or WITH',
    )
  }
  // A recursive query's planned cost says nothing of how long it runs, and on PGlite nothing
  // can stop it once it runs (docs/security.md, "Caller SQL limits"). In the parse tree's
  // JSON a string's own quotes are escaped, so only a real WITH RECURSIVE matches.
  if (JSON.stringify(node).includes('"recursive":true')) {
    throw new RestError(
      400,
      '0A000',
      'Recursive queries (WITH RECURSIVE) are not allowed here',
      null,
      'Use a plain WITH, or fetch the rows and walk them in the client',
    )
  }
  return query
}

/** `VariableSetStmt` → `SET` / `RESET`, `CreateTableAsStmt` → `CREATE TABLE AS`, … */
function statementLabel(kind: string, node: Record<string, unknown>): string {
  if (kind === 'SelectStmt') return 'SELECT INTO'
  if (kind === 'VariableSetStmt') return String(node.kind).startsWith('VAR_RESET') ? 'RESET' : 'SET'
  if (kind === 'VariableShowStmt') return 'SHOW'
  return kind
    .replace(/Stmt$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toUpperCase()
}

export function assertParams(params: unknown): unknown[] {
  if (params === undefined || params === null) return []
  if (!Array.isArray(params)) throw new RestError(400, 'PGRST102', 'params must be an array')
  // Every value goes as text, as node-postgres sends it, and PostgreSQL converts it: a value
  // that does not fit its parameter is then the database's 22xxx (a 400), on both drivers.
  return params.map((value) => {
    if (value === null || value === undefined) return null
    return typeof value === 'object' ? JSON.stringify(value) : String(value)
  })
}
