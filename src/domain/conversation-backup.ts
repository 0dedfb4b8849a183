import * as v from 'valibot'
import type { ChatMessage } from './chat-message'
import type { Conversation } from './conversation'

/**
 * A backup of every conversation (docs/product/conversations.md#backup): our own JSON file,
 * written whole in the browser, and read back into parts the database restores one at a time
 * without making anything twice (db/migrations/conversation-import.ts). Pure.
 */

export const BACKUP_FORMAT = 'prompt-chat-conversations'
export const BACKUP_VERSION = 1
/** The largest backup a restore reads: 100 binary MB (docs/product/limits.md#conversations). */
export const MAX_BACKUP_BYTES = 100 * 1024 * 1024
/** The JSON one restore call carries: under the platform's 1,000,000-byte `/sql` body. */
export const BACKUP_PART_CHARS = 600_000

/** docs/product/errors.md#conversations: what a refused backup says, word for word. */
export const BACKUP_MESSAGES = {
  tooLarge: 'This file is larger than 100 MB. Choose a smaller file.',
  notJson: 'This file is not valid JSON.',
  notBackup: 'This is not a conversation backup from Prompt Chat.',
  newerVersion: (version: unknown) =>
    `This backup was made by a newer version of Prompt Chat (format version ${String(version)}).`,
  damaged: (what: string) => `This backup is damaged: ${what}.`,
  empty: 'This backup holds no conversations.',
  unreadable: 'The file could not be read.',
} as const

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(200))
const Time = v.pipe(v.string(), v.isoTimestamp())
const Count = v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0)))

const BackupConversationSchema = v.object({
  id: Id,
  title: v.string(),
  createdAt: Time,
  updatedAt: Time,
  pinned: v.optional(v.boolean(), false),
  /** The name of the folder it was in; null when none. */
  folder: v.nullish(v.string(), null),
  /** Where it ended: its current leaf; null when it had no message. */
  currentLeafId: v.nullish(Id, null),
})

const BackupMessageSchema = v.object({
  id: Id,
  conversationId: Id,
  parentId: v.nullish(Id, null),
  role: v.picklist(['user', 'assistant', 'system']),
  content: v.string(),
  modelId: v.string(),
  systemPromptId: v.nullish(v.string(), null),
  createdAt: Time,
  status: v.optional(v.picklist(['complete', 'stopped', 'interrupted']), 'complete'),
  failure: v.nullish(v.string(), null),
  promptTokens: Count,
  completionTokens: Count,
  totalTokens: Count,
})

const BackupSchema = v.object({
  format: v.literal(BACKUP_FORMAT),
  version: v.literal(BACKUP_VERSION),
  exportedAt: Time,
  conversations: v.array(BackupConversationSchema),
  messages: v.array(BackupMessageSchema),
})

export type BackupConversation = v.InferOutput<typeof BackupConversationSchema>
export type BackupMessage = v.InferOutput<typeof BackupMessageSchema>
export type ConversationBackup = v.InferOutput<typeof BackupSchema>

export type BackupRead = { ok: true; backup: ConversationBackup } | { ok: false; message: string }

/** `prompt-chat-conversations-2026-11-30.json`: the day it was made, in UTC. */
export const backupFileName = (now: Date) =>
  `${BACKUP_FORMAT}-${now.toISOString().slice(0, 10)}.json`

/**
 * The backup of these conversations and every message in them, all branches: a streaming
 * reply read back is one that broke off (docs/product/behaviour.md#replies-that-survive).
 */
export function writeBackup(
  conversations: readonly (Conversation & { currentLeafId?: string | null })[],
  folderName: (folderId: string) => string | null,
  messages: readonly ChatMessage[],
  now: Date,
): ConversationBackup {
  const kept = new Set(conversations.map((c) => c.id))
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    conversations: conversations.map((c) => ({
      id: c.id,
      title: c.title,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      pinned: c.pinned === true,
      folder: c.folderId ? folderName(c.folderId) : null,
      currentLeafId: c.currentLeafId ?? null,
    })),
    messages: messages
      .filter((m) => m.conversationId && kept.has(m.conversationId))
      .map((m) => ({
        id: m.id,
        conversationId: m.conversationId as string,
        parentId: m.parentId ?? null,
        role: m.role,
        content: m.content,
        modelId: m.modelId,
        systemPromptId: m.systemPromptId ?? null,
        createdAt: m.createdAt,
        status: m.status === 'streaming' ? 'interrupted' : (m.status ?? 'complete'),
        failure: m.failure ?? null,
        promptTokens: m.promptTokens ?? null,
        completionTokens: m.completionTokens ?? null,
        totalTokens: m.totalTokens ?? null,
      })),
  }
}

/** Where a backup's problem is, as a person would count: `message 12`, `conversation 3`. */
function whereIs(path: readonly { key: unknown }[] | undefined): string {
  const [list, index, field] = (path ?? []).map((step) => step.key)
  if (list === 'messages' && typeof index === 'number')
    return `message ${index + 1}${field ? ` has no valid ${String(field)}` : ' is not a message'}`
  if (list === 'conversations' && typeof index === 'number')
    return `conversation ${index + 1}${field ? ` has no valid ${String(field)}` : ' is not a conversation'}`
  return `its ${String(list ?? 'contents')} cannot be read`
}

/** A backup file's text, checked whole: its shape, and that every message has its place. */
export function readBackup(text: string): BackupRead {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, message: BACKUP_MESSAGES.notJson }
  }
  if (
    typeof json !== 'object' ||
    json === null ||
    (json as { format?: unknown }).format !== BACKUP_FORMAT
  )
    return { ok: false, message: BACKUP_MESSAGES.notBackup }
  const version = (json as { version?: unknown }).version
  if (typeof version === 'number' && version > BACKUP_VERSION)
    return { ok: false, message: BACKUP_MESSAGES.newerVersion(version) }
  const parsed = v.safeParse(BackupSchema, json)
  if (!parsed.success)
    return { ok: false, message: BACKUP_MESSAGES.damaged(whereIs(parsed.issues[0]?.path)) }
  const backup = parsed.output
  if (!backup.conversations.length) return { ok: false, message: BACKUP_MESSAGES.empty }
  const conversations = new Set(backup.conversations.map((c) => c.id))
  if (conversations.size !== backup.conversations.length)
    return { ok: false, message: BACKUP_MESSAGES.damaged('two conversations have one id') }
  const messages = new Map(backup.messages.map((m) => [m.id, m]))
  if (messages.size !== backup.messages.length)
    return { ok: false, message: BACKUP_MESSAGES.damaged('two messages have one id') }
  for (const [i, m] of backup.messages.entries()) {
    const parent = m.parentId === null ? null : messages.get(m.parentId)
    if (!conversations.has(m.conversationId))
      return { ok: false, message: BACKUP_MESSAGES.damaged(`message ${i + 1} has no conversation`) }
    if (parent === undefined || (parent && parent.conversationId !== m.conversationId))
      return {
        ok: false,
        message: BACKUP_MESSAGES.damaged(
          `message ${i + 1} follows a message not in its conversation`,
        ),
      }
  }
  if (hasCycle(backup.messages, messages))
    return {
      ok: false,
      message: BACKUP_MESSAGES.damaged('its messages follow each other in a circle'),
    }
  return { ok: true, backup }
}

/** Whether following parents from some message comes back to it. */
function hasCycle(list: readonly BackupMessage[], byId: ReadonlyMap<string, BackupMessage>) {
  const done = new Set<string>()
  for (const start of list) {
    const seen = new Set<string>()
    let at: BackupMessage | undefined = start
    while (at && !done.has(at.id)) {
      if (seen.has(at.id)) return true
      seen.add(at.id)
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    }
    for (const id of seen) done.add(id)
  }
  return false
}

/** The messages with every parent before its children, otherwise oldest first. */
export function parentsFirst(messages: readonly BackupMessage[]): BackupMessage[] {
  const byId = new Map(messages.map((m) => [m.id, m]))
  const placed = new Set<string>()
  const out: BackupMessage[] = []
  const oldestFirst = [...messages].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  )
  for (const message of oldestFirst) {
    // The unplaced ancestors, nearest first; placed from the farthest down.
    const chain: BackupMessage[] = []
    let at: BackupMessage | undefined = message
    while (at && !placed.has(at.id)) {
      chain.push(at)
      placed.add(at.id)
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    }
    out.push(...chain.reverse())
  }
  return out
}

/** One restore call's worth of a backup. */
export interface BackupPart {
  conversations: Omit<BackupConversation, 'currentLeafId'>[]
  messages: BackupMessage[]
}

/**
 * The backup in parts of at most `maxChars` of JSON each (a single larger message goes alone):
 * the conversations first, then the messages, each after its parent.
 */
export function backupParts(
  backup: ConversationBackup,
  maxChars = BACKUP_PART_CHARS,
): BackupPart[] {
  const parts: BackupPart[] = []
  let part: BackupPart = { conversations: [], messages: [] }
  let size = 0
  const add = (kind: keyof BackupPart, item: BackupPart[keyof BackupPart][number]) => {
    const chars = JSON.stringify(item).length + 1
    if (size > 0 && size + chars > maxChars) {
      parts.push(part)
      part = { conversations: [], messages: [] }
      size = 0
    }
    ;(part[kind] as unknown[]).push(item)
    size += chars
  }
  for (const { currentLeafId: _, ...conversation } of backup.conversations)
    add('conversations', conversation)
  for (const message of parentsFirst(backup.messages)) add('messages', message)
  if (size > 0) parts.push(part)
  return parts
}
