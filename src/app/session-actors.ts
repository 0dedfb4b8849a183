import { fromPromise } from 'xstate'
import type { ParentBridge } from '../bridge/parent-window'
import { provideConversations } from '../effects/conversation-effects'
import { deferredActors } from '../effects/deferred-logic'
import type { EarlyHistory } from '../effects/early-history'
import type { ExtrasLogic } from '../effects/extras-effects'
import { provideModels } from '../effects/models-effects'
import { provideOpenConversation } from '../effects/open-conversation-effects'
import { providePanels } from '../effects/panels-effects'
import { providePrompts } from '../effects/prompt-effects'
import { provideTurn } from '../effects/turn-effects'
import type { PlatformClient } from '../platform/index'
import type { BrowserEnv } from './browser-env'
import type { AppConfig } from './config'

export interface SessionDeps {
  config: AppConfig
  env: BrowserEnv
  platform: PlatformClient
  bridge: ParentBridge
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  fetch?: typeof fetch
  /** A linked conversation's history, asked for at sign-in (src/effects/early-history.ts). */
  earlyHistory?: EarlyHistory
}

/**
 * The signed-in session's actors with their effects: the turn, the open conversation, the
 * conversations list and usage, the models and their picker, the prompt features and the
 * install dialog, search and organising conversations. Its own chunk, loaded on the first sign-in or
 * preloaded for a stored session (docs/performance.md, "Split").
 */
export function provideSessionActors(deps: SessionDeps) {
  const { platform, currentUserId, env } = deps
  const providerBaseUrls = deps.config.providerBaseUrls
  // Started by the app machine once `load extras` has filled them (docs/performance.md, "Split").
  const extras = deferredActors<ExtrasLogic>([
    'search',
    'organise',
    'usage',
    'installExtension',
    'attachments',
    'previews',
    'live',
  ])
  const prompts = providePrompts({
    platform,
    bridge: deps.bridge,
    currentUserId,
    storage: env.storage,
  })
  return {
    turn: provideTurn({
      platform,
      currentUserId,
      providerBaseUrls,
      fetch: deps.fetch,
      storage: env.storage,
    }),
    openConversation: provideOpenConversation({
      platform,
      address: env,
      earlyHistory: deps.earlyHistory,
    }),
    conversations: provideConversations({ platform, currentUserId }),
    models: provideModels({
      platform,
      currentUserId,
      providerBaseUrls,
      storage: env.storage,
      fetch: deps.fetch,
    }),
    library: prompts.library,
    quickPrompts: prompts.quickPrompts,
    search: extras.logic.search,
    organise: extras.logic.organise,
    usage: extras.logic.usage,
    installExtension: extras.logic.installExtension,
    attachments: extras.logic.attachments,
    previews: extras.logic.previews,
    live: extras.logic.live,
    // The extras: the library, the quick prompts, search and the install dialog, loaded after
    // the first paint.
    'load extras': fromPromise(async () => {
      const [{ provideExtras }] = await Promise.all([
        import('../effects/extras-effects'),
        prompts.loadLater(),
      ])
      extras.fill(provideExtras({ platform, currentUserId, storage: env.storage }))
    }),
    activation: prompts.activation,
    picker: prompts.picker,
    panels: providePanels(env.storage),
  }
}

export type SessionActorLogic = ReturnType<typeof provideSessionActors>
