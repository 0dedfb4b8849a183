import type { ChatMessage } from '../domain/chat-message'
import type { SqlClient } from '../platform/index'

const INSERT_MESSAGE = `insert into chat_messages
  (id, user_id, model_id, role, content, system_prompt_id, conversation_id, parent_id, created_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

// Each row a fresh id: an edit's new version carries the files of the message it edits, which
// keep their own rows (db/migrations/chat-attachments.ts deletes a file with its last row).
const INSERT_ATTACHMENTS = `insert into chat_attachments
  (user_id, id, message_id, position, kind, name, media_type, size, width, height, path)
  select $1, 'att_' || replace(gen_random_uuid()::text, '-', ''), $2, a.position, a.kind, a.name,
    a.media_type, a.size, a.width, a.height, a.path
  from jsonb_to_recordset($3::jsonb)
    as a(position int, kind text, name text, media_type text, size int, width int, height int, path text)`

/**
 * Writes a user message and its files' rows in one transaction (docs/product/attachments.md):
 * a message is never stored without the files it was sent with.
 */
export async function saveMessageWithAttachments(db: SqlClient, message: ChatMessage) {
  const rows = (message.attachments ?? []).map((attachment, position) => ({
    position,
    kind: attachment.kind,
    name: attachment.name,
    media_type: attachment.mediaType,
    size: attachment.size,
    width: attachment.width,
    height: attachment.height,
    path: attachment.path,
  }))
  await db.batch([
    {
      query: INSERT_MESSAGE,
      params: [
        message.id,
        message.userId,
        message.modelId,
        message.role,
        message.content,
        message.systemPromptId,
        message.conversationId ?? null,
        message.parentId ?? null,
        message.createdAt,
      ],
    },
    { query: INSERT_ATTACHMENTS, params: [message.userId, message.id, JSON.stringify(rows)] },
  ])
}
