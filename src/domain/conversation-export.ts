import type { ChatMessage } from './chat-message'
import type { Conversation } from './conversation'

/** The two files a conversation exports to (docs/product/conversations.md#export). */
export type ExportFormat = 'markdown' | 'json'

/** One message as exported: who said it, with which model, when, and what. */
export interface ExportedMessage {
  role: ChatMessage['role']
  /** The model's name for a reply (its id when no name is known); null for the user's. */
  model: string | null
  /** ISO 8601. */
  at: string
  content: string
  /** A reply that did not end in full: `stopped` or `interrupted`. */
  ended?: 'stopped' | 'interrupted'
  /** A question whose turn failed: why, as the user was told. */
  failure?: string
}

/** A conversation's current path, oldest first, as the JSON export holds it. */
export interface ConversationExport {
  title: string
  exportedAt: string
  messages: ExportedMessage[]
}

/** The conversation and the messages of its current path, oldest first, as exported. */
export function exportOf(
  conversation: Pick<Conversation, 'title'>,
  path: readonly ChatMessage[],
  modelName: (modelId: string) => string,
  now: Date,
): ConversationExport {
  return {
    title: conversation.title,
    exportedAt: now.toISOString(),
    messages: path.map((message) => ({
      role: message.role,
      model: message.role === 'assistant' ? modelName(message.modelId) : null,
      at: message.createdAt,
      content: message.content,
      ...(message.status === 'stopped' || message.status === 'interrupted'
        ? { ended: message.status }
        : {}),
      ...(message.failure ? { failure: message.failure } : {}),
    })),
  }
}

/** `2026-05-01 10:00 UTC`: the same in every time zone, so a file reads the same everywhere. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

const speaker = (message: ExportedMessage) =>
  message.role === 'user'
    ? 'You'
    : message.role === 'system'
      ? 'System'
      : (message.model ?? 'Assistant')

/**
 * The Markdown file: the title, then each message under its speaker and time, separated by
 * rules. Message text goes in as written: it is Markdown already.
 */
export function asMarkdown(exported: ConversationExport): string {
  const count = exported.messages.length
  const parts = [
    `# ${exported.title}`,
    `Exported ${when(exported.exportedAt)} · ${count} ${count === 1 ? 'message' : 'messages'}`,
    ...exported.messages.map((message) => {
      const notes = [
        message.ended && `(${message.ended})`,
        message.failure && `(not sent: ${message.failure})`,
      ].filter(Boolean)
      const heading = [`**${speaker(message)}** · ${when(message.at)}`, ...notes].join(' ')
      return `---\n\n${heading}\n\n${message.content}`
    }),
  ]
  return `${parts.join('\n\n')}\n`
}

export function asJson(exported: ConversationExport): string {
  return `${JSON.stringify(exported, null, 2)}\n`
}

/** `Trip to Porto.md`: the title without what file systems refuse, 80 characters at most. */
export function exportFileName(title: string, format: ExportFormat): string {
  // Control characters and the ones Windows, macOS or Linux refuse in a name become spaces.
  const safe = Array.from(title, (c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
  const base =
    Array.from(safe.join('').replace(/\s+/g, ' ').trim())
      .slice(0, 80)
      .join('')
      .replace(/^\.+/, '')
      .trim() || 'conversation'
  return `${base}.${format === 'markdown' ? 'md' : 'json'}`
}
