import { assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate'
import type { ActivePrompt, PromptType } from '../domain/prompt-types'
import { fillPrompt, hasVariables, type VariableValues } from '../domain/prompt-variables'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'
import {
  promptVariablesMachine,
  type VariablesFormOutput,
  variablesFormInput,
} from './prompt-variables.machine'

/** What a toggle needs to know about the prompt a card or quick entry shows. */
export interface ToggleTarget extends ActivePrompt {
  type: PromptType
  isActive: boolean
}

export interface ActivationContext {
  /** The active prompt as stored: its content keeps its variables. */
  active: ActivePrompt | null
  /** What the active prompt's variables were filled with (docs/product/variables.md). */
  values: VariableValues
  target: ToggleTarget | null
  /** What the form filled the target's variables with; null for a prompt without any. */
  targetValues: VariableValues | null
  /** A toggle asked for while the active prompt loaded: taken up once it has. */
  held: ToggleTarget | null
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

/**
 * The active prompt as the chat and the parent window get it: its variables filled. A prompt
 * without variables is passed on exactly as stored.
 */
export function filledActive(context: Pick<ActivationContext, 'active' | 'values'>) {
  const { active, values } = context
  if (!active || !hasVariables(active.content)) return active
  return { ...active, content: fillPrompt(active.content, values) }
}
const tellChatFilled = {
  type: 'tell chat' as const,
  params: ({ context }: { context: ActivationContext }) => ({ prompt: filledActive(context) }),
}

// Both directions of a toggle end alike: a success notice naming the prompt, or one failure.
const toggledNotice = (verb: 'Activated' | 'Deactivated') => ({
  type: 'notify' as const,
  params: ({ context }: { context: ActivationContext }): Notice => ({
    kind: 'success',
    message: `${verb}: ${context.target?.title ?? ''}`,
  }),
})
const settled = (isActive: boolean, ok: boolean) => ({
  type: 'report outcome' as const,
  params: ({ context }: { context: ActivationContext }) => ({
    promptId: context.target?.id ?? '',
    isActive,
    ok,
  }),
})
const toggleFailed = (isActive: boolean) => ({
  target: 'ready' as const,
  actions: [
    {
      type: 'notify' as const,
      params: { kind: 'error', message: 'Failed to toggle system prompt' } satisfies Notice,
    },
    settled(isActive, false),
  ],
})

// The chat and the parent window get the prompt filled; the activation keeps it as stored.
const activated = [
  'keep activated' as const,
  tellChatFilled,
  {
    type: 'notify parent' as const,
    params: ({ context }: { context: ActivationContext }) => ({ prompt: filledActive(context) }),
  },
  toggledNotice('Activated'),
  'announce change' as const,
  settled(true, true),
]

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
    // What 'remember values' kept for this prompt ({} when nothing was).
    'recall values': fromPromise<VariableValues, { promptId: string }>(async () => {
      throw notProvided('recall values')
    }),
    // The fill-in form of a prompt with variables; no effects.
    'variables form': promptVariablesMachine,
  },
  actions: {
    // The latest asked for wins, as a second click would.
    'hold toggle': assign({
      held: ({ event }) =>
        (event as Extract<ActivationEvent, { type: 'prompt.toggleActive' }>).prompt,
    }),
    'take up held toggle': enqueueActions(({ context, enqueue }) => {
      if (!context.held) return
      enqueue.raise({ type: 'prompt.toggleActive', prompt: context.held })
      enqueue.assign({ held: null })
    }),
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
    // Kept per browser, so a reload fills the active prompt as it was filled.
    'remember values': (_, _params: { promptId: string; values: VariableValues }) => {
      throw notProvided('remember values')
    },
    'keep activated': assign({
      active: ({ context }) => toActive(context.target as ToggleTarget),
      values: ({ context }) => context.targetValues ?? {},
    }),
    // Routed by the app machine to the lists that show prompts.
    'announce change': sendParent({ type: 'prompts.changed' } satisfies AppReport),
    // Routed by the app machine to the extension bridge, which answers a pending update.
    'report outcome': sendParent(
      (_, params: { promptId: string; isActive: boolean; ok: boolean }): AppReport => ({
        type: 'activation.settled',
        promptId: params.promptId,
        isActive: params.isActive,
        ok: params.ok,
      }),
    ),
  },
  guards: {
    'system prompt?': ({ event }) =>
      event.type === 'prompt.toggleActive' && event.prompt.type === 'system',
    'system prompt with variables?': ({ event }) =>
      event.type === 'prompt.toggleActive' &&
      event.prompt.type === 'system' &&
      hasVariables(event.prompt.content),
    'loaded with variables?': ({ event }) => {
      const { output } = event as unknown as { output: ActivePrompt | null }
      return output !== null && hasVariables(output.content)
    },
    'form submitted?': ({ event }) =>
      (event as unknown as { output: VariablesFormOutput }).output !== null,
    'filled in?': ({ context }) => context.targetValues !== null,
    'currently active?': ({ event }) =>
      event.type === 'prompt.toggleActive' && event.prompt.isActive,
    'reload needed?': ({ context, event }) =>
      event.type === 'active.reload' &&
      (event.promptId === undefined || event.promptId === context.active?.id),
  },
}).createMachine({
  id: 'promptActivation',
  context: { active: null, values: {}, target: null, targetValues: null, held: null },
  // One session's: the app machine stops it on sign-out and starts a fresh one on sign-in.
  initial: 'signedOut',
  states: {
    signedOut: {
      on: { 'session.start': 'loading' },
    },
    loading: {
      on: { 'prompt.toggleActive': { actions: 'hold toggle' } },
      invoke: {
        id: 'load active prompt',
        src: 'load active prompt',
        onDone: [
          // Its variables are filled as they were when it was activated in this browser.
          {
            guard: 'loaded with variables?',
            target: 'recalling',
            actions: assign({ active: ({ event }) => event.output, values: {} }),
          },
          {
            target: 'ready',
            actions: [
              assign({ active: ({ event }) => event.output, values: {} }),
              { type: 'tell chat', params: ({ event }) => ({ prompt: event.output }) },
            ],
          },
        ],
        // A failed load in the chat is only logged (docs/product/errors.md#silent-failures).
        onError: 'ready',
      },
    },
    recalling: {
      on: { 'prompt.toggleActive': { actions: 'hold toggle' } },
      invoke: {
        id: 'recall values',
        src: 'recall values',
        input: ({ context }) => ({ promptId: context.active?.id ?? '' }),
        onDone: {
          target: 'ready',
          actions: [assign({ values: ({ event }) => event.output }), tellChatFilled],
        },
        // Nothing kept, or storage refused: the defaults fill it.
        onError: { target: 'ready', actions: tellChatFilled },
      },
    },
    ready: {
      // The extension may ask as the page opens, the user click as it loads: neither is lost.
      entry: 'take up held toggle',
      on: {
        'active.reload': { guard: 'reload needed?', target: 'loading' },
        'prompt.toggleActive': [
          {
            guard: 'currently active?',
            target: 'deactivating',
            actions: assign({ target: ({ event }) => event.prompt }),
          },
          // Variables are filled in first (docs/product/variables.md).
          {
            guard: 'system prompt with variables?',
            target: 'filling',
            actions: assign({ target: ({ event }) => event.prompt, targetValues: null }),
          },
          {
            guard: 'system prompt?',
            target: 'activating',
            actions: assign({ target: ({ event }) => event.prompt, targetValues: null }),
          },
        ],
      },
    },
    // Submit activates the prompt with those values; Cancel changes nothing.
    filling: {
      invoke: {
        id: 'variables',
        src: 'variables form',
        input: ({ context }) => variablesFormInput(context.target, 'activate'),
        onDone: [
          {
            guard: 'form submitted?',
            target: 'activating',
            actions: assign({ targetValues: ({ event }) => event.output?.values ?? {} }),
          },
          { target: 'ready', actions: settled(true, false) },
        ],
      },
    },
    activating: {
      tags: 'busy',
      invoke: {
        id: 'activate prompt',
        src: 'activate prompt',
        input: ({ context }) => ({ prompt: toActive(context.target as ToggleTarget) }),
        onDone: [
          {
            guard: 'filled in?',
            target: 'ready',
            actions: [
              {
                type: 'remember values',
                params: ({ context }) => ({
                  promptId: context.target?.id ?? '',
                  values: context.targetValues ?? {},
                }),
              },
              ...activated,
            ],
          },
          { target: 'ready', actions: activated },
        ],
        onError: toggleFailed(true),
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
            settled(false, true),
          ],
        },
        onError: toggleFailed(false),
      },
    },
  },
})
