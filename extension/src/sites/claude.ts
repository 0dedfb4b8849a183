import { firstMatch, type SiteAdapter } from './site-adapter'

/** claude.ai: a ProseMirror editor inside the composer's fieldset; new chats live at /new. */
const COMPOSER = [
  'div.ProseMirror[contenteditable="true"]',
  '[data-testid="chat-input"][contenteditable="true"]',
  'fieldset textarea',
]
const SEND_BUTTON = 'button[aria-label="Send message"], button[aria-label="Send Message"]'
const MESSAGE = '[data-testid="user-message"], .font-claude-message, .font-claude-response'

export const claudeAdapter: SiteAdapter = {
  id: 'claude',
  hostname: 'claude.ai',
  findComposer: (doc) => firstMatch(doc, COMPOSER),
  mountPoint(composer) {
    const box = composer.closest('fieldset') ?? composer.parentElement
    return box ? { parent: box, before: box.firstChild } : null
  },
  isSendButton: (target) => target.closest(SEND_BUTTON) !== null,
  isNewConversation: (doc, url) =>
    !url.pathname.startsWith('/chat/') && doc.querySelector(MESSAGE) === null,
}
