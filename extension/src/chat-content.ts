import { startChatSite } from './chat-site'
import { adapterFor } from './sites'

// Content script on chatgpt.com, claude.ai and gemini.google.com (see the manifest).
const adapter = adapterFor(location.hostname)
if (adapter) {
  startChatSite({
    doc: document,
    adapter,
    appUrl: `${__APP_ORIGIN__}/`,
    storage: chrome.storage.local,
    storageEvents: chrome.storage.onChanged,
    sendMessage: (message) => chrome.runtime.sendMessage(message),
  })
}
