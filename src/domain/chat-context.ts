import type { MessageAttachment } from './attachments'
import type { ChatRole } from './chat-types'

/** docs/product/limits.md: each turn carries at most this many earlier messages. */
export const CONTEXT_EARLIER_MESSAGES = 10

export interface ActiveSystemPrompt {
  id: string
  title: string
  content: string
}

/**
 * One turn of the context as the turn machine holds it: attachments are the stored files'
 * references; the call loads their contents (docs/product/attachments.md#what-each-provider-receives).
 */
export interface ContextTurn {
  role: ChatRole
  content: string
  attachments?: readonly MessageAttachment[]
}

/** A message as the context takes it: its role, its text and its files (null: none). */
type ContextMessage = Pick<ContextTurn, 'role' | 'content'> & {
  attachments?: readonly MessageAttachment[] | null
}

export interface ContextOptions {
  /**
   * False for a model that cannot read images: earlier messages' images are left out
   * (docs/product/attachments.md#the-context). The new message's own are refused before.
   */
  readsImages?: boolean
}

const withoutImages = (attachments: readonly MessageAttachment[]) =>
  attachments.filter((attachment) => attachment.kind !== 'image')

/**
 * What the model sees for one turn (docs/product/behaviour.md): the active system prompt (if any), then the last
 * ten earlier messages in order, each with its attachments, then the new user message with its own.
 */
export function buildChatContext(
  systemPrompt: ActiveSystemPrompt | null,
  earlier: readonly ContextMessage[],
  newMessage: string,
  newAttachments: readonly MessageAttachment[] | null = [],
  options: ContextOptions = {},
): ContextTurn[] {
  const turns: ContextTurn[] = []
  if (systemPrompt) turns.push({ role: 'system', content: systemPrompt.content })
  for (const { role, content, attachments } of earlier.slice(-CONTEXT_EARLIER_MESSAGES)) {
    const kept =
      attachments && options.readsImages === false ? withoutImages(attachments) : attachments
    turns.push(kept?.length ? { role, content, attachments: kept } : { role, content })
  }
  turns.push(
    newAttachments?.length
      ? { role: 'user', content: newMessage, attachments: newAttachments }
      : { role: 'user', content: newMessage },
  )
  return turns
}
