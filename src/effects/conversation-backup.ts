import type { ChatMessage } from '../domain/chat-message'
import type { Conversation } from '../domain/conversation'
import {
  BACKUP_MESSAGES,
  type BackupPart,
  type BackupRead,
  backupFileName,
  backupParts,
  type ConversationBackup,
  MAX_BACKUP_BYTES,
  readBackup,
  writeBackup,
} from '../domain/conversation-backup'
import type { ConversationFolder } from '../domain/conversation-folder'
import type { RestoreResult, RestoreStopped } from '../machines/conversation-backup.machine'
import type { DbClient } from '../platform/db-client'
import { CONVERSATION_LIST_LIMIT } from './conversation-effects'
import type { SavedFile } from './download-link'

/** Rows per keyset page of a backup's read. */
const PAGE_SIZE = 1000
/** Conversations whose ends one restore call sets. */
const LEAVES_PER_CALL = 5000

type StoredConversation = Conversation & { currentLeafId: string | null }

/** Every row of a table the user may read, by id, a keyset page at a time. */
async function readAll<Row extends { id: string }>(
  db: DbClient,
  table: string,
  where: Record<string, unknown> = {},
): Promise<Row[]> {
  const rows: Row[] = []
  let cursor: string | undefined
  do {
    const page = await db.table<Row>(table).page({
      where: where as never,
      orderBy: { id: 'asc' },
      limit: PAGE_SIZE,
      cursor,
    })
    rows.push(...page.rows)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return rows
}

/**
 * Every conversation of the user's, all their branches, as one JSON file
 * (docs/product/conversations.md#backup). Resolves to how many conversations it holds; none
 * means no file.
 */
export async function backUpConversations(
  db: DbClient,
  userId: string,
  saveFile: (file: SavedFile) => void,
  now: Date,
): Promise<number> {
  const [conversations, folders, messages] = await Promise.all([
    readAll<StoredConversation>(db, 'conversations', { userId }),
    readAll<ConversationFolder>(db, 'conversationFolders', { userId }),
    // Messages from before conversations belong to none: the backup leaves them out.
    readAll<ChatMessage>(db, 'chatMessages', { userId }),
  ])
  if (!conversations.length) return 0
  const names = new Map(folders.map((f) => [f.id, f.name]))
  const backup = writeBackup(conversations, (id) => names.get(id) ?? null, messages, now)
  saveFile({ name: backupFileName(now), type: 'application/json', text: JSON.stringify(backup) })
  return conversations.length
}

/** What a restore added: conversations and messages new to the user. */
export interface RestoreOutcome {
  conversations: number
  messages: number
}

interface PartResult {
  addedConversations: string[]
  addedMessages: number
}

/**
 * A backup restored part by part (db/migrations/conversation-import.ts): what the user has
 * already, by id, is left as it is, so restoring twice adds nothing the second time. Each
 * part lands whole or not at all; a failed part stops the restore there.
 */
export async function restoreConversations(
  db: DbClient,
  backup: ConversationBackup,
  parts: BackupPart[] = backupParts(backup),
): Promise<RestoreOutcome> {
  const call = async (part: object) => {
    const [result] = await db.sql<PartResult>('select * from import_conversations($1)', [part])
    return result ?? { addedConversations: [], addedMessages: 0 }
  }
  const added: string[] = []
  let messages = 0
  for (const part of parts) {
    const result = await call(part)
    added.push(...result.addedConversations)
    messages += result.addedMessages
  }
  const leafOf = new Map(backup.conversations.map((c) => [c.id, c.currentLeafId]))
  const leaves = added.flatMap((id) => {
    const leafId = leafOf.get(id)
    return leafId ? [{ id, leafId }] : []
  })
  for (let i = 0; i < leaves.length; i += LEAVES_PER_CALL)
    await call({ leaves: leaves.slice(i, i + LEAVES_PER_CALL) })
  return { conversations: added.length, messages }
}

/** A chosen file, read as a backup: too large is refused before it is read. */
export async function readBackupFile(file: Blob): Promise<BackupRead> {
  if (file.size > MAX_BACKUP_BYTES) return { ok: false, message: BACKUP_MESSAGES.tooLarge }
  let text: string
  try {
    text = await file.text()
  } catch {
    return { ok: false, message: BACKUP_MESSAGES.unreadable }
  }
  return readBackup(text)
}

/**
 * A restore, and then the newest conversations as the list reads them, so the list shows what
 * came back; a restore that stopped carries them too, for what landed before it stopped.
 */
export async function restoreAndList(
  db: DbClient,
  userId: string,
  backup: ConversationBackup,
): Promise<RestoreResult> {
  const newest = () =>
    db.table<Conversation>('conversations').list({
      where: { userId },
      orderBy: [{ pinned: 'desc' }, { updatedAt: 'desc' }, { id: 'desc' }],
      limit: CONVERSATION_LIST_LIMIT,
    })
  try {
    const added = await restoreConversations(db, backup)
    const changed = added.conversations > 0 || added.messages > 0
    return { ...added, listed: changed ? await newest() : [] }
  } catch (error) {
    const stopped: RestoreStopped = error instanceof Error ? error : new Error(String(error))
    stopped.listed = await newest().catch(() => [])
    throw stopped
  }
}
