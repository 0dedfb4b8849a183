import type { PromptFileEntry } from '../domain/prompt-files'
import type { DbClient } from '../platform/db-client'

/** Prompts per insert statement of an import's one `/batch` (at most 5 statements for 5,000). */
export const IMPORT_ROWS_PER_STATEMENT = 1000

/**
 * One statement of an import: the rows come as one JSON parameter. Each lands private and
 * inactive; the earlier in the file, the newer its `created_at` (by a millisecond), so the
 * My Prompts list shows them in the file's order. A prompt that is already the user's own
 * (same title and content) is skipped here too, should one have been added since the preview.
 */
const IMPORT_STATEMENT = `insert into prompts (user_id, title, content, type, is_public, is_active, created_at)
  select $1, p.title, p.content, p.type, '0', '0',
    now() - p.position * interval '1 millisecond'
  from jsonb_to_recordset($2::jsonb) as p(title text, content text, type text, position int)
  where not exists (
    select 1 from prompts mine
    where mine.user_id = $1 and mine.title = p.title and mine.content = p.content
  )
  returning id`

/** Adds the prompts as `userId`'s in one `/batch`: all of them land or none. How many were added. */
export async function importPrompts(
  db: DbClient,
  userId: string,
  entries: readonly PromptFileEntry[],
): Promise<number> {
  const statements = []
  for (let start = 0; start < entries.length; start += IMPORT_ROWS_PER_STATEMENT) {
    const rows = entries
      .slice(start, start + IMPORT_ROWS_PER_STATEMENT)
      .map(({ title, content, type }, offset) => ({
        title,
        content,
        type,
        position: start + offset,
      }))
    statements.push({ query: IMPORT_STATEMENT, params: [userId, rows] })
  }
  const results = await db.batch(statements)
  return results.reduce((sum, result) => sum + result.rows.length, 0)
}
