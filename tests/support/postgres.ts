import pg from 'pg'

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/**
 * Whether the PostgreSQL variant can run. Unreachable is a skip (with the reason) on a
 * developer's machine and a failure under CI, where the server is part of the environment.
 */
export async function postgresAvailability(): Promise<{ available: boolean; reason: string }> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  })
  try {
    await client.connect()
    await client.query('select 1')
    return { available: true, reason: '' }
  } catch (error) {
    const reason = `PostgreSQL unreachable at ${redact(TEST_DATABASE_URL)}: ${(error as Error).message}`
    if (process.env.CI) throw new Error(`${reason} (required under CI)`)
    return { available: false, reason }
  } finally {
    await client.end().catch(() => {})
  }
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${schema.replace(/"/g, '')}" cascade`)
  } finally {
    await client.end()
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@')
}
