import type { ChatTurn } from './chat-types'

/** docs/product/limits.md: each turn carries at most this many earlier messages. */
export const CONTEXT_EARLIER_MESSAGES = 10

export interface ActiveSystemPrompt {
  id: string
  title: string
  content: string
}

/**
 * What the model sees for one turn (docs/product/behaviour.md): the active system prompt (if any), then the last
 * ten earlier messages in order, then the new user message.
 */
export function buildChatContext(
  systemPrompt: ActiveSystemPrompt | null,
  earlier: readonly ChatTurn[],
  newMessage: string,
): ChatTurn[] {
  const turns: ChatTurn[] = []
  if (systemPrompt) turns.push({ role: 'system', content: systemPrompt.content })
  for (const { role, content } of earlier.slice(-CONTEXT_EARLIER_MESSAGES)) {
    turns.push({ role, content })
  }
  turns.push({ role: 'user', content: newMessage })
  return turns
}
