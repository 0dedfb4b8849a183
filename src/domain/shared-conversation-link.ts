/**
 * A share link in the address (docs/product/conversations.md#share-by-link): read at start-up,
 * so apart from shared-conversation.ts, whose rest the first paint does not need.
 */

/** The query parameter of a share link: `?share=<id>`. */
export const SHARE_PARAM = 'share'

/**
 * The share id an address holds (`?share=<id>`), as it is: whether it can be one is the page's
 * to check (src/machines/shared-conversation.machine.ts). Null when it holds none.
 */
export function linkedShare(href: string): string | null {
  try {
    return new URL(href).searchParams.get(SHARE_PARAM)
  } catch {
    return null
  }
}
