/**
 * What the extension needs to know about one chat site's markup. Each site keeps all its
 * selectors in its own file (chatgpt.ts, claude.ts, gemini.ts), so a markup change there is a
 * one-file fix.
 */
export interface SiteAdapter {
  /** Short name, also the menu's `data-site`. */
  id: 'chatgpt' | 'claude' | 'gemini'
  /** The site's hostname (the manifest's content-script match). */
  hostname: string
  /** The message box: a textarea or a contenteditable editor, or null while there is none. */
  findComposer(doc: Document): HTMLElement | null
  /**
   * Where the menu's button goes, given the composer: it is inserted into `parent` before
   * `before` (null: at the end).
   */
  mountPoint(composer: HTMLElement): { parent: Element; before: Node | null } | null
  /** Whether a click on `target` sends the message (the site's send button). */
  isSendButton(target: Element): boolean
  /** Whether the page shows a new, still empty conversation (the next send is its first). */
  isNewConversation(doc: Document, url: URL): boolean
}

/** The first element matching one of `selectors`, in order. */
export function firstMatch(root: ParentNode, selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    const found = root.querySelector<HTMLElement>(selector)
    if (found) return found
  }
  return null
}
