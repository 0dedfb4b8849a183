import { createActor, fromPromise } from 'xstate'
import { createPageChannel, createParentBridge } from '../bridge/parent-window'
import { linkedConversationId } from '../domain/conversation-link'
import { linkedShare } from '../domain/shared-conversation-link'
import { provideAuth } from '../effects/auth-effects'
import { deferredActors } from '../effects/deferred-logic'
import { createEarlyHistory } from '../effects/early-history'
import { provideExtensionBridge } from '../effects/extension-bridge-effects'
import type { SharedConversationLogic } from '../effects/shared-conversation-effects'
import { provideSharedPrompt } from '../effects/shared-prompt-effects'
import { provideStyle, savedStyle } from '../effects/style-effects'
import { type AppInput, appMachine, SESSION_ACTORS } from '../machines/app.machine'
import { createPlatformClient } from '../platform/index'
import type { BrowserEnv } from './browser-env'
import type { AppConfig } from './config'
import { loadSessionModule } from './load-session'
import type { SessionActorLogic } from './session-actors'

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
    trustedOrigins: config.trustedParentOrigins,
  })
  // Effects run only while someone is signed in; they read whose session it is then.
  const currentUserId = () => {
    const user = actor.getSnapshot().children.auth?.getSnapshot().context.user
    if (!user) throw new Error('Not authenticated')
    return user.id
  }
  // The session's actors come in their own chunk, on the first sign-in: until then each
  // is a stand-in the app machine invokes only after `load session` has filled it.
  const session = deferredActors<SessionActorLogic>([...SESSION_ACTORS, 'load extras'])
  const earlyHistory = createEarlyHistory(platform.db)
  let sessionLoaded: Promise<void> | undefined
  const loadSession = () => {
    // A linked conversation's history is asked for now, beside the session's code.
    const linked = linkedConversationId(env.currentHref())
    if (linked) earlyHistory.start(currentUserId(), linked)
    sessionLoaded ??= loadSessionModule().then(({ provideSessionActors }) => {
      session.fill(
        provideSessionActors({
          config,
          env,
          platform,
          bridge,
          currentUserId,
          fetch: fetchImpl,
          earlyHistory,
        }),
      )
    })
    // A failed load is not remembered: the next sign-in tries afresh.
    sessionLoaded.catch(() => {
      sessionLoaded = undefined
    })
    return sessionLoaded
  }
  // A share link's page comes in its own chunk, as the session's actors do.
  const shared = deferredActors<{ sharedConversation: SharedConversationLogic }>([
    'sharedConversation',
  ])
  const loadSharedPage = () =>
    import('../effects/shared-conversation-effects').then(({ provideSharedConversation }) =>
      shared.fill({
        sharedConversation: provideSharedConversation({ platform, address: env }),
      }),
    )
  const machine = appMachine.provide({
    actors: {
      auth: provideAuth(platform, bridge, env),
      style: provideStyle(env),
      sharedPrompt: provideSharedPrompt({ platform, address: env, currentUserId }),
      extensionBridge: provideExtensionBridge({
        channel: createPageChannel(env, env),
        db: platform.db,
        storage: env.storage,
        loadReads: () => import('../effects/extension-data'),
      }),
      'load session': fromPromise(loadSession),
      ...session.logic,
      'load shared page': fromPromise(loadSharedPage),
      ...shared.logic,
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
    sharedConversation: linkedShare(href),
    turn: {},
    // Share links point at the address the app is served from.
    library: { shareOrigin: new URL(href).origin },
    // The extension's content script posts on this page (docs/product/permissions.md#extension-bridge).
    extensionBridge: { origin: new URL(href).origin },
  }
}
