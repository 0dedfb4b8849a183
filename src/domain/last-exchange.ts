import type { ChatMessage } from './chat-message'

/**
 * The last reply and the user message it answers, when the messages end with them: what
 * Regenerate asks again for (docs/product/behaviour.md#streamed-replies).
 */
export function lastExchange(messages: readonly ChatMessage[]) {
  const reply = messages.at(-1)
  const question = messages.at(-2)
  return reply?.role === 'assistant' && question?.role === 'user' ? { question, reply } : null
}

/**
 * The newest reply with text among the messages on screen, as its Copy button copies it (the
 * markdown as written): what the copy shortcut copies. Null when no reply has any yet.
 */
export function lastReplyText(messages: readonly ChatMessage[]): string | null {
  const reply = messages.findLast((m) => m.role === 'assistant' && m.content.trim() !== '')
  return reply?.content ?? null
}
