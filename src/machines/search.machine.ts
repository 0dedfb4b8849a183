import { assign, fromPromise, sendParent, setup } from 'xstate'
import { type SearchResult, searchQuery } from '../domain/search-result'
import type { AppReport } from './app-reports'
import { notProvided } from './not-provided'

/** How long typing rests before the search is asked (ms): one request per pause, not per key. */
export const SEARCH_PAUSE_MS = 250

export interface SearchContext {
  /** What the box holds. */
  text: string
  /** The results shown, and the query they answer (null: none asked yet). */
  results: SearchResult[]
  answered: string | null
  /** The result the arrow keys are on: Enter chooses it. */
  active: number
}

export type SearchEvent =
  /** The header's Search button, or Ctrl+K / ⌘K. */
  | { type: 'search.open' }
  | { type: 'search.close' }
  | { type: 'search.change'; text: string }
  /** The arrow keys: the next or previous result, round the ends. */
  | { type: 'search.move'; by: 1 | -1 }
  /** A result clicked, or Enter on the active one (no index). */
  | { type: 'search.choose'; index?: number }
  | { type: 'search.retry' }

const NOTHING_FOUND = { results: [] as SearchResult[], answered: null, active: 0 }

/**
 * Search (docs/product/search.md): a box over the user's conversations and the prompts they
 * can read. It asks once typing pauses, shows the newest answer only (a slower, older answer
 * never replaces it), and reports the result chosen; the app machine opens it (a conversation
 * at its message, or the prompt in the library). What was typed stays for the next opening.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    search: fromPromise<SearchResult[], { query: string }>(async () => {
      throw notProvided('search')
    }),
  },
  actions: {
    'take text': assign({
      text: ({ event }) => (event.type === 'search.change' ? event.text : ''),
    }),
    'forget results': assign(NOTHING_FOUND),
    // Routed by the app machine: a conversation opens at the message, a prompt in the library.
    'report chosen': sendParent(({ context, event }): AppReport => {
      const index = event.type === 'search.choose' ? (event.index ?? context.active) : 0
      return { type: 'search.chosen', result: context.results[index] as SearchResult }
    }),
  },
  guards: {
    // The text typed now (guards run before the text is taken).
    'something to search?': ({ event }) =>
      event.type === 'search.change' && searchQuery(event.text) !== null,
    'a result?': ({ context, event }) =>
      event.type === 'search.choose' &&
      context.results[event.index ?? context.active] !== undefined,
  },
}).createMachine({
  id: 'search',
  context: { text: '', ...NOTHING_FOUND },
  initial: 'closed',
  states: {
    closed: {
      on: { 'search.open': 'open' },
    },
    open: {
      on: {
        'search.close': 'closed',
        'search.change': [
          { guard: 'something to search?', target: '.waiting', actions: 'take text' },
          { target: '.shown', actions: ['take text', 'forget results'] },
        ],
        'search.move': {
          actions: assign({
            active: ({ context, event }) => {
              const count = context.results.length
              return count === 0 ? 0 : (context.active + event.by + count) % count
            },
          }),
        },
        'search.choose': { guard: 'a result?', target: 'closed', actions: 'report chosen' },
      },
      // What the last search found (none before one) shows again on opening.
      initial: 'shown',
      states: {
        shown: {},
        waiting: {
          after: { [SEARCH_PAUSE_MS]: 'searching' },
        },
        searching: {
          tags: 'searching',
          invoke: {
            id: 'searcher',
            src: 'search',
            input: ({ context }) => ({ query: searchQuery(context.text) ?? '' }),
            onDone: {
              target: 'shown',
              actions: assign({
                results: ({ event }) => event.output,
                answered: ({ context }) => context.text,
                active: 0,
              }),
            },
            onError: 'failed',
          },
        },
        failed: {
          tags: 'failed',
          on: { 'search.retry': 'searching' },
        },
      },
    },
  },
})
