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
