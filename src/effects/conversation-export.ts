import type { ChatMessage } from '../domain/chat-message'
import type { Conversation } from '../domain/conversation'
import {
  asJson,
  asMarkdown,
  type ExportFormat,
  exportFileName,
  exportOf,
} from '../domain/conversation-export'
import type { DbClient } from '../platform/db-client'
import type { SavedFile } from './download-link'
import { readPage } from './history-pages'

/** The most messages one read of a path returns (db/migrations/conversation-tree.ts). */
const PAGE = 200

/** Every message of the conversation's current path, oldest first, read a page at a time. */
export async function readWholePath(db: DbClient, conversationId: string): Promise<ChatMessage[]> {
  const pages: ChatMessage[][] = []
  let endingAt: string | null = null
  do {
    const page = await readPage(db, conversationId, endingAt, PAGE)
    pages.unshift(page.messages)
    endingAt = page.hasOlder ? (page.messages[0]?.parentId ?? null) : null
  } while (endingAt)
  return pages.flat()
}

/** The names of the models on offer; a model no longer listed keeps its id. */
async function modelNames(db: DbClient): Promise<(id: string) => string> {
  try {
    const rows = await db.table<{ id: string; name: string }>('aiModels').list({
      select: ['id', 'name'],
    })
    const names = new Map(rows.map((row) => [row.id, row.name]))
    return (id) => names.get(id) ?? id
  } catch {
    return (id) => id
  }
}

/**
 * A conversation's current path as a Markdown or JSON file (docs/product/conversations.md#export):
 * read whole from the database, not from what is on screen, which may be one page of it.
 */
export async function exportConversation(
  db: DbClient,
  conversation: Conversation,
  format: ExportFormat,
  now: Date,
): Promise<SavedFile> {
  const [path, name] = await Promise.all([readWholePath(db, conversation.id), modelNames(db)])
  const exported = exportOf(conversation, path, name, now)
  return format === 'markdown'
    ? {
        name: exportFileName(conversation.title, format),
        type: 'text/markdown',
        text: asMarkdown(exported),
      }
    : {
        name: exportFileName(conversation.title, format),
        type: 'application/json',
        text: asJson(exported),
      }
}
