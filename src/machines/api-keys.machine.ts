import { type ActorRefFrom, assign, fromPromise, sendTo, setup } from 'xstate'
import type { ProviderName } from '../domain/chat-types'
import { keyTestMachine } from './key-test.machine'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

/** One row per provider in the Manage API Keys dialog, in this order. */
export const KEY_PROVIDERS: readonly ProviderName[] = ['openai', 'anthropic', 'google']

/** docs/product/errors.md#toasts: the key dialog's toasts. */
export const API_KEY_MESSAGES = {
  empty: 'API key cannot be empty',
  saved: (provider: string) => `${provider} API key saved successfully`,
  saveFailed: 'Failed to save API key. Please try again.',
  loadFailed: 'Failed to load saved API keys',
} as const

type PerProvider<T> = Record<ProviderName, T>

/** The decoded keys the user has stored; providers without a (readable) key are absent. */
export type SavedKeys = Partial<PerProvider<string>>

export interface ApiKeysContext {
  drafts: PerProvider<string>
  /** Each field as the store last filled it: a draft still equal to it is not being edited. */
  stored: PerProvider<string>
  saved: PerProvider<boolean>
  /** Keys changed elsewhere while busy: read again once at rest (docs/product/live-sync.md). */
  stale: boolean
  revealed: PerProvider<boolean>
  saving: ProviderName | null
  /** Each row's `Test` (docs/product/behaviour.md#test-a-key), one actor per provider. */
  tests: PerProvider<ActorRefFrom<typeof keyTestMachine>>
}

export type ApiKeysEvent =
  | { type: 'key.change'; provider: ProviderName; value: string }
  | { type: 'key.toggleVisibility'; provider: ProviderName }
  | { type: 'key.save'; provider: ProviderName }
  | { type: 'key.test'; provider: ProviderName }
  /** Keys were saved or removed on another device or tab (live sync). */
  | { type: 'keys.changed' }

const perProvider = <T>(value: (provider: ProviderName) => T): PerProvider<T> =>
  Object.fromEntries(KEY_PROVIDERS.map((p) => [p, value(p)])) as PerProvider<T>

const providerOfEvent = (event: ApiKeysEvent) =>
  (event as Extract<ApiKeysEvent, { provider: ProviderName }>).provider

/** Key management (docs/product/screens.md#api-keys-dialog): loads the saved keys on start, saves one provider at a time. */
export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
  },
  actors: {
    'load keys': fromPromise<SavedKeys>(async () => {
      throw notProvided('load keys')
    }),
    'save key': fromPromise<void, { provider: ProviderName; apiKey: string }>(async () => {
      throw notProvided('save key')
    }),
    'key test': keyTestMachine,
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
  },
  guards: {
    'stale?': ({ context }) => context.stale,
    'key blank?': ({ context, event }) => context.drafts[providerOfEvent(event)].trim() === '',
    'key filled?': ({ context, event }) => context.drafts[providerOfEvent(event)].trim() !== '',
  },
}).createMachine({
  id: 'apiKeys',
  context: ({ spawn }) => ({
    drafts: perProvider(() => ''),
    stored: perProvider(() => ''),
    saved: perProvider(() => false),
    stale: false,
    revealed: perProvider(() => false),
    saving: null,
    tests: perProvider((provider) =>
      spawn('key test', { id: `keyTest.${provider}`, input: { provider } }),
    ),
  }),
  on: {
    'keys.changed': { actions: assign({ stale: true }) },
    'key.change': {
      actions: [
        assign({
          drafts: ({ context, event }) => ({ ...context.drafts, [event.provider]: event.value }),
        }),
        // An outcome is about the key that was tested, not the one now in the field.
        sendTo(({ context, event }) => context.tests[event.provider], { type: 'test.reset' }),
      ],
    },
    // Tests the key in the row as it stands (the saved one, or one typed over it), unsaved.
    'key.test': {
      guard: 'key filled?',
      actions: sendTo(
        ({ context, event }) => context.tests[event.provider],
        ({ context, event }) => ({
          type: 'test.start' as const,
          apiKey: context.drafts[event.provider].trim(),
        }),
      ),
    },
    'key.toggleVisibility': {
      actions: assign({
        revealed: ({ context, event }) => ({
          ...context.revealed,
          [event.provider]: !context.revealed[event.provider],
        }),
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'keysLoader',
        src: 'load keys',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            drafts: perProvider((p) => event.output[p] ?? context.drafts[p]),
            stored: perProvider((p) => event.output[p] ?? context.drafts[p]),
            saved: perProvider((p) => event.output[p] !== undefined),
          })),
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'log error', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { kind: 'error', message: API_KEY_MESSAGES.loadFailed } },
          ],
        },
      },
    },
    ready: {
      // Cleared on arrival, not on leaving `saving`: the save's toast still names the provider.
      entry: assign({ saving: null }),
      initial: 'resting',
      states: {
        resting: {
          always: { guard: 'stale?', target: 'refreshing' },
          on: { 'keys.changed': 'refreshing' },
        },
        // docs/product/live-sync.md: keys saved elsewhere. The Saved markers follow; a field
        // being edited keeps its draft, the others show the stored key. Not busy: Save and
        // Test stay usable meanwhile.
        refreshing: {
          entry: assign({ stale: false }),
          on: { 'keys.changed': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'keysRefresher',
            src: 'load keys',
            onDone: {
              target: 'resting',
              actions: assign(({ context, event }) => ({
                drafts: perProvider((p) =>
                  context.drafts[p] === context.stored[p]
                    ? (event.output[p] ?? '')
                    : context.drafts[p],
                ),
                stored: perProvider((p) => event.output[p] ?? ''),
                saved: perProvider((p) => event.output[p] !== undefined),
              })),
            },
            onError: {
              target: 'resting',
              actions: { type: 'log error', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
      on: {
        'key.save': [
          {
            guard: 'key blank?',
            actions: { type: 'notify', params: { kind: 'error', message: API_KEY_MESSAGES.empty } },
          },
          {
            target: 'saving',
            actions: assign({ saving: ({ event }) => event.provider }),
          },
        ],
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'keySaver',
        src: 'save key',
        input: ({ context }) => {
          const provider = context.saving as ProviderName
          return { provider, apiKey: context.drafts[provider].trim() }
        },
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context }) => {
              const provider = context.saving as ProviderName
              return {
                saved: { ...context.saved, [provider]: true },
                stored: { ...context.stored, [provider]: context.drafts[provider] },
              }
            }),
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success' as const,
                message: API_KEY_MESSAGES.saved(context.saving ?? ''),
              }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'log error', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { kind: 'error', message: API_KEY_MESSAGES.saveFailed } },
          ],
        },
      },
    },
  },
})
