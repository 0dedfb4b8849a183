import type { AppConfig } from '../app-config'
import { createPlatformClient } from '../platform/index'
import type { AppActors } from '../ui/app-actors'
import { createAuthActor } from './auth-binding'
import type { BrowserEnv } from './browser-env'
import { createChatActors } from './chat-binding'
import { createPromptActors } from './prompt-bindings'
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
  // The app shows its own signed-out landing card, so it does not force the login redirect.
  const auth = createAuthActor(platform, env, { authUrl: config.authUrl, authRequired: false })
  const { chat: chatActor, modelPicker } = createChatActors({
    platform,
    env,
    auth,
    providerBaseUrls: config.providerBaseUrls,
  })
  const actors: AppActors = {
    auth,
    chat: chatActor,
    modelPicker,
    theme: createThemeActor(env),
    prompts: createPromptActors({
      platform,
      env,
      auth,
      // The prompt features talk to the chat only through its ChatPort events.
      chat: chatActor,
      authUrl: config.authUrl,
      parent: env.inIframe && typeof window !== 'undefined' ? window.parent : null,
      referrer: typeof document !== 'undefined' ? document.referrer : '',
    }),
  }
  actors.theme.start()
  actors.chat.start()
  actors.modelPicker.start()
  actors.auth.start()
  return actors
}
