import { createRouter } from './router'
import { parseRuntimeMessage } from './runtime-messages'

// The service worker: relays a chat site's request to an open app tab (see router.ts).
const route = createRouter(chrome.tabs, __APP_ORIGIN__)

chrome.runtime.onMessage.addListener((data, sender, sendResponse) => {
  // Only our own content scripts on the chat sites (a tab of this extension's) ask us.
  if (sender.id !== chrome.runtime.id || !sender.tab) return false
  const message = parseRuntimeMessage(data)
  if (!message) return false
  route(message).then(sendResponse, () => sendResponse({ appOpen: false, ok: false }))
  return true
})
