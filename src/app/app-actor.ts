import { createActor } from 'xstate'
import { createParentBridge } from '../bridge/parent-window'
import { parseStyleConfig, STYLE_CONFIG_STORAGE_KEY } from '../domain/style-config'
import { provideAuth } from '../effects/auth-effects'
import { provideChat } from '../effects/chat-effects'
import { providePrompts } from '../effects/prompt-effects'
import { provideTheme, savedTheme } from '../effects/theme-effects'
import { type AppInput, appMachine } from '../machines/app.machine'
import { createPlatformClient } from '../platform/index'
import type { BrowserEnv } from './browser-env'
import type { AppConfig } from './config'

/**
 * The actor system with every child given its effects: the SDK, the providers, the browser
 * and the parent-window bridge. Not started; `startApp` starts it.
 */
export function createAppActor(config: AppConfig, env: BrowserEnv, fetchImpl?: typeof fetch) {
  const platform = createPlatformClient({
    projectId: config.projectId,
    authUrl: config.authUrl,
    coreUrl: config.coreUrl,
    storage: env.storage,
    fetch: fetchImpl,
  })
  const bridge = createParentBridge({
    messages: env,
    parent: env.parent,
    referrer: env.referrer,
    authUrl: config.authUrl,
  })
  // Effects run only while someone is signed in; they read whose session it is then.
  const currentUserId = () => {
    const user = actor.getSnapshot().children.auth?.getSnapshot().context.user
    if (!user) throw new Error('Not authenticated')
    return user.id
  }
  const chat = provideChat({
    platform,
    currentUserId,
    providerBaseUrls: config.providerBaseUrls,
    fetch: fetchImpl,
  })
  const prompts = providePrompts({ platform, address: env, bridge, currentUserId })
  const machine = appMachine.provide({
    actors: {
      auth: provideAuth(platform, bridge, env),
      theme: provideTheme(env),
      sharedPrompt: prompts.sharedPrompt,
      chat: chat.chat,
      modelPicker: chat.modelPicker,
      library: prompts.library,
      activation: prompts.activation,
      quickPrompts: prompts.quickPrompts,
    },
  })
  const actor = createActor(machine, { input: appInput(env) })
  return actor
}

/** What the actors start from, read from the page once. */
function appInput(env: BrowserEnv): AppInput {
  const href = env.currentHref()
  return {
    // The app shows its own signed-out card, so it never forces the login redirect.
    auth: { inIframe: env.inIframe, authRequired: false },
    theme: { theme: savedTheme(env.storage) },
    sharedPrompt: { href },
    chat: { display: parseStyleConfig(env.storage.getItem(STYLE_CONFIG_STORAGE_KEY)) },
    // Share links point at the address the app is served from.
    library: { shareOrigin: new URL(href).origin },
  }
}
