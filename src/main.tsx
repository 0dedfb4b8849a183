import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { APP_CONFIG_ELEMENT_ID, readAppConfig } from './app-config'
import { browserEnv } from './bindings/browser-env'
import { createAppActors } from './bindings/create-app-actors'
import { App } from './ui/app'

const config = readAppConfig(
  import.meta.env,
  window.location.origin,
  document.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent,
)
const actors = createAppActors(config, browserEnv(window))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App actors={actors} />
  </StrictMode>,
)
