import type { SqlExecutor } from '../../../contract/app-schema'

export interface TransactionOptions {
  /**
   * Our own statements (never a caller's) to run first, e.g. the request role. PostgreSQL sends
   * them with BEGIN in one round trip: on a hot path that is one trip in four saved.
   */
  preamble?: string
}

/** The login role the platform serves through (migration 3); never a superuser. */
export const SERVING_ROLE = 'platform_authenticator'

/**
 * The database behind the mock platform. PGlite (embedded, file-backed or in memory) and
 * PostgreSQL implement it alike, so the same SQL and migrations run on both.
 */
export interface SqlStore extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T>
  /**
   * Runs our own statements (never a caller's SQL: values are already quoted literals) as one
   * simple-protocol message, which the server runs as one implicit transaction: all or
   * nothing, `SET LOCAL` holds to its end, and nothing else can run in between. One round trip
   * on PostgreSQL, one call into PGlite. Resolves to each statement's result, in order.
   */
  script(
    statements: string[],
  ): Promise<Array<{ rows: Record<string, unknown>[]; rowCount: number }>>
  /** Runs a script of several statements. */
  exec(script: string): Promise<void>
  /**
   * Runs `work` in one transaction as the database's owner, for the platform's maintenance
   * (migrations, seed) and tests that inspect what is at rest. Never for a caller's request:
   * those run as `platform_authenticator`, which is no superuser (docs/security.md).
   */
  asOwner<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>
  /**
   * Runs our own statements (quoted literals, as `script`) as the owner in one transaction that
   * is always rolled back, in one round trip, and resolves to each statement's result: a
   * question asked of a changed database that never changes it (change-visibility.ts).
   */
  whatIf(
    statements: string[],
  ): Promise<Array<{ rows: Record<string, unknown>[]; rowCount: number }>>
  /**
   * PGlite only (one session, so it hears its own NOTIFYs): calls `onPayload` for each
   * notification on `channel`; resolves to a stop. PostgreSQL listens on a connection of its
   * own (change-listener.ts).
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** A database error as both drivers raise it: the SQLSTATE code and the server's words. */
export interface DatabaseError extends Error {
  code: string
  detail?: string
  hint?: string
}

export function isDatabaseError(error: unknown): error is DatabaseError {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}
