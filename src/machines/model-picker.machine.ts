import { setup } from 'xstate'
import { apiKeysMachine } from './api-keys.machine'

export type ModelPickerEvent =
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'model.pick'; modelId: string }
  | { type: 'keys.open' }
  | { type: 'keys.close' }

function notProvided(name: string): Error {
  return new Error(`'${name}' not provided`)
}

/**
 * The 'Select AI Model' dialog (spec §2.5): picking closes it; 'Manage API Keys' opens key
 * management, which loads the saved keys each time it opens and returns to the picker.
 */
export const modelPickerMachine = setup({
  types: { events: {} as ModelPickerEvent },
  actors: { 'manage keys': apiKeysMachine },
  actions: {
    'choose model': (_, _params: { modelId: string }) => {
      throw notProvided('choose model')
    },
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
      invoke: { id: 'apiKeys', src: 'manage keys' },
      on: { 'keys.close': 'picking' },
    },
  },
})
