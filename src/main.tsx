import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { browserEnv } from './app/browser-env'
import { APP_CONFIG_ELEMENT_ID, readAppConfig } from './app/config'
import { loadSessionModule } from './app/load-session'
import { startApp } from './app/start-app'
import { TOKEN_STORAGE_KEY } from './platform/token-store'
import { App } from './ui/shell/app'
import { preloadChat } from './ui/shell/root-view'

// A stored session will show the chat and its history: fetch their code and the session's
// actors now, beside the session check, not after it. A new visitor fetches the actors once
// the landing card is idle (the card preloads the chat's views itself; docs/performance.md).
const preloadSession = () => void loadSessionModule().catch(() => {})
try {
  if (window.localStorage.getItem(TOKEN_STORAGE_KEY)) {
    preloadChat().catch(() => {})
    preloadSession()
  } else if (window.requestIdleCallback)
    window.requestIdleCallback(preloadSession, { timeout: 3000 })
  else setTimeout(preloadSession, 500)
} catch {
  // Storage refused: the session's code loads when it is known, as it would anyway.
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
