import { type AnyActorRef, createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import type { TokenSet, User } from '../../src/domain/auth-types'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { ChatModel } from '../../src/domain/chat-model'
import type { ChatResult } from '../../src/domain/chat-types'
import type { Conversation } from '../../src/domain/conversation'
import type { ConversationFolder } from '../../src/domain/conversation-folder'
import { linkedConversationId } from '../../src/domain/conversation-link'
import { EMPTY_PROMPTS_DATA, type ExtensionReply } from '../../src/domain/extension-bridge-messages'
import type { HistoryPage } from '../../src/domain/history-page'
import type { PickerPrompt } from '../../src/domain/prompt-picker'
import type {
  ActivePrompt,
  LibraryPrompt,
  PromptRow,
  QuickPromptEntry,
} from '../../src/domain/prompt-types'
import type { SearchResult } from '../../src/domain/search-result'
import type { ModelServer } from '../../src/domain/server-models'
import { DEFAULT_STYLE_CONFIG, type StyleConfig } from '../../src/domain/style-config'
import type { ProviderUsage } from '../../src/domain/usage-by-provider'
import { apiKeysMachine, type SavedKeys } from '../../src/machines/api-keys.machine'
import { appMachine } from '../../src/machines/app.machine'
import { attachmentPreviewsMachine } from '../../src/machines/attachment-previews.machine'
import { type AuthEvent, authMachine } from '../../src/machines/auth.machine'
import { composerAttachmentsMachine } from '../../src/machines/composer-attachments.machine'
import { conversationsMachine } from '../../src/machines/conversations.machine'
import { extensionBridgeMachine } from '../../src/machines/extension-bridge.machine'
import { installExtensionMachine } from '../../src/machines/install-extension.machine'
import { type LiveChangeEvent, liveChangesMachine } from '../../src/machines/live-changes.machine'
import { modelServersMachine } from '../../src/machines/model-servers.machine'
import { modelsMachine } from '../../src/machines/models.machine'
import { openConversationMachine } from '../../src/machines/open-conversation.machine'
import type { LinkedConversation } from '../../src/machines/open-conversation-state'
import { organiseMachine } from '../../src/machines/organise.machine'
import { panelsMachine } from '../../src/machines/panels.machine'
import { promptActivationMachine } from '../../src/machines/prompt-activation.machine'
import { type DeleteOutcome, promptLibraryMachine } from '../../src/machines/prompt-library.machine'
import { promptPickerMachine } from '../../src/machines/prompt-picker.machine'
import { quickPromptsMachine } from '../../src/machines/quick-prompts.machine'
import { searchMachine } from '../../src/machines/search.machine'
import { sharedPromptMachine } from '../../src/machines/shared-prompt.machine'
import { styleMachine } from '../../src/machines/style.machine'
import { turnMachine } from '../../src/machines/turn.machine'
import { usageMachine } from '../../src/machines/usage.machine'
import { libraryPrompt } from './prompt-fixtures'

export const ALICE: User = { id: 'user_alice', email: 'alice@example.com' }
export const BOB: User = { id: 'user_bob', email: 'bob@example.com' }
export const GPT: ChatModel = { id: 'gpt-5', name: 'GPT-5', description: '', provider: 'OpenAI' }
const REPLY: ChatResult = {
  content: 'ok',
  model: 'gpt-5',
  usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
}
export const REVIEWER = libraryPrompt({ id: 's1', title: 'Reviewer', type: 'system', isOwn: true })
/** The page the harness app is served at: the extension bridge hears this origin only. */
export const PAGE_ORIGIN = 'https://chat.example.com'

export function tokensFor(user: User): TokenSet {
  return {
    access_token: user.id,
    token_type: 'Bearer',
    expires_in: 900,
    issued_at: 0,
  }
}

const noop = () => {}

/**
 * The app machine with every child provided with recording fakes, as src/app provides the
 * real effects. Sign-in and sign-out go through the auth child, as the parent window would.
 */
export function startApp(
  options: {
    restored?: User
    active?: ActivePrompt | null
    href?: string
    /** How the session's code arrives; at once by default. */
    loadSession?: () => Promise<void>
    /** How the library's and search's code arrives; at once by default. */
    loadExtras?: () => Promise<void>
    /** The style kept with the account, or when the read of it answers; none by default. */
    accountStyle?: StyleConfig | null | Promise<StyleConfig | null>
    /** The keys and servers the store holds each time they are read; none by default. */
    savedKeys?: () => SavedKeys
    servers?: () => ModelServer[]
  } = {},
) {
  const clock = new SimulatedClock()
  const calls = {
    libraryLoads: 0,
    quickLoads: 0,
    activeLoads: 0,
    modelLoads: 0,
    /** The styles kept with the account, in order (docs/product/live-sync.md#the-style). */
    keptStyles: [] as StyleConfig[],
    saved: [] as ChatMessage[],
    /** What the extension bridge posted back, with the target origin. */
    replies: [] as Array<{ message: ExtensionReply; targetOrigin: string }>,
    /** The activation's activate and deactivate calls, by prompt id. */
    toggles: [] as string[],
  }
  let page: ((event: { type: 'page.message'; origin: string; data: unknown }) => void) | null = null
  let parent: ((event: AuthEvent) => void) | null = null
  let feed: ((event: LiveChangeEvent) => void) | null = null
  const users = new Map([ALICE, BOB].map((user) => [user.id, user]))

  const machine = appMachine.provide({
    actors: {
      'load session': fromPromise(options.loadSession ?? (async () => {})),
      'load extras': fromPromise(options.loadExtras ?? (async () => {})),
      auth: authMachine.provide({
        actors: {
          'listen to parent': fromCallback(({ sendBack }) => {
            parent = sendBack
          }),
          'read redirect': fromPromise(
            async (): Promise<{ tokens: TokenSet | null }> => ({
              tokens: null,
            }),
          ),
          'restore session': fromPromise(async () =>
            options.restored
              ? { tokens: tokensFor(options.restored), user: options.restored }
              : null,
          ),
          'load user': fromPromise(async ({ input }) => users.get(input.tokens.access_token)!),
          'refresh tokens': fromPromise(() => new Promise<TokenSet>(noop)),
          'listen to tokens': fromCallback(noop),
        },
        actions: { 'redirect to login': noop, 'clear tokens': noop, navigate: noop },
      }),
      style: styleMachine.provide({
        actors: { 'watch system scheme': fromCallback(noop) },
        actions: {
          'apply look': noop,
          'remember config': noop,
          'forget config': noop,
          'remember theme': noop,
          'reset address': noop,
          notify: noop,
        },
      }),
      extensionBridge: extensionBridgeMachine.provide({
        actors: {
          'listen to page': fromCallback(({ sendBack }) => {
            page = sendBack
          }),
          'load prompts data': fromPromise(async () => EMPTY_PROMPTS_DATA),
          'find prompt': fromPromise(
            async ({ input }): Promise<PromptRow | null> =>
              input.promptId === REVIEWER.id ? { ...REVIEWER, userId: ALICE.id } : null,
          ),
        },
        actions: {
          'post reply': (_, reply) => {
            calls.replies.push(reply)
          },
          'log error': noop,
        },
      }),
      sharedPrompt: sharedPromptMachine.provide({
        actors: { 'add shared prompt': fromPromise(async (): Promise<unknown> => undefined) },
        actions: { notify: noop, 'reset address': noop },
      }),
      openConversation: openConversationMachine.provide({
        actors: {
          'watch address': fromCallback(({ sendBack }) => {
            sendBack({
              type: 'address.read',
              conversationId: linkedConversationId(options.href ?? PAGE_ORIGIN),
            })
          }),
          'read spend': fromCallback(({ input, sendBack }) => {
            sendBack({ type: 'spend.read', conversationId: input.conversationId, rows: [] })
          }),
          'open link': fromPromise(
            async (): Promise<LinkedConversation> => ({
              conversation: null,
              page: { messages: [], hasOlder: false, versions: {} },
            }),
          ),
          'load history': fromPromise(
            async (): Promise<HistoryPage> => ({
              messages: [],
              hasOlder: false,
              versions: {},
            }),
          ),
        },
        actions: { 'log error': noop, notify: noop, 'show in address': noop },
      }),
      turn: turnMachine.provide({
        actors: {
          'create conversation': fromPromise(async (): Promise<void> => {}),
          'save message': fromPromise(async ({ input }) => {
            calls.saved.push(input)
          }),
          'find model': fromPromise(async (): Promise<ChatModel | null> => GPT),
          'find api key': fromPromise(async (): Promise<string | null> => 'sk-test'),
          'stream reply': fromCallback(({ sendBack }) => {
            sendBack({ type: 'reply.done', result: REPLY })
          }),
          'save reply': fromPromise(async ({ input }) => {
            calls.saved.push(input.message)
          }),
          'save draft': fromPromise(async () => {}),
          'recall drafts': fromPromise(async () => ({})),
          // A comparison stays loading: what the turn was asked is in its pending turn.
          'load compare': fromPromise(() => new Promise<void>(() => {})),
        },
        actions: {
          notify: noop,
          'log error': noop,
          'store drafts': noop,
          'store unsent': noop,
          'drop unsent': noop,
        },
      }),
      conversations: conversationsMachine.provide({
        actors: {
          'load conversations': fromPromise(async (): Promise<Conversation[]> => []),
        },
        actions: { notify: noop },
      }),
      organise: organiseMachine.provide({
        actors: {
          'load folders': fromPromise(async () => ({
            closed: [] as string[],
            folders: [
              {
                id: 'folder_1',
                userId: 'user_a',
                name: 'Work',
                createdAt: '2026-05-01T00:00:00Z',
              } satisfies ConversationFolder,
            ],
          })),
          'change conversation': fromPromise(async ({ input }) => ({
            ...input.conversation,
            ...input.change,
          })),
        },
        actions: { notify: noop, 'remember closed': noop },
      }),
      search: searchMachine.provide({
        actors: { search: fromPromise(async (): Promise<SearchResult[]> => []) },
      }),
      installExtension: installExtensionMachine.provide({
        actors: {
          'start download': fromPromise(async (): Promise<unknown> => undefined),
          'copy text': fromPromise(async (): Promise<unknown> => undefined),
        },
        actions: { notify: noop },
      }),
      // The composer's files and the history's images: nothing to read or upload here.
      attachments: composerAttachmentsMachine.provide({
        actors: { 'add file': fromCallback(() => {}) },
        actions: { notify: noop, 'release previews': noop, 'forget upload': noop },
      }),
      previews: attachmentPreviewsMachine.provide({
        actors: { 'load preview': fromCallback(() => {}) },
      }),
      // The change feed: the test says what another device changed (`changed`).
      live: liveChangesMachine.provide({
        actors: {
          'follow changes': fromCallback(({ sendBack }) => {
            feed = sendBack
            return () => {
              feed = null
            }
          }),
          'read account style': fromPromise(
            async (): Promise<unknown> => (await options.accountStyle) ?? null,
          ),
          'keep account style': fromPromise(async ({ input }) => {
            calls.keptStyles.push(input.config)
          }),
        },
        actions: { 'log error': noop },
      }),
      usage: usageMachine.provide({
        actors: {
          'load usage': fromPromise(async () => ({
            byProvider: [] as ProviderUsage[],
            month: '2026-11-01',
          })),
        },
        actions: { 'log error': noop },
      }),
      models: modelsMachine.provide({
        actors: {
          'load models': fromPromise(async () => {
            calls.modelLoads++
            return [GPT]
          }),
          'recall model': fromPromise(async (): Promise<string | null> => null),
          'load key providers': fromPromise(async (): Promise<string[]> => []),
          'load key management': fromPromise(async () => {}),
          'manage keys': apiKeysMachine.provide({
            actors: {
              'load keys': fromPromise(async () => options.savedKeys?.() ?? {}),
              'save key': fromPromise(async () => {}),
            },
            actions: { notify: noop, 'log error': noop },
          }),
          'manage servers': modelServersMachine.provide({
            actors: {
              'load servers': fromPromise(
                async (): Promise<ModelServer[]> => options.servers?.() ?? [],
              ),
            },
            actions: { notify: noop, 'log error': noop },
          }),
        },
        actions: { notify: noop, 'log error': noop, 'remember model': noop },
      }),
      library: promptLibraryMachine.provide({
        actors: {
          'load prompts': fromPromise(async (): Promise<LibraryPrompt[]> => {
            calls.libraryLoads++
            return [REVIEWER]
          }),
          'delete or hide prompt': fromPromise(async (): Promise<DeleteOutcome> => 'deleted'),
        },
        actions: { notify: noop },
      }),
      activation: promptActivationMachine.provide({
        actors: {
          'load active prompt': fromPromise(async () => {
            calls.activeLoads++
            return options.active ?? null
          }),
          'activate prompt': fromPromise(async ({ input }): Promise<unknown> => {
            calls.toggles.push(`on ${input.prompt.id}`)
            return undefined
          }),
          'deactivate prompt': fromPromise(async ({ input }): Promise<unknown> => {
            calls.toggles.push(`off ${input.prompt.id}`)
            return undefined
          }),
        },
        actions: { notify: noop, 'notify parent': noop },
      }),
      quickPrompts: quickPromptsMachine.provide({
        actors: {
          'load quick prompts': fromPromise(async (): Promise<QuickPromptEntry[]> => {
            calls.quickLoads++
            return []
          }),
        },
        actions: { notify: noop },
      }),
      picker: promptPickerMachine.provide({
        actors: { 'load picker prompts': fromPromise(async (): Promise<PickerPrompt[]> => []) },
        actions: { notify: noop },
      }),
      panels: panelsMachine,
    },
  })
  const app = createActor(machine, {
    clock,
    input: {
      auth: { inIframe: false, authRequired: false, now: () => clock.now() },
      style: {
        saved: DEFAULT_STYLE_CONFIG,
        systemDark: false,
        href: options.href ?? 'https://chat.example.com/',
      },
      sharedPrompt: { href: options.href ?? 'https://chat.example.com/' },
      turn: { now: () => clock.now() },
      library: { shareOrigin: PAGE_ORIGIN },
      extensionBridge: { origin: PAGE_ORIGIN },
    },
  })
  app.start()

  const children = () => app.getSnapshot().children
  /** The running session actors, by id (absent ones left out). */
  const session = () => {
    const { turn, openConversation, conversations, models, library } = children()
    const { activation, quickPrompts, picker, usage, installExtension, search, organise } =
      children()
    const { panels, attachments, previews, live } = children()
    const all: Record<string, AnyActorRef | undefined> = {
      attachments,
      previews,
      live,
      installExtension,
      search,
      organise,
      turn,
      openConversation,
      conversations,
      usage,
      models,
      library,
      activation,
      quickPrompts,
      picker,
      panels,
    }
    return Object.fromEntries(Object.entries(all).filter(([, ref]) => ref !== undefined))
  }
  return {
    app,
    clock,
    calls,
    children,
    session,
    signIn: (user: User) => parent?.({ type: 'parent.tokens', tokens: tokensFor(user) }),
    signOut: () => children().auth?.send({ type: 'auth.logout' }),
    /** What the change feed brings: a change made on another device (docs/product/live-sync.md). */
    changed: (event: LiveChangeEvent) => {
      if (!feed) throw new Error('the change feed is not followed now')
      feed(event)
    },
    /** Delivers a window message to the extension bridge, as the page would. */
    postMessage: (data: unknown, origin = PAGE_ORIGIN) =>
      page?.({ type: 'page.message', origin, data }),
  }
}
