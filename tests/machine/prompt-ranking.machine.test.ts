import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, setup } from 'xstate'
import {
  promptRankingMachine,
  RANKING_DEBOUNCE_MS,
  type RankingReport,
} from '../../src/machines/prompt-ranking.machine'
import { settles, walkEveryTransition } from '../support/model-walk'

// The library search's order (docs/product/search.md#the-prompt-library): asked once the typing
// pauses, for the latest query only; blank queries answered at once.

/** A parent that keeps what the ranker reports. */
function start(rank: (query: string, ids: string[]) => Promise<string[]>) {
  const asked: string[] = []
  const reports: RankingReport[] = []
  const ranker = promptRankingMachine.provide({
    actors: {
      'rank prompts': fromPromise(async ({ input }) => {
        asked.push(input.query)
        return rank(input.query, input.ids)
      }),
    },
  })
  const parent = setup({ actors: { ranker } }).createMachine({
    invoke: { id: 'ranker', src: 'ranker' },
    on: {
      '*': {
        actions: ({ event }) => {
          if (event.type === 'ranking.done') reports.push(event as RankingReport)
        },
      },
    },
  })
  const actor = createActor(parent).start()
  const send = (query: string, ids: string[]) =>
    actor.getSnapshot().children.ranker?.send({ type: 'rank', query, ids })
  return { send, asked, reports }
}

describe('prompt ranking machine', () => {
  it('asks once the typing pauses, for the latest query only, and reports its order', async () => {
    vi.useFakeTimers()
    try {
      const { send, asked, reports } = start(async (_query, ids) => [...ids].reverse())
      send('s', ['a', 'b'])
      send('su', ['a', 'b'])
      send('sum ', ['a', 'b', 'c'])
      await vi.advanceTimersByTimeAsync(RANKING_DEBOUNCE_MS - 1)
      expect(asked).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(asked).toEqual(['sum'])
      expect(reports).toEqual([{ type: 'ranking.done', query: 'sum', order: ['c', 'b', 'a'] }])
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers a blank query, or one nothing contains, at once with no order and no ask', async () => {
    const { send, asked, reports } = start(async () => ['x'])
    send('   ', ['a'])
    send('zebra', [])
    expect(asked).toEqual([])
    expect(reports).toEqual([
      { type: 'ranking.done', query: '', order: [] },
      { type: 'ranking.done', query: 'zebra', order: [] },
    ])
  })

  it('drops an answer a newer query overtook, and a failed ask reports nothing', async () => {
    vi.useFakeTimers()
    try {
      let resolveFirst: (order: string[]) => void = () => {}
      const { send, reports } = start((query) =>
        query === 'first'
          ? new Promise((resolve) => {
              resolveFirst = resolve
            })
          : Promise.reject(new Error('offline')),
      )
      send('first', ['a'])
      await vi.advanceTimersByTimeAsync(RANKING_DEBOUNCE_MS)
      send('second', ['a'])
      resolveFirst(['a'])
      await vi.advanceTimersByTimeAsync(RANKING_DEBOUNCE_MS)
      expect(reports).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('prompt ranking machine model', () => {
  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: promptRankingMachine,
      events: [
        { type: 'rank', query: 'sum', ids: ['a'] },
        { type: 'rank', query: '', ids: ['a'] },
        ...settles('rank prompts', ['a']),
      ],
      deferredActors: ['rank prompts'],
      noopActions: ['report order'],
      tags: [],
      serialize: ({ value }) => JSON.stringify(value),
    })
    expect(missing).toEqual([])
  })
})
