import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { browserEnv } from './app/browser-env'
import { APP_CONFIG_ELEMENT_ID, readAppConfig } from './app/config'
import { startApp } from './app/start-app'
import { TOKEN_STORAGE_KEY } from './platform/token-store'
import { App } from './ui/shell/app'
import { preloadChat } from './ui/shell/root-view'

// A stored session will show the chat and its history: fetch their code now, beside the session
// check, not after it; a new visitor without one never pays for it here (docs/performance.md).
try {
  if (window.localStorage.getItem(TOKEN_STORAGE_KEY)) void preloadChat()
} catch {
  // Storage refused: the chat loads when the session is known, as it would anyway.
}

const config = readAppConfig(
  import.meta.env,
  window.location.origin,
  document.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent,
)
const actors = startApp(config, browserEnv(window))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App actors={actors} />
  </StrictMode>,
)
