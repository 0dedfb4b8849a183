import type { LibraryPrompt, PromptRow, QuickPromptEntry } from '../domain/prompt-types'
import type { DbClient } from '../platform/db-client'

/**
 * The user's quick menu in their order (docs/product/screens.md#quick-prompts-panel): entries
 * never reordered (position null) last, as added. Read by the extras that show it, the Quick
 * Prompts panel and the `/` picker, not by the first paint.
 */
export async function loadQuickMenu(
  db: DbClient,
  userId: string,
  withRatings: (rows: PromptRow[]) => Promise<LibraryPrompt[]>,
): Promise<QuickPromptEntry[]> {
  const rows = await db.table<{ id: string; promptId: string }>('quickPrompts').list({
    where: { userId },
    orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  })
  if (!rows.length) return []
  const found = await withRatings(
    await db
      .table<PromptRow>('prompts')
      .list({ where: { id: { in: rows.map((r) => r.promptId) } } }),
  )
  const byId = new Map(found.map((p) => [p.id, p]))
  return rows.flatMap((row) => {
    const prompt = byId.get(row.promptId)
    return prompt ? [{ id: row.id, prompt }] : []
  })
}
