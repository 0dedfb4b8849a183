import { sendParent, setup } from 'xstate'
import { apiKeysMachine } from './api-keys.machine'
import type { AppReport } from './app-reports'
import { modelServersMachine } from './model-servers.machine'

export type ModelPickerEvent =
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'model.pick'; modelId: string }
  | { type: 'keys.open' }
  | { type: 'keys.close' }
  /** From the servers section: a server was added or removed. */
  | { type: 'servers.changed' }

/**
 * The 'Select AI Model' dialog (docs/product/screens.md#model-picker): picking closes it; 'Manage API Keys' opens key
 * management, which loads the saved keys and the user's OpenAI-compatible servers each time it
 * opens and returns to the picker.
 */
export const modelPickerMachine = setup({
  types: { events: {} as ModelPickerEvent },
  actors: { 'manage keys': apiKeysMachine, 'manage servers': modelServersMachine },
  actions: {
    // Routed by the app machine to the chat, which holds the selected model.
    'choose model': sendParent(
      (_, { modelId }: { modelId: string }): AppReport => ({ type: 'model.chosen', modelId }),
    ),
    // Routed by the app machine to the chat, which loads its model list again.
    'announce models changed': sendParent((): AppReport => ({ type: 'models.changed' })),
  },
}).createMachine({
  id: 'modelPicker',
  initial: 'closed',
  states: {
    closed: {
      on: { 'picker.open': 'picking' },
    },
    picking: {
      tags: 'open',
      on: {
        'picker.close': 'closed',
        'model.pick': {
          target: 'closed',
          actions: { type: 'choose model', params: ({ event }) => ({ modelId: event.modelId }) },
        },
        'keys.open': 'managingKeys',
      },
    },
    managingKeys: {
      tags: 'keys',
      invoke: [
        { id: 'apiKeys', src: 'manage keys' },
        { id: 'modelServers', src: 'manage servers' },
      ],
      on: {
        'keys.close': 'picking',
        'servers.changed': { actions: 'announce models changed' },
      },
    },
  },
})
