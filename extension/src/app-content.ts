import { isAppPage } from './app-page-marker'
import { createAppSync } from './app-sync'
import { createBridgeClient } from './bridge-client'
import { parseRuntimeMessage } from './runtime-messages'
import { SYNC_INTERVAL_MS } from './state'

// Content script on the app's origin (see the manifest): on the app's own page only (its
// marker, app-page-marker.ts), keeps the signed-in user and their prompts in extension storage
// while the tab is open. Any other page of the origin is left alone: it has no bridge, so
// asking it would write "signed-out" (docs/security.md "The extension acts only on the app's
// own page").
if (isAppPage(document)) {
  const appSync = createAppSync({
    client: createBridgeClient(window),
    storage: chrome.storage.local,
  })

  void appSync.sync()
  setInterval(() => void appSync.sync(), SYNC_INTERVAL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void appSync.sync()
  })

  chrome.runtime.onMessage.addListener((data, sender, sendResponse) => {
    // Only the service worker of this extension talks to us (never a page or another tab).
    if (sender.id !== chrome.runtime.id || sender.tab) return false
    const message = parseRuntimeMessage(data)
    if (!message) return false
    const work =
      message.kind === 'prompt-chat/refresh'
        ? appSync.sync().then(() => true)
        : appSync.setSystemPrompt(message.promptId, message.isActive)
    work.then(
      (ok) => sendResponse({ ok }),
      () => sendResponse({ ok: false }),
    )
    return true // answers asynchronously
  })
}
