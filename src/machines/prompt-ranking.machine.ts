import { assign, fromPromise, sendParent, setup } from 'xstate'
import { notProvided } from './not-provided'

/** How long the typing pauses before the database is asked: as long as search waits (docs/product/limits.md#search). */
export const RANKING_DEBOUNCE_MS = 250

export type RankingEvent = { type: 'rank'; query: string; ids: string[] }

/** What the ranker tells the library: the order for a query, best first. */
export type RankingReport = { type: 'ranking.done'; query: string; order: string[] }

interface RankingContext {
  query: string
  ids: string[]
}

/**
 * Orders the Prompt Library's search results as the app's search does
 * (docs/product/search.md#the-prompt-library): the library's child for its whole life. It asks
 * once the typing pauses, only for the latest query; a blank query, or one nothing contains, is
 * answered at once with no order. A failed ask leaves the list in its own order.
 */
export const promptRankingMachine = setup({
  types: {
    context: {} as RankingContext,
    events: {} as RankingEvent,
  },
  actors: {
    'rank prompts': fromPromise<string[], RankingContext>(async () => {
      throw notProvided('rank prompts')
    }),
  },
  actions: {
    remember: assign(({ event }) => ({ query: event.query.trim(), ids: event.ids })),
    'report order': sendParent(
      ({ context, event }): RankingReport => ({
        type: 'ranking.done',
        query: context.query,
        order: (event as unknown as { output?: string[] }).output ?? [],
      }),
    ),
  },
  guards: {
    'nothing to rank?': ({ event }) => !event.query.trim() || event.ids.length === 0,
  },
}).createMachine({
  id: 'promptRanking',
  context: { query: '', ids: [] },
  initial: 'idle',
  on: {
    rank: [
      { guard: 'nothing to rank?', target: '.idle', actions: ['remember', 'report order'] },
      { target: '.waiting', reenter: true, actions: 'remember' },
    ],
  },
  states: {
    idle: {},
    waiting: { after: { [RANKING_DEBOUNCE_MS]: 'ranking' } },
    ranking: {
      invoke: {
        id: 'rank prompts',
        src: 'rank prompts',
        input: ({ context }) => context,
        onDone: { target: 'idle', actions: 'report order' },
        onError: 'idle',
      },
    },
  },
})
