import { keysToCamel } from '../../src/platform/index'
import type { TokenSet } from '../../src/platform/types'
import { TEST_ORIGIN, TEST_PROJECT_ID } from './test-platform'

/** Stores a session the app will restore on start, as a returning user's browser would hold it. */
export function storeSession(tokens: TokenSet): void {
  localStorage.setItem('auth_tokens', JSON.stringify(tokens))
}

/** Rows of `table` (keys in camelCase) as the signed-in user reads them through the REST API. */
export async function restRows<Row = Record<string, unknown>>(
  tokens: TokenSet,
  table: string,
  query = 'select=*',
): Promise<Row[]> {
  const res = await fetch(`${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/rest/v1/${table}?${query}`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  })
  if (!res.ok) throw new Error(`reading ${table} failed with ${res.status}`)
  return keysToCamel(await res.json()) as Row[]
}

/** Inserts a row as the signed-in user (e.g. a key stored by an older client). */
export async function restInsert(tokens: TokenSet, table: string, row: object): Promise<void> {
  const res = await fetch(`${TEST_ORIGIN}/api/db/${TEST_PROJECT_ID}/rest/v1/${table}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(row),
  })
  if (!res.ok) throw new Error(`inserting into ${table} failed with ${res.status}`)
}
