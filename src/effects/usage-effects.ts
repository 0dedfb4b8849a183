import { fromPromise } from 'xstate'
import type { ChatModel } from '../domain/chat-model'
import type { StoredUsage } from '../domain/model-prices'
import { monthStart, usageByProvider } from '../domain/usage-by-provider'
import { usageMachine } from '../machines/usage.machine'
import type { PlatformClient } from '../platform/index'
import { logError } from './notify'

/** Replies read per request, and the most requests one month's total makes. */
const PAGE_SIZE = 1000
const MAX_PAGES = 50

export interface UsageEffectsOptions {
  platform: PlatformClient
  currentUserId: () => string
  now?: () => number
}

/** This month's usage per provider, from the user's own replies (docs/product/usage.md). */
export function provideUsage(options: UsageEffectsOptions) {
  const now = options.now ?? Date.now
  const messages = options.platform.db.table<StoredUsage & { id: string }>('chatMessages')
  const models = options.platform.db.table<ChatModel>('aiModels')
  return usageMachine.provide({
    actors: {
      'load usage': fromPromise(async () => {
        const month = monthStart(new Date(now()))
        const where = {
          userId: options.currentUserId(),
          role: 'assistant',
          createdAt: { gte: month },
        }
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
      }),
    },
    actions: { 'log error': logError },
  })
}
