/**
 * The marker the app's index.html carries, `<meta name="prompt-chat-app" content="prompt-chat">`:
 * the app-side content script acts only on a page that has it, and ignores every other page of
 * the app's origin (fixtures, static files). It says "this is the app", not "trust this page":
 * a script of the same origin could copy it (docs/security.md "The extension acts only on the
 * app's own page").
 */
export const APP_PAGE_MARKER = 'prompt-chat-app'

export function isAppPage(doc: Document): boolean {
  const meta = doc.querySelector(`meta[name="${APP_PAGE_MARKER}"]`)
  return meta?.getAttribute('content') === 'prompt-chat'
}
