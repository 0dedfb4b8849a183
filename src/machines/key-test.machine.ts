import { assign, fromPromise, setup } from 'xstate'
import type { ProviderName } from '../domain/chat-types'
import { KEY_CHECK_MESSAGES, type KeyCheck } from '../domain/key-check'
import { notProvided } from './not-provided'

export interface KeyTestContext {
  provider: ProviderName
  /** The provider's words when the last test failed. */
  message: string | null
}

export type KeyTestEvent =
  /** Test this key; it stays in the event and the call, never in the context. */
  | { type: 'test.start'; apiKey: string }
  /** The key in the row changed: the last outcome no longer applies. */
  | { type: 'test.reset' }

/**
 * One provider's `Test` in Manage API Keys (docs/product/behaviour.md#test-a-key): idle, testing,
 * then works or failed. Testing only reads: it never saves the key.
 */
export const keyTestMachine = setup({
  types: {
    context: {} as KeyTestContext,
    events: {} as KeyTestEvent,
    input: {} as { provider: ProviderName },
  },
  actors: {
    'check key': fromPromise<KeyCheck, { provider: ProviderName; apiKey: string }>(async () => {
      throw notProvided('check key')
    }),
  },
  guards: {
    'key works?': ({ event }) => (event as unknown as { output: KeyCheck }).output.ok,
  },
}).createMachine({
  id: 'keyTest',
  context: ({ input }) => ({ provider: input.provider, message: null }),
  initial: 'idle',
  on: {
    'test.reset': { target: '.idle', actions: assign({ message: null }) },
  },
  states: {
    idle: {
      on: { 'test.start': 'testing' },
    },
    testing: {
      // A second Test while one runs is not heard.
      tags: 'busy',
      invoke: {
        id: 'check key',
        src: 'check key',
        input: ({ context, event }) => ({
          provider: context.provider,
          apiKey: event.type === 'test.start' ? event.apiKey : '',
        }),
        onDone: [
          { guard: 'key works?', target: 'works', actions: assign({ message: null }) },
          {
            target: 'failed',
            actions: assign({
              message: ({ event }) =>
                event.output.ok ? null : (event.output as { message: string }).message,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ message: KEY_CHECK_MESSAGES.failed }) },
      },
    },
    works: {
      tags: 'done',
      on: { 'test.start': 'testing' },
    },
    failed: {
      tags: 'done',
      on: { 'test.start': 'testing' },
    },
  },
})
