import type { ChatModel } from '../domain/chat-model'
import type { StoredUsage } from '../domain/model-prices'
import { monthStart, type ProviderUsage, usageByProvider } from '../domain/usage-by-provider'
import type { PlatformClient } from '../platform/index'

/** Replies read per request, and the most requests one month's total makes. */
const PAGE_SIZE = 1000
const MAX_PAGES = 50

/**
 * This month's usage per provider, from the user's own replies (docs/product/usage.md). Loaded
 * when the keys dialog first shows it, not with the chat (docs/performance.md, "Split").
 */
export async function readMonthUsage(
  platform: PlatformClient,
  userId: string,
  now: number,
): Promise<{ byProvider: ProviderUsage[]; month: string }> {
  const messages = platform.db.table<StoredUsage & { id: string }>('chatMessages')
  const models = platform.db.table<ChatModel>('aiModels')
  const month = monthStart(new Date(now))
  const where = { userId, role: 'assistant', createdAt: { gte: month } }
  const rows: StoredUsage[] = []
  let cursor: string | undefined
  // Keyset pages, so a busy month costs a few requests and never one huge answer.
  for (let page = 0; page < MAX_PAGES; page++) {
    const next = await messages.page({
      where,
      select: ['id', 'modelId', 'promptTokens', 'completionTokens', 'totalTokens'],
      orderBy: { id: 'asc' },
      limit: PAGE_SIZE,
      cursor,
    })
    rows.push(...next.rows)
    if (!next.nextCursor) break
    cursor = next.nextCursor
  }
  return { byProvider: usageByProvider(rows, await models.list()), month }
}
