import { firstMatch, type SiteAdapter } from './site-adapter'

/** gemini.google.com: a Quill editor inside `<rich-textarea>`; a new chat is /app itself. */
const COMPOSER = [
  'rich-textarea .ql-editor[contenteditable="true"]',
  '.ql-editor[contenteditable="true"]',
  'rich-textarea textarea',
]
const SEND_BUTTON = 'button.send-button, button[aria-label="Send message"]'
const MESSAGE = 'user-query, model-response'

export const geminiAdapter: SiteAdapter = {
  id: 'gemini',
  hostname: 'gemini.google.com',
  findComposer: (doc) => firstMatch(doc, COMPOSER),
  mountPoint(composer) {
    const box = composer.closest('.text-input-field, input-area-v2, form') ?? composer.parentElement
    return box ? { parent: box, before: box.firstChild } : null
  },
  isSendButton: (target) => target.closest(SEND_BUTTON) !== null,
  isNewConversation: (doc, url) =>
    /^\/(u\/\d+\/)?app\/?$/.test(url.pathname) && doc.querySelector(MESSAGE) === null,
}
