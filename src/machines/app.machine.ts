import { assign, type SnapshotFrom, sendTo, setup, spawnChild } from 'xstate'
import type { AppReport } from './app-reports'
import { type AuthInput, authMachine } from './auth.machine'
import { type ChatInput, chatMachine } from './chat.machine'
import { modelPickerMachine } from './model-picker.machine'
import { promptActivationMachine } from './prompt-activation.machine'
import { type LibraryInput, promptLibraryMachine } from './prompt-library.machine'
import { quickPromptsMachine } from './quick-prompts.machine'
import { type SharedPromptInput, sharedPromptMachine } from './shared-prompt.machine'
import { type ThemeInput, themeMachine } from './theme.machine'

export interface AppInput {
  auth: AuthInput
  theme: ThemeInput
  sharedPrompt: SharedPromptInput
  chat: ChatInput
  library: LibraryInput
}

type AuthSnapshot = SnapshotFrom<typeof authMachine>

export type AppEvent =
  | AppReport
  /** Every auth snapshot, because auth is spawned with `syncSnapshot`. */
  | { type: 'xstate.snapshot.auth'; snapshot: AuthSnapshot }

export interface AppContext {
  input: AppInput
  /** Whose session the session actors belong to. */
  userId: string | null
}

/** The ids of the actors that live for one signed-in session. */
export const SESSION_ACTORS = [
  'chat',
  'modelPicker',
  'library',
  'activation',
  'quickPrompts',
] as const

/** The signed-in user's id; null while signed out, starting up, or switching accounts. */
function sessionUserOf(event: AppEvent): string | null {
  if (event.type !== 'xstate.snapshot.auth' || !event.snapshot.hasTag('signedIn')) return null
  return event.snapshot.context.user?.id ?? null
}

/**
 * The actor system (docs/architecture.md, "The actor system"). Auth, theme and the shared
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
      theme: 'theme'
      sharedPrompt: 'sharedPrompt'
      chat: 'chat'
      modelPicker: 'modelPicker'
      library: 'library'
      activation: 'activation'
      quickPrompts: 'quickPrompts'
    },
  },
  // The app layer provides each child with its effects: appMachine.provide({ actors }).
  actors: {
    auth: authMachine,
    theme: themeMachine,
    sharedPrompt: sharedPromptMachine,
    chat: chatMachine,
    modelPicker: modelPickerMachine,
    library: promptLibraryMachine,
    activation: promptActivationMachine,
    quickPrompts: quickPromptsMachine,
  },
  actions: {
    'remember user': assign({ userId: ({ event }) => sessionUserOf(event) }),
    'forget user': assign({ userId: null }),
  },
  guards: {
    'signed in?': ({ event }) => sessionUserOf(event) !== null,
    'signed out?': ({ event }) => sessionUserOf(event) === null,
    'another user?': ({ context, event }) => sessionUserOf(event) !== context.userId,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ input, userId: null }),
  entry: [
    spawnChild('theme', {
      id: 'theme',
      systemId: 'theme',
      input: ({ context }) => context.input.theme,
    }),
    spawnChild('sharedPrompt', {
      id: 'sharedPrompt',
      systemId: 'sharedPrompt',
      input: ({ context }) => context.input.sharedPrompt,
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
      on: {
        'xstate.snapshot.auth': {
          guard: 'signed in?',
          target: 'signedIn',
          actions: 'remember user',
        },
      },
    },
    signedIn: {
      tags: 'session',
      // No system ids: one session's actors are reached through this machine's children.
      invoke: [
        { id: 'chat', src: 'chat', input: ({ context }) => context.input.chat },
        { id: 'modelPicker', src: 'modelPicker' },
        { id: 'library', src: 'library', input: ({ context }) => context.input.library },
        { id: 'activation', src: 'activation' },
        { id: 'quickPrompts', src: 'quickPrompts' },
      ],
      entry: [
        sendTo('chat', ({ context }) => ({ type: 'session.start', userId: context.userId ?? '' })),
        sendTo('activation', { type: 'session.start' }),
      ],
      exit: 'forget user',
      on: {
        'xstate.snapshot.auth': [
          { guard: 'signed out?', target: 'signedOut' },
          // An account switch without a signed-out snapshot between: a fresh session.
          {
            guard: 'another user?',
            target: 'signedIn',
            reenter: true,
            actions: 'remember user',
          },
        ],
        'activePrompt.changed': {
          actions: sendTo('chat', ({ event }) => ({
            type: 'systemPrompt.changed',
            prompt: event.prompt,
          })),
        },
        'prompts.changed': {
          actions: [
            sendTo('library', { type: 'library.refresh' }),
            sendTo('quickPrompts', { type: 'quick.refresh' }),
          ],
        },
        'prompt.deleted': {
          actions: sendTo('activation', ({ event }) => ({
            type: 'active.reload',
            promptId: event.promptId,
          })),
        },
        'chat.fill': {
          actions: sendTo('chat', ({ event }) => ({ type: 'input.change', value: event.content })),
        },
        'chat.submit': { actions: sendTo('chat', { type: 'message.send' }) },
        'model.chosen': {
          actions: sendTo('chat', ({ event }) => ({
            type: 'model.select',
            modelId: event.modelId,
          })),
        },
      },
    },
  },
})
