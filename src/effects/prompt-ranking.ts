import type { SqlClient } from '../platform/index'

/** The most prompts one ranking orders (db/migrations/prompt-ranking.ts); the rest keep their place. */
const RANKED_PROMPTS_MAX = 1_000

/**
 * Those of `ids` that match `query`, best first, ranked by the database as the app's search
 * ranks prompts (docs/product/search.md#the-prompt-library). Row-level security holds.
 */
export async function rankPrompts(
  db: SqlClient,
  query: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db.sql<{ id: string }>('select id from rank_prompts($1, $2)', [
    query,
    JSON.stringify(ids.slice(0, RANKED_PROMPTS_MAX)),
  ])
  return rows.map((row) => row.id)
}
