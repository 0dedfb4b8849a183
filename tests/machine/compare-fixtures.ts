import type { ContextTurn } from '../../src/domain/chat-context'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { ChatModel } from '../../src/domain/chat-model'
import type { ChatUsage } from '../../src/domain/chat-types'

// What the comparison's tests ask about (docs/product/compare.md): a question compared at T,
// the context it was sent with, and a reply's usage.

export const T = 1_700_000_000_000
export const USAGE: ChatUsage = { promptTokens: 12, completionTokens: 3, totalTokens: 15 }
export const GEMINI: ChatModel = {
  id: 'gemini-3',
  name: 'Gemini 3',
  description: '',
  provider: 'google',
}
export const QUESTION: ChatMessage = {
  id: 'msg_1699999999000_user',
  userId: 'user_1',
  modelId: 'gpt-5',
  role: 'user',
  content: 'Which is better?',
  systemPromptId: 'prompt_1',
  conversationId: 'conv_1',
  parentId: 'msg_2_assistant',
  createdAt: new Date(T - 1000).toISOString(),
}
export const TURNS: ContextTurn[] = [
  { role: 'system', content: 'Talk like a pirate.' },
  { role: 'user', content: 'user 1' },
  { role: 'assistant', content: 'assistant 2' },
  { role: 'user', content: 'Which is better?' },
]
