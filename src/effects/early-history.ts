import type { HistoryPage } from '../domain/history-page'
import type { SqlClient } from '../platform/index'
import { readPage } from './history-pages'

/**
 * A linked conversation's history, asked for as soon as auth says who is signed in: beside the
 * session's code, not after it (docs/performance.md, "Split"). The chat's first load takes it
 * if it is for the same user and conversation; whatever it takes, nothing is left for a later
 * load, which reads afresh.
 */
export interface EarlyHistory {
  start(userId: string, conversationId: string): void
  take(userId: string, conversationId: string): Promise<HistoryPage> | null
}

export function createEarlyHistory(db: SqlClient): EarlyHistory {
  let pending: { userId: string; conversationId: string; rows: Promise<HistoryPage> } | null = null
  return {
    start(userId, conversationId) {
      const rows = readPage(db, conversationId)
      // Taken later, or never: a failure is the taker's to handle, not an unhandled rejection.
      rows.catch(() => {})
      pending = { userId, conversationId, rows }
    },
    take(userId, conversationId) {
      const found = pending
      pending = null
      if (!found || found.userId !== userId || found.conversationId !== conversationId) return null
      return found.rows
    },
  }
}
