import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { browserEnv } from './app/browser-env'
import { APP_CONFIG_ELEMENT_ID, readAppConfig } from './app/config'
import { startApp } from './app/start-app'
import { App } from './ui/shell/app'

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
