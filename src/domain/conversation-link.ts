/**
 * A deep link to a conversation (docs/product/conversations.md#deep-links): read at start-up,
 * so apart from conversation.ts, whose rest the first paint does not need.
 */

/** The query parameter of a deep link to a conversation: `?c=<id>`. */
export const CONVERSATION_PARAM = 'c'

/** Ids longer than this are not ids we made: a link carrying one finds nothing. */
const LINKED_ID_MAX = 200

/** The conversation id an address links to (`?c=<id>`), or null when it names none. */
export function linkedConversationId(href: string): string | null {
  let value: string | null
  try {
    value = new URL(href).searchParams.get(CONVERSATION_PARAM)
  } catch {
    return null
  }
  const id = value?.trim() ?? ''
  return id && id.length <= LINKED_ID_MAX ? id : null
}
