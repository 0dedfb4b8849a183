import { type AnyActorRef, createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import type { TokenSet, User } from '../../src/domain/auth-types'
import type { ChatResult } from '../../src/domain/chat-types'
import type { ActivePrompt, LibraryPrompt, QuickPromptEntry } from '../../src/domain/prompt-types'
import { DEFAULT_STYLE_CONFIG } from '../../src/domain/style-config'
import { apiKeysMachine } from '../../src/machines/api-keys.machine'
import { appMachine } from '../../src/machines/app.machine'
import { type AuthEvent, authMachine } from '../../src/machines/auth.machine'
import { type ChatMessage, type ChatModel, chatMachine } from '../../src/machines/chat.machine'
import { modelPickerMachine } from '../../src/machines/model-picker.machine'
import { promptActivationMachine } from '../../src/machines/prompt-activation.machine'
import { type DeleteOutcome, promptLibraryMachine } from '../../src/machines/prompt-library.machine'
import { quickPromptsMachine } from '../../src/machines/quick-prompts.machine'
import { sharedPromptMachine } from '../../src/machines/shared-prompt.machine'
import { themeMachine } from '../../src/machines/theme.machine'
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
  options: { restored?: User; active?: ActivePrompt | null; href?: string } = {},
) {
  const clock = new SimulatedClock()
  const calls = {
    libraryLoads: 0,
    quickLoads: 0,
    activeLoads: 0,
    saved: [] as ChatMessage[],
  }
  let parent: ((event: AuthEvent) => void) | null = null
  const users = new Map([ALICE, BOB].map((user) => [user.id, user]))

  const machine = appMachine.provide({
    actors: {
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
      theme: themeMachine.provide({ actions: { 'apply theme': noop, 'persist theme': noop } }),
      sharedPrompt: sharedPromptMachine.provide({
        actors: { 'add shared prompt': fromPromise(async (): Promise<unknown> => undefined) },
        actions: { notify: noop, 'reset address': noop },
      }),
      chat: chatMachine.provide({
        actors: {
          'load history': fromPromise(async (): Promise<ChatMessage[]> => []),
          'load models': fromPromise(async () => [GPT]),
          'save message': fromPromise(async ({ input }) => {
            calls.saved.push(input)
          }),
          'find model': fromPromise(async (): Promise<ChatModel | null> => GPT),
          'find api key': fromPromise(async (): Promise<string | null> => 'sk-test'),
          'call model': fromPromise(async (): Promise<ChatResult> => REPLY),
        },
        actions: { notify: noop, 'log error': noop },
      }),
      modelPicker: modelPickerMachine.provide({
        actors: {
          'manage keys': apiKeysMachine.provide({
            actors: {
              'load keys': fromPromise(async () => ({})),
              'save key': fromPromise(async () => {}),
            },
            actions: { notify: noop, 'log error': noop },
          }),
        },
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
          'activate prompt': fromPromise(async (): Promise<unknown> => undefined),
          'deactivate prompt': fromPromise(async (): Promise<unknown> => undefined),
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
    },
  })
  const app = createActor(machine, {
    clock,
    input: {
      auth: { inIframe: false, authRequired: false, now: () => clock.now() },
      theme: { theme: 'dark' },
      sharedPrompt: { href: options.href ?? 'https://chat.example.com/' },
      chat: { display: DEFAULT_STYLE_CONFIG, now: () => clock.now() },
      library: { shareOrigin: 'https://chat.example.com' },
    },
  })
  app.start()

  const children = () => app.getSnapshot().children
  /** The running session actors, by id (absent ones left out). */
  const session = () => {
    const { chat, modelPicker, library, activation, quickPrompts } = children()
    const all: Record<string, AnyActorRef | undefined> = {
      chat,
      modelPicker,
      library,
      activation,
      quickPrompts,
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
  }
}
