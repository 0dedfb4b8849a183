import { assign, fromPromise, sendParent, setup } from 'xstate'
import { MODEL_SERVER_MESSAGES, modelListProblem } from '../domain/model-server-messages'
import type { ModelListResult, ModelServer } from '../domain/server-models'
import {
  checkServerDraft,
  type ServerDraft,
  type ServerDraftErrors,
  type ServerSubmission,
} from '../domain/server-url'
import { notProvided } from './not-provided'
import type { Notice } from './notice'

export interface ModelServersContext {
  servers: ModelServer[]
  draft: ServerDraft
  /** Shown under the fields once Add was pressed; a field's own error goes when it changes. */
  errors: ServerDraftErrors
  /** The checked form being tried, and how many models the server listed. */
  submission: (ServerSubmission & { modelCount: number }) | null
  /** The server whose removal waits for a yes, or is running. */
  removal: ModelServer | null
  /** Servers changed elsewhere while busy: read again once at rest (docs/product/live-sync.md). */
  stale: boolean
}

export type ModelServersEvent =
  | { type: 'server.change'; field: keyof ServerDraft; value: string }
  | { type: 'server.add' }
  | { type: 'server.remove'; serverId: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  /** Servers were added or removed on another device or tab (live sync). */
  | { type: 'servers.changed' }

const EMPTY_DRAFT: ServerDraft = { name: '', baseUrl: '', apiKey: '' }
const NO_ERRORS: ServerDraftErrors = { name: null, baseUrl: null }

const submitted = (context: ModelServersContext) =>
  context.submission ?? { name: '', baseUrl: '', apiKey: '', modelCount: 0 }

const checkOf = (context: ModelServersContext) =>
  checkServerDraft(
    context.draft,
    context.servers.map((server) => server.name),
  )

/** A failed load, save or removal: logged, and its toast shown. */
const failure = (message: string) =>
  [
    {
      type: 'log error' as const,
      params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
    },
    { type: 'notify' as const, params: { kind: 'error' as const, message } },
  ] as const

/**
 * The "OpenAI-compatible servers" section of the keys dialog (docs/product/servers.md): lists
 * the user's servers on start; Add checks the form, then asks the server for its models and
 * saves it only if it answered; Remove asks for a yes first. Every change is reported to the
 * parent (`servers.changed`), so the chat's model list is loaded again.
 */
export const modelServersMachine = setup({
  types: {
    context: {} as ModelServersContext,
    events: {} as ModelServersEvent,
  },
  actors: {
    'load servers': fromPromise<ModelServer[]>(async () => {
      throw notProvided('load servers')
    }),
    /** Lists the server's models (`GET {base}/v1/models`, with a time-out); never hangs. */
    'check server': fromPromise<ModelListResult, ServerSubmission>(async () => {
      throw notProvided('check server')
    }),
    'save server': fromPromise<ModelServer, ServerSubmission>(async () => {
      throw notProvided('save server')
    }),
    'remove server': fromPromise<void, { serverId: string }>(async () => {
      throw notProvided('remove server')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    'log error': (_, _params: { error: unknown }) => {
      throw notProvided('log error')
    },
    // The model picker passes it on to the app machine, which has the chat load its models again.
    'announce change': sendParent({ type: 'servers.changed' }),
  },
  guards: {
    'stale?': ({ context }) => context.stale,
    'draft invalid?': ({ context }) => !checkOf(context).ok,
    'server answered?': ({ event }) =>
      (event as unknown as { output: ModelListResult }).output.ok === true,
    'removal asked?': ({ context }) => context.removal !== null,
  },
}).createMachine({
  id: 'modelServers',
  context: {
    servers: [],
    draft: EMPTY_DRAFT,
    errors: NO_ERRORS,
    submission: null,
    removal: null,
    stale: false,
  },
  on: {
    'servers.changed': { actions: assign({ stale: true }) },
    'server.change': {
      actions: assign({
        draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
        errors: ({ context, event }) =>
          event.field === 'apiKey' ? context.errors : { ...context.errors, [event.field]: null },
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'serversLoader',
        src: 'load servers',
        onDone: { target: 'ready', actions: assign({ servers: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: failure(MODEL_SERVER_MESSAGES.loadFailed),
        },
      },
    },
    ready: {
      initial: 'resting',
      states: {
        resting: {
          always: { guard: 'stale?', target: 'refreshing' },
          on: { 'servers.changed': 'refreshing' },
        },
        // docs/product/live-sync.md: servers added or removed elsewhere join or leave the list,
        // quietly; the form stays usable. A removal asked for a server gone meanwhile is closed.
        refreshing: {
          entry: assign({ stale: false }),
          on: { 'servers.changed': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'serversRefresher',
            src: 'load servers',
            onDone: {
              target: 'resting',
              actions: assign(({ context, event }) => ({
                servers: event.output,
                removal: event.output.some((server) => server.id === context.removal?.id)
                  ? context.removal
                  : null,
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
        'server.add': [
          {
            guard: 'draft invalid?',
            actions: assign({
              errors: ({ context }) => {
                const check = checkOf(context)
                return check.ok ? NO_ERRORS : check.errors
              },
            }),
          },
          {
            target: 'checking',
            actions: assign({
              errors: NO_ERRORS,
              removal: null,
              submission: ({ context }) => {
                const check = checkOf(context)
                return check.ok ? { ...check.server, modelCount: 0 } : null
              },
            }),
          },
        ],
        'server.remove': {
          actions: assign({
            removal: ({ context, event }) =>
              context.servers.find((server) => server.id === event.serverId) ?? null,
          }),
        },
        'remove.cancel': { actions: assign({ removal: null }) },
        'remove.confirm': { guard: 'removal asked?', target: 'removing' },
      },
    },
    checking: {
      tags: ['busy', 'checking'],
      invoke: {
        id: 'serverChecker',
        src: 'check server',
        input: ({ context }) => {
          const { modelCount: _, ...server } = submitted(context)
          return server
        },
        onDone: [
          {
            guard: 'server answered?',
            target: 'saving',
            actions: assign({
              submission: ({ context, event }) => ({
                ...submitted(context),
                modelCount: event.output.ok ? event.output.models.length : 0,
              }),
            }),
          },
          {
            // Not saved: a server that cannot list its models would give the picker nothing.
            target: 'ready',
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                kind: 'error' as const,
                message: event.output.ok
                  ? MODEL_SERVER_MESSAGES.unreachable(submitted(context).name)
                  : modelListProblem(submitted(context).name, event.output),
              }),
            },
          },
        ],
        onError: {
          target: 'ready',
          actions: [
            { type: 'log error', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'error' as const,
                message: MODEL_SERVER_MESSAGES.unreachable(submitted(context).name),
              }),
            },
          ],
        },
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      invoke: {
        id: 'serverSaver',
        src: 'save server',
        input: ({ context }) => {
          const { modelCount: _, ...server } = submitted(context)
          return server
        },
        onDone: {
          target: 'ready',
          actions: [
            assign({
              servers: ({ context, event }) => [...context.servers, event.output],
              draft: EMPTY_DRAFT,
            }),
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success' as const,
                message: MODEL_SERVER_MESSAGES.added(
                  submitted(context).name,
                  submitted(context).modelCount,
                ),
              }),
            },
            'announce change',
          ],
        },
        onError: {
          target: 'ready',
          actions: failure(MODEL_SERVER_MESSAGES.saveFailed),
        },
      },
    },
    removing: {
      tags: ['busy', 'removing'],
      invoke: {
        id: 'serverRemover',
        src: 'remove server',
        input: ({ context }) => ({ serverId: context.removal?.id ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              servers: ({ context }) =>
                context.servers.filter((server) => server.id !== context.removal?.id),
            }),
            {
              type: 'notify',
              params: ({ context }) => ({
                kind: 'success' as const,
                message: MODEL_SERVER_MESSAGES.removed(context.removal?.name ?? ''),
              }),
            },
            assign({ removal: null }),
            'announce change',
          ],
        },
        onError: {
          target: 'ready',
          actions: [...failure(MODEL_SERVER_MESSAGES.removeFailed), assign({ removal: null })],
        },
      },
    },
  },
})
