import { createActor } from 'xstate'
import { createPageChannel, createParentBridge } from '../bridge/parent-window'
import { provideAuth } from '../effects/auth-effects'
import { provideChat } from '../effects/chat-effects'
import { provideConversations } from '../effects/conversation-effects'
import { provideExtensionBridge } from '../effects/extension-bridge-effects'
import { provideInstallExtension } from '../effects/install-extension-effects'
import { providePrompts } from '../effects/prompt-effects'
import { provideStyle, savedStyle } from '../effects/style-effects'
import { provideUsage } from '../effects/usage-effects'
import { type AppInput, appMachine } from '../machines/app.machine'
import { createPlatformClient } from '../platform/index'
import type { BrowserEnv } from './browser-env'
import type { AppConfig } from './config'

/**
 * The actor system with every child given its effects: the SDK, the providers, the browser
 * the parent-window bridge and the extension's page channel. Not started; `startApp` starts it.
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
    storage: env.storage,
    fetch: fetchImpl,
  })
  const prompts = providePrompts({
    platform,
    address: env,
    bridge,
    currentUserId,
    storage: env.storage,
  })
  const machine = appMachine.provide({
    actors: {
      auth: provideAuth(platform, bridge, env),
      style: provideStyle(env),
      sharedPrompt: prompts.sharedPrompt,
      installExtension: provideInstallExtension(),
      extensionBridge: provideExtensionBridge({
        channel: createPageChannel(env, env),
        db: platform.db,
        storage: env.storage,
      }),
      chat: chat.chat,
      conversations: provideConversations({ platform, address: env, currentUserId }),
      usage: provideUsage({ platform, currentUserId }),
      modelPicker: chat.modelPicker,
      library: prompts.library,
      activation: prompts.activation,
      quickPrompts: prompts.quickPrompts,
      picker: prompts.picker,
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
    style: { saved: savedStyle(env.storage), systemDark: env.systemScheme.prefersDark(), href },
    sharedPrompt: { href },
    chat: {},
    // Share links point at the address the app is served from.
    library: { shareOrigin: new URL(href).origin },
    // The extension's content script posts on this page (docs/product/permissions.md#extension-bridge).
    extensionBridge: { origin: new URL(href).origin },
  }
}
