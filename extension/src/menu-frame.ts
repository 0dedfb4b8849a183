import { startMenuFrame } from './menu-frame-page'

// The extension's menu page (menu.html), in an iframe a chat site's content script puts next
// to the composer; of the extension's origin, so the site's scripts cannot read or script it.
startMenuFrame({
  doc: document,
  appUrl: `${__APP_ORIGIN__}/`,
  storage: chrome.storage.local,
  storageEvents: chrome.storage.onChanged,
  sendMessage: (message) => chrome.runtime.sendMessage(message),
})
