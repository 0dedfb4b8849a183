import {
  assign,
  enqueueActions,
  fromPromise,
  raise,
  type SnapshotFrom,
  sendTo,
  setup,
  spawnChild,
} from 'xstate'
import type { LibraryFind } from '../domain/prompt-types'
import type { StyleConfig } from '../domain/style-config'
import type { AppReport } from './app-reports'
import type { attachmentPreviewsMachine } from './attachment-previews.machine'
import { type AuthInput, authMachine } from './auth.machine'
import type { composerAttachmentsMachine } from './composer-attachments.machine'
import type { conversationsMachine } from './conversations.machine'
import { type ExtensionBridgeInput, extensionBridgeMachine } from './extension-bridge.machine'
import type { installExtensionMachine } from './install-extension.machine'
import type { liveChangesMachine } from './live-changes.machine'
import type { modelsMachine } from './models.machine'
import type { openConversationMachine } from './open-conversation.machine'
import type { organiseMachine } from './organise.machine'
import type { panelsMachine } from './panels.machine'
import type { promptActivationMachine } from './prompt-activation.machine'
import type { LibraryInput, promptLibraryMachine } from './prompt-library.machine'
import type { promptPickerMachine } from './prompt-picker.machine'
import { providedLater } from './provided-later'
import type { quickPromptsMachine } from './quick-prompts.machine'
import type { searchMachine } from './search.machine'
import type { sharedConversationMachine } from './shared-conversation.machine'
import { type SharedPromptInput, sharedPromptMachine } from './shared-prompt.machine'
import { type StyleInput, styleMachine } from './style.machine'
import type { TurnInput, turnMachine } from './turn.machine'
import type { usageMachine } from './usage.machine'

export interface AppInput {
  auth: AuthInput
  style: StyleInput
  sharedPrompt: SharedPromptInput
  /** The turn's clock (tests pass a fixed one); the user id is the session's. */
  turn: Omit<TurnInput, 'userId'>
  library: LibraryInput
  extensionBridge: ExtensionBridgeInput
  /** A share link's id in the address: the page shows that conversation, and nothing else. */
  sharedConversation?: string | null
}

type AuthSnapshot = SnapshotFrom<typeof authMachine>

export type AppEvent =
  | AppReport
  /** Every auth snapshot, because auth is spawned with `syncSnapshot`. */
  | { type: 'xstate.snapshot.auth'; snapshot: AuthSnapshot }
  /**
   * The header's Library button, or a prompt chosen in a search (`find`): the library opens,
   * its code loaded first if need be.
   */
  | { type: 'library.open'; find?: LibraryFind }
  /** The header's Search, Ctrl+K: search opens, its code loaded first if need be. */
  | { type: 'search.open' }
  /** The header's Quick Prompts: the panel opens, its code loaded first if need be. */
  | { type: 'quick.open' }
  /** The header's Install Extension: its dialog opens, its code loaded first if need be. */
  | { type: 'install.open' }
  /** The page is idle after its first paint: the library's and search's code may load, unopened. */
  | { type: 'extras.preload' }
  /**
   * Files for the message being written: the paperclip, a paste or a drop, all offered once
   * the composer's files have started (with the extras).
   */
  | { type: 'attachments.add'; files: readonly File[] }

type ExtensionToggle = Extract<AppReport, { type: 'extension.setActive' }>

/** What opens one of the extras: asked before their code has come, it waits for it. */
type ExtrasOpening = Extract<
  AppEvent,
  { type: 'library.open' | 'search.open' | 'quick.open' | 'install.open' }
>
/** Asked to open one of the extras while their code is not here: it loads, then that opens. */
const HOLD_OPENING = { target: 'extrasOpening', actions: 'hold opening' } as const

/** The extension's update goes through the activation, as the prompt's button does. */
const toggleAsked = ({ prompt, isActive }: ExtensionToggle) => ({
  type: 'prompt.toggleActive' as const,
  prompt: { ...prompt, type: 'system' as const, isActive: !isActive },
})

export interface AppContext {
  input: AppInput
  /** Whose session the session actors belong to. */
  userId: string | null
  /** The extension's toggle that came while the session's code loaded: passed on once it has. */
  heldActivation: ExtensionToggle | null
  /** What asked to open while the extras' code loaded (the library, search): done once it has. */
  heldOpening: ExtrasOpening | null
  /** The style saved while the extras' code loaded: kept with the account once it has. */
  heldStyle?: StyleConfig
}

/** The ids of the actors that live for one signed-in session (the extras once loaded). */
export const SESSION_ACTORS = [
  'turn',
  'openConversation',
  'conversations',
  'models',
  'library',
  'activation',
  'quickPrompts',
  'picker',
  'usage',
  'installExtension',
  'search',
  'organise',
  'panels',
  'attachments',
  'previews',
  'live',
] as const

/** The signed-in user's id; null while signed out, starting up, or switching accounts. */
function sessionUserOf(event: AppEvent): string | null {
  if (event.type !== 'xstate.snapshot.auth' || !event.snapshot.hasTag('signedIn')) return null
  return event.snapshot.context.user?.id ?? null
}

/** What the extension bridge is told of an auth snapshot: the user, and whether auth has settled. */
function authNews(event: AppEvent) {
  if (event.type !== 'xstate.snapshot.auth') return { user: null, settled: false }
  const { snapshot } = event
  const signedIn = snapshot.hasTag('signedIn')
  return {
    user: signedIn ? (snapshot.context.user ?? null) : null,
    settled: signedIn || snapshot.hasTag('signedOut'),
  }
}

/**
 * The actor system (docs/architecture.md, "The actor system"). Auth, style and the shared
 * prompt live as long as the app (the signed-out card previews a shared prompt); the session
 * actors are invoked in `signedIn`, so leaving it stops them all and the next sign-in starts
 * fresh ones. Children report with `sendParent` (app-reports.ts); every route between them is
 * a transition here, which docs/machines/actor-map.md is generated from.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
    children: {} as {
      auth: 'auth'
      style: 'style'
      sharedPrompt: 'sharedPrompt'
      extensionBridge: 'extensionBridge'
      installExtension: 'installExtension'
      turn: 'turn'
      openConversation: 'openConversation'
      conversations: 'conversations'
      models: 'models'
      library: 'library'
      activation: 'activation'
      quickPrompts: 'quickPrompts'
      picker: 'picker'
      usage: 'usage'
      search: 'search'
      organise: 'organise'
      panels: 'panels'
      attachments: 'attachments'
      previews: 'previews'
      live: 'live'
      sharedConversation: 'sharedConversation'
    },
  },
  // The app layer provides each child with its effects: appMachine.provide({ actors }). The
  // session's machines are named by type only, so their code stays out of the first paint's
  // chunk (docs/performance.md, "Split"): `load session` brings it before they start.
  actors: {
    auth: authMachine,
    style: styleMachine,
    sharedPrompt: sharedPromptMachine,
    extensionBridge: extensionBridgeMachine,
    'load session': fromPromise<void>(async () => {}),
    turn: providedLater<typeof turnMachine>('turn'),
    installExtension: providedLater<typeof installExtensionMachine>('installExtension'),
    openConversation: providedLater<typeof openConversationMachine>('openConversation'),
    conversations: providedLater<typeof conversationsMachine>('conversations'),
    usage: providedLater<typeof usageMachine>('usage'),
    models: providedLater<typeof modelsMachine>('models'),
    library: providedLater<typeof promptLibraryMachine>('library'),
    'load extras': fromPromise<void>(async () => {}),
    activation: providedLater<typeof promptActivationMachine>('activation'),
    quickPrompts: providedLater<typeof quickPromptsMachine>('quickPrompts'),
    picker: providedLater<typeof promptPickerMachine>('picker'),
    search: providedLater<typeof searchMachine>('search'),
    organise: providedLater<typeof organiseMachine>('organise'),
    panels: providedLater<typeof panelsMachine>('panels'),
    attachments: providedLater<typeof composerAttachmentsMachine>('attachments'),
    previews: providedLater<typeof attachmentPreviewsMachine>('previews'),
    live: providedLater<typeof liveChangesMachine>('live'),
    // A share link's page, in its own chunk: `load shared page` brings it.
    'load shared page': fromPromise<void>(async () => {}),
    sharedConversation: providedLater<typeof sharedConversationMachine>('sharedConversation'),
  },
  actions: {
    'remember user': assign({ userId: ({ event }) => sessionUserOf(event) }),
    'forget user': assign({
      userId: null,
      heldActivation: null,
      heldOpening: null,
      heldStyle: undefined,
    }),
    // Only the four openings take HOLD_OPENING.
    'hold opening': assign({ heldOpening: ({ event }) => event as ExtrasOpening }),
    'pass held opening': enqueueActions(({ context, enqueue }) => {
      const held = context.heldOpening
      if (!held) return
      enqueue.raise(held)
      enqueue.assign({ heldOpening: null })
    }),
    'pass held activation': enqueueActions(({ context, enqueue }) => {
      const held = context.heldActivation
      if (!held) return
      enqueue.sendTo('activation', toggleAsked(held))
      enqueue.assign({ heldActivation: null })
    }),
    // The extension bridge answers for the signed-in user (docs/product/permissions.md#extension-bridge).
    'tell bridge': sendTo('extensionBridge', ({ event }) => ({
      type: 'auth.changed' as const,
      ...authNews(event),
    })),
  },
  guards: {
    'a share link?': ({ context }) => Boolean(context.input.sharedConversation),
    'signed in?': ({ event }) => sessionUserOf(event) !== null,
    'signed out?': ({ event }) => sessionUserOf(event) === null,
    'another user?': ({ context, event }) => sessionUserOf(event) !== context.userId,
    'a conversation found?': ({ event }) =>
      event.type === 'search.chosen' && event.result.kind === 'conversation',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ input, userId: null, heldActivation: null, heldOpening: null }),
  entry: [
    spawnChild('style', {
      id: 'style',
      systemId: 'style',
      input: ({ context }) => context.input.style,
    }),
    spawnChild('sharedPrompt', {
      id: 'sharedPrompt',
      systemId: 'sharedPrompt',
      input: ({ context }) => context.input.sharedPrompt,
    }),
    // Before auth, so it hears auth's first snapshot.
    spawnChild('extensionBridge', {
      id: 'extensionBridge',
      systemId: 'extensionBridge',
      input: ({ context }) => context.input.extensionBridge,
    }),
    spawnChild('auth', {
      id: 'auth',
      systemId: 'auth',
      input: ({ context }) => context.input.auth,
      syncSnapshot: true,
    }),
  ],
  initial: 'signedOut',
  states: {
    signedOut: {
      always: { guard: 'a share link?', target: 'sharedLink' },
      on: {
        'xstate.snapshot.auth': [
          { guard: 'signed in?', target: 'signedIn', actions: ['remember user', 'tell bridge'] },
          { actions: 'tell bridge' },
        ],
      },
    },
    // A share link's page (docs/product/conversations.md#share-by-link), signed in or not:
    // no session starts; continuing the conversation leaves for the chat.
    sharedLink: {
      initial: 'loading',
      on: { 'xstate.snapshot.auth': { actions: 'tell bridge' } },
      states: {
        loading: {
          invoke: {
            id: 'load shared page',
            src: 'load shared page',
            onDone: 'shown',
            onError: 'unavailable',
          },
        },
        unavailable: { tags: 'sessionUnavailable' },
        shown: {
          invoke: {
            id: 'sharedConversation',
            src: 'sharedConversation',
            input: ({ context }) => ({ id: context.input.sharedConversation ?? '' }),
          },
        },
      },
    },
    signedIn: {
      initial: 'loading',
      // The style editor belongs to the signed-in screen: leaving it closes it (reverting its
      // draft), so it never reopens on the next sign-in. The install dialog is a session actor,
      // so it stops with the session.
      exit: ['forget user', sendTo('style', { type: 'editor.cancel' })],
      on: {
        'xstate.snapshot.auth': [
          { guard: 'signed out?', target: 'signedOut', actions: 'tell bridge' },
          // An account switch without a signed-out snapshot between: a fresh session.
          {
            guard: 'another user?',
            target: 'signedIn',
            reenter: true,
            actions: ['remember user', 'tell bridge'],
          },
          { actions: 'tell bridge' },
        ],
      },
      states: {
        // The session's code, on its first sign-in (docs/performance.md, "Split").
        loading: {
          // Asked of the extension as the page opens: kept, not dropped, until the actors run.
          on: {
            'extension.setActive': {
              actions: assign({ heldActivation: ({ event }) => event }),
            },
          },
          invoke: {
            id: 'load session',
            src: 'load session',
            onDone: 'ready',
            onError: 'unavailable',
          },
        },
        // Its code did not arrive (offline, or a newer build replaced it): the page must be
        // reloaded, since a browser may keep a failed import's failure.
        unavailable: { tags: 'sessionUnavailable' },
        ready: {
          tags: 'session',
          // No system ids: one session's actors are reached through this machine's children.
          invoke: [
            {
              id: 'turn',
              src: 'turn',
              input: ({ context }) => ({ ...context.input.turn, userId: context.userId ?? '' }),
            },
            {
              id: 'openConversation',
              src: 'openConversation',
              input: ({ context }) => ({ userId: context.userId ?? '' }),
            },
            { id: 'conversations', src: 'conversations' },
            {
              id: 'models',
              src: 'models',
              input: ({ context }) => ({ userId: context.userId ?? '' }),
            },
            { id: 'activation', src: 'activation' },
            { id: 'panels', src: 'panels' },
          ],
          entry: [sendTo('activation', { type: 'session.start' }), 'pass held activation'],
          on: {
            'activePrompt.changed': {
              actions: sendTo('turn', ({ event }) => ({
                type: 'systemPrompt.changed',
                prompt: event.prompt,
              })),
            },
            'prompt.changed': {
              actions: sendTo('activation', ({ event }) => ({
                type: 'active.reload',
                promptId: event.promptId,
              })),
            },
            'servers.changed': { actions: sendTo('models', { type: 'servers.changed' }) },
            'keys.changed': { actions: sendTo('models', { type: 'keys.changed' }) },
            // A library or quick-prompt run, or a prompt the `/` picker inserted.
            'chat.fill': {
              actions: sendTo('turn', ({ event }) => ({
                type: 'input.change',
                value: event.content,
              })),
            },
            // A send goes through the open conversation, which tells the turn where it goes and
            // after which messages.
            'chat.submit': { actions: sendTo('openConversation', { type: 'message.send' }) },
            // The open conversation's answers go to the turn as they are, renamed.
            'chat.send': {
              actions: sendTo('turn', ({ event }) => ({ ...event, type: 'message.send' })),
            },
            'chat.regenerate': {
              actions: sendTo('turn', ({ event }) => ({ ...event, type: 'message.regenerate' })),
            },
            'chat.answer': {
              actions: sendTo('turn', ({ event }) => ({ ...event, type: 'message.answer' })),
            },
            'chat.edit': {
              actions: sendTo('turn', ({ event }) => ({ ...event, type: 'message.edit' })),
            },
            // The turn's rows show in the open conversation when they belong there.
            'chat.rowShown': {
              actions: sendTo('openConversation', ({ event }) => ({
                ...event,
                type: 'turn.shown',
              })),
            },
            // The composer's files ride with the next message (docs/product/attachments.md).
            'attachments.changed': { actions: sendTo('turn', ({ event }) => event) },
            'chat.rowHidden': {
              actions: sendTo('openConversation', ({ event }) => ({
                ...event,
                type: 'turn.hidden',
              })),
            },
            'chat.replyPicked': {
              actions: sendTo('openConversation', ({ event }) => ({
                ...event,
                type: 'reply.picked',
              })),
            },
            'extension.setActive': {
              actions: sendTo('activation', ({ event }) => toggleAsked(event)),
            },
            'activation.settled': {
              actions: sendTo('extensionBridge', ({ event }) => ({
                type: 'update.settled',
                promptId: event.promptId,
                isActive: event.isActive,
                ok: event.ok,
              })),
            },
            // The open conversation owns which one is open; the list tells it the latest (for
            // a start the address names nothing in) and each deletion, and lists what it found.
            'conversations.listed': {
              actions: sendTo('openConversation', ({ event }) => ({
                ...event,
                type: 'list.latest',
              })),
            },
            // The same event, passed on as it is: deleted here, or on another device.
            'conversation.deleted': {
              actions: [
                sendTo('openConversation', ({ event }) => event),
                sendTo('conversations', ({ event }) => event),
              ],
            },
            // Found by the address, or pinned, unpinned or moved by the organiser.
            'conversation.found': { actions: sendTo('conversations', ({ event }) => event) },
            'conversation.shown': {
              actions: sendTo('turn', ({ event }) => ({
                type: 'input.for',
                conversationId: event.conversationId,
              })),
            },
            'chat.conversationStarting': {
              actions: sendTo('openConversation', ({ event }) => ({
                type: 'conversation.starting',
                conversationId: event.conversationId,
              })),
            },
            'chat.conversationStarted': {
              actions: [
                sendTo('conversations', ({ event }) => ({
                  type: 'conversation.started',
                  conversation: event.conversation,
                })),
                sendTo('openConversation', ({ event }) => ({
                  type: 'conversation.saved',
                  conversationId: event.conversation.id,
                })),
              ],
            },
            // The list moves it up; the open conversation reads its total again.
            'chat.conversationActivity': {
              actions: [
                sendTo('conversations', ({ event }) => ({
                  ...event,
                  type: 'conversation.activity',
                })),
                sendTo('openConversation', ({ event }) => ({
                  ...event,
                  type: 'conversation.activity',
                })),
              ],
            },
            // A conversation opens with the model it was last answered with, if still listed.
            'conversation.modelUsed': {
              actions: sendTo('models', ({ event }) => ({
                type: 'model.use',
                modelId: event.modelId,
              })),
            },
            // docs/product/search.md: a conversation opens at the message found, a prompt in
            // the library, on its tab, searched for by its title.
            'search.chosen': [
              {
                guard: 'a conversation found?',
                actions: sendTo('openConversation', ({ event }) => ({
                  type: 'conversation.open' as const,
                  conversationId: event.result.id,
                  messageId: event.result.kind === 'conversation' ? event.result.messageId : null,
                })),
              },
              {
                actions: raise(({ event }) => ({
                  type: 'library.open' as const,
                  find: {
                    tab: event.result.kind === 'prompt' && event.result.own ? 'mine' : 'public',
                    search: event.result.title,
                  } satisfies LibraryFind,
                })),
              },
            ],
            // The models actor owns the choice; the next turn goes with it.
            'model.chosen': {
              actions: sendTo('turn', ({ event }) => ({
                type: 'model.select',
                modelId: event.modelId,
                readsImages: event.readsImages,
              })),
            },
            // A style saved before the feed's code has come: the feed keeps it with the account
            // when it starts, rather than showing the account's older one; once the extras run,
            // they take it (docs/product/live-sync.md#the-style).
            'style.saved': { actions: assign({ heldStyle: ({ event }) => event.config }) },
          },
          // The extras' code is not in the first paint (docs/performance.md, "Split"): the
          // Prompt Library, the Quick Prompts panel, search and the install dialog load once
          // the page is idle, or when one of them is first opened, and their actors start
          // then, for the rest of the session.
          initial: 'extrasUnloaded',
          states: {
            extrasUnloaded: {
              on: {
                'extras.preload': 'extrasLoading',
                'library.open': HOLD_OPENING,
                'search.open': HOLD_OPENING,
                'quick.open': HOLD_OPENING,
                'install.open': HOLD_OPENING,
              },
            },
            extrasLoading: {
              on: {
                'library.open': HOLD_OPENING,
                'search.open': HOLD_OPENING,
                'quick.open': HOLD_OPENING,
                'install.open': HOLD_OPENING,
              },
              invoke: {
                id: 'extrasLoader',
                src: 'load extras',
                onDone: 'extras',
                onError: 'extrasUnloaded',
              },
            },
            // Asked to open: what was asked opens as soon as it starts. A failed load leaves
            // the button to try again (the session's own code is here, so it rarely fails).
            extrasOpening: {
              invoke: {
                id: 'extrasLoader',
                src: 'load extras',
                onDone: { target: 'extras', actions: 'pass held opening' },
                onError: 'extrasUnloaded',
              },
            },
            extras: {
              invoke: [
                {
                  id: 'library',
                  src: 'library',
                  input: ({ context }) => context.input.library,
                },
                { id: 'quickPrompts', src: 'quickPrompts' },
                { id: 'picker', src: 'picker' },
                { id: 'search', src: 'search' },
                { id: 'organise', src: 'organise' },
                { id: 'usage', src: 'usage' },
                { id: 'installExtension', src: 'installExtension' },
                { id: 'attachments', src: 'attachments' },
                { id: 'previews', src: 'previews' },
                // Changes made on other devices, reported as this session's own reports are
                // (docs/product/live-sync.md).
                {
                  id: 'live',
                  src: 'live',
                  input: ({ context }) => ({ savedHere: context.heldStyle }),
                },
              ],
              on: {
                // The same event, passed on as it is (with a search's prompt to find, if any).
                'library.open': { actions: sendTo('library', ({ event }) => event) },
                'search.open': { actions: sendTo('search', ({ event }) => event) },
                'quick.open': { actions: sendTo('quickPrompts', ({ event }) => event) },
                'install.open': { actions: sendTo('installExtension', ({ event }) => event) },
                'attachments.add': { actions: sendTo('attachments', ({ event }) => event) },
                // docs/product/live-sync.md#the-style: kept with the account, and shown from it.
                'style.saved': { actions: sendTo('live', ({ event }) => event) },
                'style.synced': { actions: sendTo('style', ({ event }) => event) },
                // Only a composer with files sends them, so it is running.
                'chat.attachmentsSent': { actions: sendTo('attachments', ({ event }) => event) },
                'prompts.changed': {
                  actions: [
                    sendTo('library', { type: 'library.refresh' }),
                    sendTo('quickPrompts', { type: 'quick.refresh' }),
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
})
