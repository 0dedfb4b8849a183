import { assign, fromPromise, raise, sendParent, setup } from 'xstate'
import { moved } from '../domain/list-order'
import type { LibraryPrompt, QuickPromptEntry } from '../domain/prompt-types'
import { hasVariables } from '../domain/prompt-variables'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'
import {
  promptVariablesMachine,
  type VariablesFormOutput,
  variablesFormInput,
} from './prompt-variables.machine'

/** A quick prompt runs this long after the input is filled (docs/product/limits.md). */
export const QUICK_SEND_DELAY_MS = 100

export interface QuickPromptsContext {
  entries: QuickPromptEntry[]
  /** The prompt being added, removed or run (for its toast). */
  subject: LibraryPrompt | null
  /** Moved again while the last order was being written: the order is written once more. */
  movedAgain: boolean
}

export type QuickPromptsEvent =
  | { type: 'quick.open' }
  | { type: 'quick.close' }
  | { type: 'quick.refresh' }
  | { type: 'quick.add'; prompt: LibraryPrompt }
  | { type: 'quick.remove'; entry: QuickPromptEntry }
  | { type: 'quick.run'; prompt: LibraryPrompt }
  /** Drag and drop, or Move up / Move down: the entry goes to index `to` of the list. */
  | { type: 'quick.move'; entryId: string; to: number }

export type AddOutcome = 'added' | 'duplicate'

const notice = (kind: Notice['kind'], message: string) => ({
  type: 'notify' as const,
  params: { kind, message },
})

const titled =
  (kind: Notice['kind'], message: (title: string) => string) =>
  ({ context }: { context: QuickPromptsContext }) => ({
    kind,
    message: message(context.subject?.title ?? ''),
  })

/** The list after a `quick.move`, or null when it moves nothing. */
function afterMove(context: QuickPromptsContext, event: QuickPromptsEvent) {
  if (event.type !== 'quick.move') return null
  const from = context.entries.findIndex((entry) => entry.id === event.entryId)
  return moved(context.entries, from, event.to)
}

/** The Quick Prompts panel: its list, add (from the library), remove, reorder and run. */
export const quickPromptsMachine = setup({
  types: {
    context: {} as QuickPromptsContext,
    events: {} as QuickPromptsEvent,
  },
  actors: {
    'load quick prompts': fromPromise<QuickPromptEntry[]>(async () => {
      throw notProvided('load quick prompts')
    }),
    'add quick prompt': fromPromise<AddOutcome, { prompt: LibraryPrompt }>(async () => {
      throw notProvided('add quick prompt')
    }),
    'remove quick prompt': fromPromise<unknown, { entry: QuickPromptEntry }>(async () => {
      throw notProvided('remove quick prompt')
    }),
    /** Writes the whole order, first entry first. */
    'reorder quick prompts': fromPromise<unknown, { entryIds: string[] }>(async () => {
      throw notProvided('reorder quick prompts')
    }),
    // The fill-in form of a prompt with variables (docs/product/variables.md); no effects.
    'variables form': promptVariablesMachine,
  },
  actions: {
    notify: (_, _params: Notice) => {
      throw notProvided('notify')
    },
    // Routed by the app machine to the chat's input.
    'fill chat input': sendParent(
      (_, { content }: { content: string }): AppReport => ({ type: 'chat.fill', content }),
    ),
    // Routed by the app machine to the chat, which sends what its input holds.
    'send message': sendParent({ type: 'chat.submit' } satisfies AppReport),
    'move entry': assign({
      entries: ({ context, event }) => afterMove(context, event) ?? context.entries,
    }),
    'remember run': assign({
      subject: ({ event }) => (event.type === 'quick.run' ? event.prompt : null),
    }),
  },
  guards: {
    'runs with variables?': ({ event }) =>
      event.type === 'quick.run' && hasVariables(event.prompt.content),
    'form submitted?': ({ event }) =>
      (event as unknown as { output: VariablesFormOutput }).output !== null,
    'moves?': ({ context, event }) => afterMove(context, event) !== null,
    'moved again?': ({ context }) => context.movedAgain,
    'was duplicate?': ({ event }) =>
      (event as unknown as { output: AddOutcome }).output === 'duplicate',
  },
  delays: {
    'quick send delay': QUICK_SEND_DELAY_MS,
  },
}).createMachine({
  id: 'quickPrompts',
  context: { entries: [], subject: null, movedAgain: false },
  type: 'parallel',
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { 'quick.open': 'open' } },
        open: {
          tags: 'open',
          on: {
            'quick.close': 'closed',
            // A prompt with variables keeps the panel open under its form, so Cancel leaves
            // everything as it was; Submit closes it (the run region raises `quick.close`).
            'quick.run': [{ guard: 'runs with variables?' }, { target: 'closed' }],
          },
        },
      },
    },
    list: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'quick.open': 'loading',
            'quick.refresh': 'loading',
            'quick.add': {
              target: 'adding',
              actions: assign({ subject: ({ event }) => event.prompt }),
            },
            'quick.remove': {
              target: 'removing',
              actions: assign({ subject: ({ event }) => event.entry.prompt }),
            },
            'quick.move': { guard: 'moves?', target: 'reordering', actions: 'move entry' },
          },
        },
        // The new order shows at once; moves made while it is written are written after it,
        // so the last one shown is the one kept.
        reordering: {
          tags: 'busy',
          on: {
            'quick.move': {
              guard: 'moves?',
              actions: ['move entry', assign({ movedAgain: true })],
            },
          },
          invoke: {
            id: 'reorder quick prompts',
            src: 'reorder quick prompts',
            input: ({ context }) => ({ entryIds: context.entries.map((entry) => entry.id) }),
            onDone: [
              {
                guard: 'moved again?',
                target: 'reordering',
                reenter: true,
                actions: assign({ movedAgain: false }),
              },
              { target: 'idle' },
            ],
            // The list is read again, so it shows the order kept.
            onError: {
              target: 'loading',
              actions: [
                assign({ movedAgain: false }),
                notice('error', 'Failed to reorder quick prompts'),
              ],
            },
          },
        },
        loading: {
          tags: 'busy',
          // A click on Add or Remove while the list loads (a refresh after an activation, or a
          // change made on another device: docs/product/live-sync.md) is taken, not lost: the
          // load gives way, and the change reloads the list after. So is a move: the order
          // shown is written as it is.
          on: {
            'quick.move': { guard: 'moves?', target: 'reordering', actions: 'move entry' },
            'quick.add': {
              target: 'adding',
              actions: assign({ subject: ({ event }) => event.prompt }),
            },
            'quick.remove': {
              target: 'removing',
              actions: assign({ subject: ({ event }) => event.entry.prompt }),
            },
          },
          invoke: {
            id: 'load quick prompts',
            src: 'load quick prompts',
            onDone: { target: 'idle', actions: assign({ entries: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: notice('error', 'Failed to load quick prompts') },
          },
        },
        adding: {
          tags: 'busy',
          invoke: {
            id: 'add quick prompt',
            src: 'add quick prompt',
            input: ({ context }) => ({ prompt: context.subject as LibraryPrompt }),
            onDone: [
              {
                guard: 'was duplicate?',
                target: 'idle',
                actions: notice('info', 'Prompt is already in your quick menu'),
              },
              {
                target: 'loading',
                actions: {
                  type: 'notify',
                  params: titled('success', (title) => `Added "${title}" to quick menu`),
                },
              },
            ],
            onError: { target: 'idle', actions: notice('error', 'Failed to add to quick menu') },
          },
        },
        removing: {
          tags: 'busy',
          invoke: {
            id: 'remove quick prompt',
            src: 'remove quick prompt',
            input: ({ event }) => ({ entry: (event as { entry: QuickPromptEntry }).entry }),
            onDone: {
              target: 'loading',
              actions: {
                type: 'notify',
                params: titled('success', (title) => `Removed "${title}" from quick menu`),
              },
            },
            onError: {
              target: 'idle',
              actions: notice('error', 'Failed to remove from quick menu'),
            },
          },
        },
      },
    },
    run: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'quick.run': [
              {
                guard: 'runs with variables?',
                target: 'filling',
                actions: 'remember run',
              },
              {
                target: 'waiting',
                actions: [
                  'remember run',
                  {
                    type: 'fill chat input',
                    params: ({ event }) => ({ content: event.prompt.content }),
                  },
                  { type: 'notify', params: titled('success', (title) => `Running: ${title}`) },
                ],
              },
            ],
          },
        },
        // The form first: the input is filled, and the 100 ms wait starts, only on Submit.
        filling: {
          invoke: {
            id: 'variables',
            src: 'variables form',
            input: ({ context }) => variablesFormInput(context.subject, 'run'),
            onDone: [
              {
                guard: 'form submitted?',
                target: 'waiting',
                actions: [
                  raise({ type: 'quick.close' }),
                  {
                    type: 'fill chat input',
                    params: ({ event }) => ({ content: event.output?.content ?? '' }),
                  },
                  { type: 'notify', params: titled('success', (title) => `Running: ${title}`) },
                ],
              },
              { target: 'idle' },
            ],
          },
        },
        // The turn machine itself ignores the send when the text is blank or a send is
        // running, and holds it until a model is chosen (docs/product/behaviour.md).
        waiting: {
          on: {
            // A prompt with variables replaces the pending send with its form.
            'quick.run': [
              {
                guard: 'runs with variables?',
                target: 'filling',
                actions: 'remember run',
              },
              {
                target: 'waiting',
                reenter: true,
                actions: [
                  'remember run',
                  {
                    type: 'fill chat input',
                    params: ({ event }) => ({ content: event.prompt.content }),
                  },
                  { type: 'notify', params: titled('success', (title) => `Running: ${title}`) },
                ],
              },
            ],
          },
          after: { 'quick send delay': { target: 'idle', actions: 'send message' } },
        },
      },
    },
  },
})
