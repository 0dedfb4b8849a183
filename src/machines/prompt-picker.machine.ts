import { assign, fromPromise, sendParent, setup } from 'xstate'
import {
  type PickerPrompt,
  pickerMatches,
  replaceSlashQuery,
  type SlashQuery,
  slashQueryAt,
} from '../domain/prompt-picker'
import { hasVariables } from '../domain/prompt-variables'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'
import type { Notice } from './notice'
import {
  promptVariablesMachine,
  type VariablesFormOutput,
  variablesFormInput,
} from './prompt-variables.machine'

export interface PickerContext {
  /** What the picker offers: the last list loaded (shown while the next one loads). */
  prompts: PickerPrompt[]
  /** The message input's text as last typed, and the `/query` in it while open. */
  text: string
  slash: SlashQuery | null
  /** The option Enter would insert (the combobox's highlighted item). */
  highlighted: string | null
  /** The prompt being filled in before it is inserted. */
  subject: PickerPrompt | null
  /** Where the caret goes after the last insert; a new object for every insert. */
  inserted: { caret: number } | null
}

export type PickerEvent =
  /** The user changed the input's text; the caret is where it now is. */
  | { type: 'picker.typed'; text: string; caret: number }
  /** The caret moved without a change (arrow keys, a click). */
  | { type: 'picker.caret'; text: string; caret: number }
  | { type: 'picker.highlight'; id: string | null }
  /** The arrow keys: the next (1) or previous (-1) option, round from either end. */
  | { type: 'picker.move'; step: 1 | -1 }
  | { type: 'picker.choose'; id: string }
  | { type: 'picker.close' }

const firstMatch = (context: Pick<PickerContext, 'prompts' | 'slash'>) =>
  pickerMatches(context)[0]?.id ?? null

/** The option `step` from the highlighted one, wrapping round; from none, the first or last. */
function stepped(context: PickerContext, step: 1 | -1): string | null {
  const matches = pickerMatches(context)
  if (matches.length === 0) return context.highlighted
  const at = matches.findIndex((prompt) => prompt.id === context.highlighted)
  const next = at === -1 ? (step === 1 ? 0 : matches.length - 1) : at + step
  return matches[(next + matches.length) % matches.length]!.id
}

const chosen = (context: PickerContext, id: string) =>
  context.prompts.find((prompt) => prompt.id === id) ?? null

/** The chosen prompt is one of the options on show. */
const offered = (
  context: PickerContext,
  event: PickerEvent,
): event is Extract<PickerEvent, { type: 'picker.choose' }> =>
  event.type === 'picker.choose' && pickerMatches(context).some((p) => p.id === event.id)

/** The slash the event's caret ends, if it is the one the picker opened for. */
function sameSlash(context: PickerContext, event: PickerEvent): SlashQuery | null {
  if (event.type !== 'picker.typed' && event.type !== 'picker.caret') return null
  const slash = slashQueryAt(event.text, event.caret)
  return slash && slash.start === context.slash?.start ? slash : null
}

/**
 * The `/` prompt picker of the message input (docs/product/variables.md): typing `/` at the
 * start of the input or after whitespace opens it over the user's prompts and quick prompts;
 * what follows the slash filters them. Choosing one replaces the `/query` with the prompt's
 * content, through the variables form when it has variables; Escape (`picker.close`) leaves
 * the text as typed. The input's text goes to the chat by the app machine (`chat.fill`).
 */
export const promptPickerMachine = setup({
  types: {
    context: {} as PickerContext,
    events: {} as PickerEvent,
  },
  actors: {
    'load picker prompts': fromPromise<PickerPrompt[]>(async () => {
      throw notProvided('load picker prompts')
    }),
    // The fill-in form of a prompt with variables; no effects.
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
    'open at slash': assign(({ event }) => {
      const { text, caret } = event as Extract<PickerEvent, { type: 'picker.typed' }>
      return { text, slash: slashQueryAt(text, caret), highlighted: null, subject: null }
    }),
    // The highlight starts on the best match each time the query changes.
    'follow query': assign(({ context, event }) => {
      const { text } = event as Extract<PickerEvent, { type: 'picker.typed' }>
      const slash = sameSlash(context, event)
      const changed = slash?.query !== context.slash?.query
      const next = { ...context, text, slash }
      return { text, slash, highlighted: changed ? firstMatch(next) : context.highlighted }
    }),
    'highlight first': assign(({ context }) => ({
      highlighted: pickerMatches(context).some((p) => p.id === context.highlighted)
        ? context.highlighted
        : firstMatch(context),
    })),
    insert: assign(({ context }, { content }: { content: string }) => {
      const { text, caret } = replaceSlashQuery(
        context.text,
        context.slash ?? { start: 0, query: '' },
        content,
      )
      return { text, slash: null, highlighted: null, inserted: { caret } }
    }),
  },
  guards: {
    // Just typed: the caret is right after a `/` at the start or after whitespace.
    'slash typed?': ({ event }) => {
      if (event.type !== 'picker.typed') return false
      return slashQueryAt(event.text, event.caret)?.query === ''
    },
    'still in the query?': ({ context, event }) => sameSlash(context, event) !== null,
    'nothing matches?': ({ context }) => pickerMatches(context).length === 0,
    // The query goes on, but no prompt matches it any more.
    'query left unmatched?': ({ context, event }) => {
      const slash = sameSlash(context, event)
      return slash !== null && pickerMatches({ prompts: context.prompts, slash }).length === 0
    },
    'offered?': ({ context, event }) => offered(context, event),
    'offered with variables?': ({ context, event }) =>
      offered(context, event) && hasVariables(chosen(context, event.id)?.content ?? ''),
    'form submitted?': ({ event }) =>
      (event as unknown as { output: VariablesFormOutput }).output !== null,
  },
}).createMachine({
  id: 'promptPicker',
  context: {
    prompts: [],
    text: '',
    slash: null,
    highlighted: null,
    subject: null,
    inserted: null,
  },
  initial: 'closed',
  states: {
    closed: {
      // Nothing on offer while closed: the next `/` starts afresh.
      entry: assign({ slash: null, highlighted: null }),
      on: {
        'picker.typed': { guard: 'slash typed?', target: 'open', actions: 'open at slash' },
      },
    },
    open: {
      tags: 'open',
      on: {
        // Typing past the query (whitespace, a deleted slash) closes the picker.
        'picker.typed': 'closed',
        'picker.caret': [
          { guard: 'still in the query?', actions: 'follow query' },
          { target: 'closed' },
        ],
        'picker.highlight': { actions: assign({ highlighted: ({ event }) => event.id }) },
        'picker.move': {
          actions: assign({ highlighted: ({ context, event }) => stepped(context, event.step) }),
        },
        'picker.choose': [
          {
            guard: 'offered with variables?',
            target: 'filling',
            actions: assign({
              subject: ({ context, event }) => chosen(context, event.id),
            }),
          },
          {
            guard: 'offered?',
            target: 'closed',
            actions: [
              {
                type: 'insert',
                params: ({ context, event }) => ({
                  content: chosen(context, event.id)?.content ?? '',
                }),
              },
              { type: 'fill chat input', params: ({ context }) => ({ content: context.text }) },
            ],
          },
        ],
        'picker.close': 'closed',
      },
      initial: 'loading',
      states: {
        // The last list stays on offer while the user's prompts are read again.
        loading: {
          tags: 'busy',
          entry: 'highlight first',
          on: { 'picker.typed': { guard: 'still in the query?', actions: 'follow query' } },
          invoke: {
            id: 'load picker prompts',
            src: 'load picker prompts',
            onDone: {
              target: 'checking',
              actions: [assign({ prompts: ({ event }) => event.output }), 'highlight first'],
            },
            onError: {
              target: 'checking',
              actions: {
                type: 'notify',
                params: { kind: 'error', message: 'Failed to load prompts' },
              },
            },
          },
        },
        // With nothing to offer (no prompts, or none match) the picker steps aside.
        checking: {
          always: [
            { guard: 'nothing matches?', target: '#promptPicker.closed' },
            { target: 'ready' },
          ],
        },
        ready: {
          on: {
            'picker.typed': [
              // Nothing left to offer: it steps aside, so Enter sends again.
              {
                guard: 'query left unmatched?',
                target: '#promptPicker.closed',
              },
              { guard: 'still in the query?', actions: 'follow query' },
            ],
          },
        },
      },
    },
    // Inserting a prompt with variables: Submit inserts the filled text, Cancel nothing.
    filling: {
      invoke: {
        id: 'variables',
        src: 'variables form',
        input: ({ context }) => variablesFormInput(context.subject, 'insert'),
        onDone: [
          {
            guard: 'form submitted?',
            target: 'closed',
            actions: [
              {
                type: 'insert',
                params: ({ event }) => ({ content: event.output?.content ?? '' }),
              },
              { type: 'fill chat input', params: ({ context }) => ({ content: context.text }) },
            ],
          },
          { target: 'closed' },
        ],
      },
    },
  },
})
