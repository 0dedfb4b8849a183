import { assign, fromPromise, setup } from 'xstate'
import type { ActivePrompt, PromptType } from '../domain/prompt-types'
import { type Notice, notProvided } from './prompt-notice'

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
  | { type: 'session.end' }
  /** Something else changed the user's prompts (e.g. the active one was deleted): re-read. */
  | { type: 'active.reload' }
  | { type: 'prompt.toggleActive'; prompt: ToggleTarget }

const toActive = ({ id, title, content }: ActivePrompt): ActivePrompt => ({ id, title, content })

/**
 * The user's one active system prompt (spec §4): loaded when a session starts, toggled from
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
    'tell chat': (_, _params: { prompt: ActivePrompt | null }) => {
      throw notProvided('tell chat')
    },
    'notify parent': (_, _params: { prompt: ActivePrompt | null }) => {
      throw notProvided('notify parent')
    },
    'announce change': () => {
      throw notProvided('announce change')
    },
  },
  guards: {
    'system prompt?': ({ event }) =>
      event.type === 'prompt.toggleActive' && event.prompt.type === 'system',
    'currently active?': ({ event }) =>
      event.type === 'prompt.toggleActive' && event.prompt.isActive,
  },
}).createMachine({
  id: 'promptActivation',
  context: { active: null, target: null },
  initial: 'signedOut',
  on: {
    'session.end': {
      target: '.signedOut',
      actions: [
        assign({ active: null, target: null }),
        { type: 'tell chat', params: { prompt: null } },
      ],
    },
  },
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
        // A failed load in the chat is only logged (spec §8.2).
        onError: 'ready',
      },
    },
    ready: {
      on: {
        'active.reload': 'loading',
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
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                message: `Activated: ${context.target?.title ?? ''}`,
              }),
            },
            'announce change',
          ],
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: { kind: 'error', message: 'Failed to toggle system prompt' },
          },
        },
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
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success',
                message: `Deactivated: ${context.target?.title ?? ''}`,
              }),
            },
            'announce change',
          ],
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: { kind: 'error', message: 'Failed to toggle system prompt' },
          },
        },
      },
    },
  },
})

export type PromptActivationMachine = typeof promptActivationMachine
