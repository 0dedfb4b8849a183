import { startChatSite } from './chat-site'
import { MENU_FRAME_PAGE } from './runtime-messages'
import { adapterFor } from './sites'

// Content script on chatgpt.com, claude.ai and gemini.google.com (see the manifest).
const adapter = adapterFor(location.hostname)
if (adapter) {
  startChatSite({
    doc: document,
    adapter,
    frameUrl: chrome.runtime.getURL(MENU_FRAME_PAGE),
    extensionId: chrome.runtime.id,
    runtimeMessages: chrome.runtime.onMessage,
    storage: chrome.storage.local,
    storageEvents: chrome.storage.onChanged,
  })
}
