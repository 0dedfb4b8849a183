import { firstMatch, type SiteAdapter } from './site-adapter'

/** chatgpt.com: a ProseMirror editor `#prompt-textarea` (a textarea in older markup). */
const COMPOSER = [
  'div#prompt-textarea[contenteditable="true"]',
  '#prompt-textarea',
  'form textarea[name="prompt-textarea"]',
  'form textarea',
]
const SEND_BUTTON = 'button[data-testid="send-button"], button#composer-submit-button'
const MESSAGE = '[data-message-author-role]'

export const chatgptAdapter: SiteAdapter = {
  id: 'chatgpt',
  hostname: 'chatgpt.com',
  findComposer: (doc) => firstMatch(doc, COMPOSER),
  mountPoint(composer) {
    // Inside the composer's form, before everything else in it.
    const form = composer.closest('form')
    if (form) return { parent: form, before: form.firstChild }
    return composer.parentElement ? { parent: composer.parentElement, before: composer } : null
  },
  isSendButton: (target) => target.closest(SEND_BUTTON) !== null,
  isNewConversation: (doc, url) =>
    !url.pathname.startsWith('/c/') && doc.querySelector(MESSAGE) === null,
}
