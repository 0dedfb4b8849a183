import { CONTEXT_EARLIER_MESSAGES } from '../domain/chat-context'
import type { ChatMessage } from '../domain/chat-message'
import type { SendTarget } from '../domain/send-target'

// What the open conversation asks of the turn, from what is on screen: where each turn goes,
// after which messages, and with which message it starts. The open conversation reports these
// and the app machine passes them on to the turn.

/** What the asks read of the open conversation's context (open-conversation.machine.ts). */
export interface ConversationOnScreen {
  conversationId: string | null
  messages: readonly ChatMessage[]
  /** Whether the path has messages older than those on screen. */
  hasOlder: boolean
  editing: { messageId: string; text: string } | null
}

/** The message being edited, while it is on screen and a message the user sent. */
export const editedMessage = (context: ConversationOnScreen) =>
  context.messages.find(
    (message) => message.id === context.editing?.messageId && message.role === 'user',
  ) ?? null

/**
 * Where a turn placed at `at` on screen goes, and after what: a new message at the end follows
 * the last one; a new version of the message at `at` follows what that one follows. When the
 * page on screen starts later in the path than the context reaches back, the turn reads the
 * context from the stored path (docs/product/conversations.md, "Long conversations").
 */
function targetAt(context: ConversationOnScreen, at: number): SendTarget {
  const { messages } = context
  return {
    conversationId: context.conversationId,
    earlier: messages.slice(0, at),
    parentId: (at < messages.length ? messages[at]?.parentId : messages.at(-1)?.id) ?? null,
    readEarlier: context.hasOlder && at < CONTEXT_EARLIER_MESSAGES,
  }
}

/** What the composer holds, after the last message on screen. */
export const sendAsk = (context: ConversationOnScreen): SendTarget =>
  targetAt(context, context.messages.length)

/**
 * A reply to a question on screen left unanswered, after the messages before it; or, with
 * `compareWith`, the question compared again, the reply it has on screen kept as a version.
 */
export function answerAsk(
  context: ConversationOnScreen,
  messageId: string,
  compareWith?: readonly string[],
) {
  const at = context.messages.findIndex((m) => m.id === messageId)
  const next = context.messages[at + 1]
  return {
    question: context.messages[at] as ChatMessage,
    ...targetAt(context, at),
    ...(compareWith && { compareWith, reply: next?.role === 'assistant' ? next : null }),
  }
}

/** The edited text, as a new version of the message, after the messages before it. */
export function editAsk(context: ConversationOnScreen) {
  const message = editedMessage(context) as ChatMessage
  return {
    message,
    text: context.editing?.text.trim() ?? '',
    ...targetAt(context, context.messages.indexOf(message)),
  }
}

/** The last reply again, after the same messages. */
export function regenerateAsk(context: ConversationOnScreen) {
  return {
    question: context.messages.at(-2) as ChatMessage,
    reply: context.messages.at(-1) as ChatMessage,
    ...targetAt(context, context.messages.length - 2),
  }
}
