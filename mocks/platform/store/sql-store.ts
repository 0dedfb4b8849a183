/** A query runner: the store itself, or one transaction of it. */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number }>
}

/** One transaction: queries, plus a script of several statements sent in one round trip. */
export interface SqlTransaction extends SqlExecutor {
  script(statements: string): Promise<void>
}

/**
 * The database behind the mock platform. PGlite (embedded, file-backed or in memory) and
 * PostgreSQL implement it alike, so the same SQL and migrations run on both.
 */
export interface SqlStore extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>
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
