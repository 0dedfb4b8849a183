import { createRouter } from './router'
import {
  isMenuFrameUrl,
  MENU_FRAME_PAGE,
  parseMenuFrameMessage,
  parseRuntimeMessage,
} from './runtime-messages'

// The service worker: relays a chat site's request to an open app tab (see router.ts), and the
// menu frame's choice to the content script of the tab it is in.
const route = createRouter(chrome.tabs, __APP_ORIGIN__)
const menuPageUrl = chrome.runtime.getURL(MENU_FRAME_PAGE)

chrome.runtime.onMessage.addListener((data, sender, sendResponse) => {
  // Only our own pages and content scripts in a tab ask us.
  if (sender.id !== chrome.runtime.id || !sender.tab) return false
  // Inserting and toggling are the menu frame's alone (docs/security.md "The extension menu
  // lives in the extension's frame"): never a content script, which a page can script.
  const fromMenuFrame = isMenuFrameUrl(sender.url, menuPageUrl)
  const frameMessage = parseMenuFrameMessage(data)
  if (frameMessage) {
    const tabId = sender.tab.id
    if (!fromMenuFrame || tabId === undefined) return false
    // To the top frame's content script of the tab the menu frame is in, and no other.
    chrome.tabs.sendMessage(tabId, frameMessage, { frameId: 0 }).catch(() => {})
    return false
  }
  const message = parseRuntimeMessage(data)
  if (!message) return false
  if (message.kind === 'prompt-chat/set-system-prompt' && !fromMenuFrame) return false
  route(message).then(sendResponse, () => sendResponse({ appOpen: false, ok: false }))
  return true
})
