import { assign, type DoneActorEvent, enqueueActions, fromPromise, sendTo, setup } from 'xstate'
import type { ChatModel } from '../domain/chat-model'
import { initialModelId, isListed } from '../domain/model-choice'
import type { apiKeysMachine } from './api-keys.machine'
import type { AppReport } from './app-reports'
import type { modelServersMachine } from './model-servers.machine'
import { notProvided } from './not-provided'
import type { Notice } from './notice'
import { providedLater } from './provided-later'

/** docs/product/errors.md#toasts: the model list's failure texts. */
export const MODELS_MESSAGES = {
  loadFailed: 'Failed to load AI models',
  keysFailed: 'Could not open key management. Please reload the page.',
} as const

export type ModelsEvent =
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'model.pick'; modelId: string }
  | { type: 'keys.open' }
  | { type: 'keys.close' }
  /** A server was added or removed (from the servers section, or elsewhere): the list is stale. */
  | { type: 'servers.changed' }
  /** Keys were saved elsewhere: the open dialog's Saved markers follow. */
  | { type: 'keys.changed' }
  /** The conversation opened was last answered with this model (through the app machine). */
  | { type: 'model.use'; modelId: string }

export interface ModelsInput {
  /** Whose session: the remembered choice and the saved keys are theirs. */
  userId: string
}

export interface ModelsContext {
  userId: string
  models: ChatModel[]
  /** The model the chat composes with; null until the list has loaded and one is chosen. */
  selectedModelId: string | null
  /** The open conversation's model, told before the list had loaded: chosen once it has. */
  usedModelId: string | null
}

// Invocation results are not among ModelsEvent, so they are read through this.
const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output

/**
 * Key and server management, wherever it opened from: its code arrives on the first open, at
 * once after (docs/performance.md, "Split"); a load that fails goes back to `back`.
 */
const keyManagement = (back: string) =>
  ({
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'keyManagementLoader',
          src: 'load key management',
          onDone: 'managing',
          onError: {
            target: back,
            actions: [
              {
                type: 'log error',
                params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
              },
              { type: 'notify', params: { kind: 'error', message: MODELS_MESSAGES.keysFailed } },
            ],
          },
        },
      },
      managing: {
        tags: 'keys',
        // Live sync (docs/product/live-sync.md): the open dialog reads what changed again. The
        // feed brings the servers section's own changes back as well: one more quiet read.
        on: {
          'keys.changed': { actions: 'pass keys change' },
          'servers.changed': { actions: 'pass servers change' },
        },
        invoke: [
          { id: 'apiKeys', src: 'manage keys' },
          { id: 'modelServers', src: 'manage servers' },
        ],
      },
    },
  }) as const

/**
 * The models a session can chat with, and which one it uses (docs/product/behaviour.md#chat-context),
 * with the 'Select AI Model' dialog that shows and changes them (docs/product/screens.md#model-picker).
 * Two regions: the list (loaded, the choice settled, loaded again when the user's servers
 * change) and the dialog ('Manage API Keys' starts key and server management each time it opens).
 * It owns the choice; each settled choice is reported, and the app machine tells the chat, whose
 * next turn goes with it.
 */
export const modelsMachine = setup({
  types: {
    input: {} as ModelsInput,
    context: {} as ModelsContext,
    events: {} as ModelsEvent,
  },
  actors: {
    'load models': fromPromise<ChatModel[]>(async () => {
      throw notProvided('load models')
    }),
    /** The model this user last picked in this browser, if any. */
    'recall model': fromPromise<string | null, { userId: string }>(async () => {
      throw notProvided('recall model')
    }),
    /** The providers the user has a saved key (or a server) for. */
    'load key providers': fromPromise<string[], { userId: string }>(async () => {
      throw notProvided('load key providers')
    }),
    /** Brings key and server management's code, which is not in the first paint. */
    'load key management': fromPromise<void>(async () => {
      throw notProvided('load key management')
    }),
    // Named by type only, so their code stays out of this machine's chunk.
    'manage keys': providedLater<typeof apiKeysMachine>('manage keys'),
    'manage servers': providedLater<typeof modelServersMachine>('manage servers'),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    /** Remembers the user's pick for their next session (docs/product/behaviour.md#chat-context). */
    'remember model': (_, _params: { userId: string; modelId: string }) => {
      throw notProvided('remember model')
    },
    // Routed by the app machine to the chat: the model its next turn goes with.
    'report choice': enqueueActions(({ context, enqueue }) => {
      if (context.selectedModelId === null) return
      enqueue.sendParent({
        type: 'model.chosen',
        modelId: context.selectedModelId,
        readsImages:
          context.models.find((model) => model.id === context.selectedModelId)?.readsImages !==
          false,
      } satisfies AppReport)
    }),
    'set models': assign({ models: ({ event }) => outputOf<ChatModel[]>(event) }),
    // The first model with a saved key, else the first loaded (none known after a failed read).
    'choose by keys': assign({
      selectedModelId: ({ context, event }) =>
        context.selectedModelId ??
        initialModelId(context.models, null, outputOf<string[] | undefined>(event) ?? []),
    }),
    'pass keys change': sendTo('apiKeys', { type: 'keys.changed' }),
    'pass servers change': sendTo('modelServers', { type: 'servers.changed' }),
  },
  guards: {
    'model picked already?': ({ context }) => context.selectedModelId !== null,
    'remembered model listed?': ({ context, event }) =>
      isListed(context.models, outputOf<string | null>(event)),
    'used model listed?': ({ context, event }) =>
      isListed(outputOf<ChatModel[]>(event), context.usedModelId),
    'model listed?': ({ context, event }) =>
      event.type === 'model.use' && isListed(context.models, event.modelId),
  },
}).createMachine({
  id: 'models',
  context: ({ input }) => ({
    userId: input.userId,
    models: [],
    selectedModelId: null,
    usedModelId: null,
  }),
  // docs/product/conversations.md, "Its model": a conversation composes with the model it was
  // last answered with. One no longer listed changes nothing; before the list, it waits for it.
  on: {
    'model.use': [
      {
        guard: 'model listed?',
        actions: [
          assign({ selectedModelId: ({ event }) => event.modelId, usedModelId: null }),
          'report choice',
        ],
      },
      { actions: assign({ usedModelId: ({ event }) => event.modelId }) },
    ],
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      // The picked model is kept: the reload takes the `model picked already?` branch.
      on: { 'servers.changed': '.loading' },
      states: {
        loading: {
          invoke: {
            id: 'modelsLoader',
            src: 'load models',
            // A model picked already is kept; else the open conversation's, the remembered one,
            // the first with a saved key, or the first loaded, in that order.
            onDone: [
              { guard: 'model picked already?', target: 'loaded', actions: 'set models' },
              {
                guard: 'used model listed?',
                target: 'loaded',
                actions: [
                  'set models',
                  assign({ selectedModelId: ({ context }) => context.usedModelId }),
                  'report choice',
                ],
              },
              { target: 'recalling', actions: 'set models' },
            ],
            onError: {
              target: 'failed',
              actions: [
                { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: { kind: 'error', message: MODELS_MESSAGES.loadFailed } },
              ],
            },
          },
        },
        recalling: {
          invoke: {
            id: 'modelRecaller',
            src: 'recall model',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: [
              {
                guard: 'remembered model listed?',
                target: 'loaded',
                actions: [
                  assign({
                    selectedModelId: ({ context, event }) =>
                      context.selectedModelId ?? event.output,
                  }),
                  'report choice',
                ],
              },
              // Nothing remembered, or a model no longer listed.
              { target: 'checkingKeys' },
            ],
            onError: {
              target: 'checkingKeys',
              actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        checkingKeys: {
          invoke: {
            id: 'keyProvidersLoader',
            src: 'load key providers',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'loaded', actions: ['choose by keys', 'report choice'] },
            // Only logged: with no providers known, the first loaded model is chosen, as the
            // spec has it.
            onError: {
              target: 'loaded',
              actions: [
                { type: 'log error', params: ({ event }) => ({ error: event.error }) },
                'choose by keys',
                'report choice',
              ],
            },
          },
        },
        loaded: {},
        failed: { tags: 'error' },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'picker.open': 'picking',
            // From a missing key's toast: the keys alone, and closing them returns to the chat.
            'keys.open': 'keysAlone',
          },
        },
        picking: {
          tags: 'open',
          on: {
            'picker.close': 'closed',
            // Picking closes the dialog; the pick wins over a choice still being made.
            'model.pick': {
              target: 'closed',
              actions: [
                assign({ selectedModelId: ({ event }) => event.modelId }),
                {
                  type: 'remember model',
                  params: ({ context, event }) => ({
                    userId: context.userId,
                    modelId: event.modelId,
                  }),
                },
                'report choice',
              ],
            },
            'keys.open': 'keysOverPicker',
          },
        },
        // Opened from the picker, the keys go back to it.
        keysOverPicker: {
          tags: 'open',
          on: { 'picker.close': 'closed', 'keys.close': 'picking' },
          ...keyManagement('#models.dialog.picking'),
        },
        keysAlone: {
          on: { 'keys.close': 'closed' },
          ...keyManagement('#models.dialog.closed'),
        },
      },
    },
  },
})
