import type { SqlExecutor } from '../../../contract/app-schema'
import type { AccessClaims } from '../auth/access-token'
import type { SqlStore } from '../store/sql-store'

/** A standard-conforming SQL string literal: quotes doubled, no backslash escapes. */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('NUL is not allowed in a SQL literal')
  return `'${value.replace(/'/g, "''")}'`
}

/**
 * How long one caller transaction (`/sql`, `/batch`) may run on PostgreSQL, in ms: 5000 unless
 * SQL_STATEMENT_TIMEOUT_MS says otherwise (docs/security.md, "Caller SQL limits"). Set with
 * SET LOCAL as the platform's role, before the role switch; the caller cannot change it (the
 * statement guard refuses SET). PGlite runs in WASM on our thread, where no timer fires.
 */
export function statementTimeoutMs(): number {
  const configured = Number(process.env.SQL_STATEMENT_TIMEOUT_MS)
  return Number.isInteger(configured) && configured > 0 ? configured : 5000
}

export type RequestRole = { role: 'anon' } | { role: 'authenticated'; claims: AccessClaims }

/**
 * Runs `work` as the caller, the way PostgREST does: one transaction, `SET LOCAL ROLE` to anon
 * or authenticated, and the JWT claims in `request.jwt.claims` for the policies to read. The
 * platform's own role (platform_authenticator) reaches no app table without that switch. The
 * preamble goes in one round trip with BEGIN (PostgreSQL).
 */
export function asRequestRole<T>(
  store: SqlStore,
  caller: RequestRole,
  work: (tx: SqlExecutor) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const preamble = [
    ...(options.readOnly ? ['set transaction read only'] : []),
    `set local statement_timeout = ${statementTimeoutMs()}`,
    ...roleSwitch(caller),
  ]
  return store.transaction(work, { preamble: preamble.join('; ') })
}

/**
 * The same as `asRequestRole` for statements we build ourselves (the table API), sent with the
 * role switch as one message: one implicit transaction, one round trip. Every value in them
 * must already be a quoted literal (`sqlValue`); a caller's SQL never goes this way (`/sql`
 * and `/batch` use the extended protocol, one statement per call). Resolves to the results
 * of `statements`, without the preamble's.
 */
export async function scriptAsRequestRole(
  store: SqlStore,
  caller: RequestRole,
  statements: string[],
): Promise<Array<{ rows: Record<string, unknown>[]; rowCount: number }>> {
  const preamble = roleSwitch(caller)
  const results = await store.script([...preamble, ...statements])
  return results.slice(preamble.length)
}

// Claims go first, while still the platform's role. They are ours (a verified token), quoted as
// a SQL literal. A caller cannot do the same: SET is refused by the statement guard
// (sql-guard.ts) and set_config is revoked from the request roles (migration 2).
export function roleSwitch(caller: RequestRole): string[] {
  const claims = caller.role === 'anon' ? { role: 'anon' } : caller.claims
  return [
    `set local request.jwt.claims = ${sqlLiteral(JSON.stringify(claims))}`,
    caller.role === 'anon' ? 'set local role anon' : 'set local role authenticated',
  ]
}
