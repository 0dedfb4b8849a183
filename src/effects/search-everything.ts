import type { SearchResult } from '../domain/search-result'
import type { SqlClient } from '../platform/index'

/** How many results of each kind a search shows. */
export const SEARCH_RESULTS_SHOWN = 8

/**
 * The user's conversations and readable prompts matching `query`, best first, conversations
 * before prompts (docs/product/search.md). One `/sql` call to the database's own search;
 * row-level security answers for every row.
 */
export async function searchEverything(db: SqlClient, query: string): Promise<SearchResult[]> {
  const rows = await db.sql<SearchResult & { messageId?: string | null }>(
    'select * from search_everything($1, $2)',
    [query, SEARCH_RESULTS_SHOWN],
  )
  return rows.map((row) =>
    row.kind === 'conversation'
      ? {
          kind: 'conversation',
          id: row.id,
          messageId: row.messageId ?? null,
          title: row.title,
          snippet: row.snippet,
          at: row.at,
        }
      : {
          kind: 'prompt',
          id: row.id,
          title: row.title,
          snippet: row.snippet,
          promptType: row.promptType,
          own: row.own,
          at: row.at,
        },
  )
}
