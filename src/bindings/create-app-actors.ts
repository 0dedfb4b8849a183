import type { AppConfig } from '../app-config'
import { createPlatformClient } from '../platform/index'
import type { AppActors } from '../ui/app-actors'
import { createAuthActor } from './auth-binding'
import type { BrowserEnv } from './browser-env'
import { createThemeActor } from './theme-binding'

/** Builds and starts every app-wide actor. Called once by main.tsx, and by component tests. */
export function createAppActors(
  config: AppConfig,
  env: BrowserEnv,
  fetchImpl?: typeof fetch,
): AppActors {
  const platform = createPlatformClient({
    projectId: config.projectId,
    authUrl: config.authUrl,
    coreUrl: config.coreUrl,
    storage: env.storage,
    fetch: fetchImpl,
  })
  const actors: AppActors = {
    // The app shows its own signed-out landing card, so it does not force the login redirect.
    auth: createAuthActor(platform, env, { authUrl: config.authUrl, authRequired: false }),
    theme: createThemeActor(env),
  }
  actors.theme.start()
  actors.auth.start()
  return actors
}
