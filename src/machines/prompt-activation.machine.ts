import { assign, fromPromise, sendParent, setup } from 'xstate'
import type { ActivePrompt, PromptType } from '../domain/prompt-types'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** What a toggle needs to know about the prompt a card or quick entry shows. */
export interface ToggleTarget extends ActivePrompt {
  type: PromptType
  isActive: boolean
}

export interface ActivationContext {
  active: ActivePrompt | null
  target: ToggleTarget | null
}

export type ActivationEvent =
  | { type: 'session.start' }
  /**
   * Something else changed the user's prompts: re-read. With `promptId` (a prompt was
   * deleted), only when that prompt is the active one.
   */
  | { type: 'active.reload'; promptId?: string }
  | { type: 'prompt.toggleActive'; prompt: ToggleTarget }

const toActive = ({ id, title, content }: ActivePrompt): ActivePrompt => ({ id, title, content })

// Both directions of a toggle end alike: a success notice naming the prompt, or one failure.
const toggledNotice = (verb: 'Activated' | 'Deactivated') => ({
  type: 'notify' as const,
  params: ({ context }: { context: ActivationContext }): Notice => ({
    kind: 'success',
    message: `${verb}: ${context.target?.title ?? ''}`,
  }),
})
const toggleFailed = {
  target: 'ready' as const,
  actions: {
    type: 'notify' as const,
    params: { kind: 'error', message: 'Failed to toggle system prompt' } satisfies Notice,
  },
}

/**
 * The user's one active system prompt (docs/product/behaviour.md): loaded when a session starts, toggled from
 * the library or the quick menu, handed to the chat and told to an embedding parent window.
 */
export const promptActivationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
  },
  actors: {
    'load active prompt': fromPromise<ActivePrompt | null>(async () => {
      throw notProvided('load active prompt')
    }),
    'activate prompt': fromPromise<unknown, { prompt: ActivePrompt }>(async () => {
      throw notProvided('activate prompt')
    }),
    'deactivate prompt': fromPromise<unknown, { prompt: ActivePrompt }>(async () => {
      throw notProvided('deactivate prompt')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    // Routed by the app machine to the chat.
    'tell chat': sendParent(
      (_, { prompt }: { prompt: ActivePrompt | null }): AppReport => ({
        type: 'activePrompt.changed',
        prompt,
      }),
    ),
    'notify parent': (_, _params: { prompt: ActivePrompt | null }) => {
      throw notProvided('notify parent')
    },
    // Routed by the app machine to the lists that show prompts.
    'announce change': sendParent({ type: 'prompts.changed' } satisfies AppReport),
  },
  guards: {
    'system prompt?': ({ event }) =>
      event.type === 'prompt.toggleActive' && event.prompt.type === 'system',
    'currently active?': ({ event }) =>
      event.type === 'prompt.toggleActive' && event.prompt.isActive,
    'reload needed?': ({ context, event }) =>
      event.type === 'active.reload' &&
      (event.promptId === undefined || event.promptId === context.active?.id),
  },
}).createMachine({
  id: 'promptActivation',
  context: { active: null, target: null },
  // One session's: the app machine stops it on sign-out and starts a fresh one on sign-in.
  initial: 'signedOut',
  states: {
    signedOut: {
      on: { 'session.start': 'loading' },
    },
    loading: {
      invoke: {
        id: 'load active prompt',
        src: 'load active prompt',
        onDone: {
          target: 'ready',
          actions: [
            assign({ active: ({ event }) => event.output }),
            { type: 'tell chat', params: ({ event }) => ({ prompt: event.output }) },
          ],
        },
        // A failed load in the chat is only logged (docs/product/errors.md#silent-failures).
        onError: 'ready',
      },
    },
    ready: {
      on: {
        'active.reload': { guard: 'reload needed?', target: 'loading' },
        'prompt.toggleActive': [
          {
            guard: 'currently active?',
            target: 'deactivating',
            actions: assign({ target: ({ event }) => event.prompt }),
          },
          {
            guard: 'system prompt?',
            target: 'activating',
            actions: assign({ target: ({ event }) => event.prompt }),
          },
        ],
      },
    },
    activating: {
      tags: 'busy',
      invoke: {
        id: 'activate prompt',
        src: 'activate prompt',
        input: ({ context }) => ({ prompt: toActive(context.target as ToggleTarget) }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ active: ({ context }) => toActive(context.target as ToggleTarget) }),
            { type: 'tell chat', params: ({ context }) => ({ prompt: context.active }) },
            { type: 'notify parent', params: ({ context }) => ({ prompt: context.active }) },
            toggledNotice('Activated'),
            'announce change',
          ],
        },
        onError: toggleFailed,
      },
    },
    deactivating: {
      tags: 'busy',
      invoke: {
        id: 'deactivate prompt',
        src: 'deactivate prompt',
        input: ({ context }) => ({ prompt: toActive(context.target as ToggleTarget) }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              active: ({ context }) =>
                context.active?.id === context.target?.id ? null : context.active,
            }),
            { type: 'tell chat', params: ({ context }) => ({ prompt: context.active }) },
            { type: 'notify parent', params: { prompt: null } },
            toggledNotice('Deactivated'),
            'announce change',
          ],
        },
        onError: toggleFailed,
      },
    },
  },
})
