import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AnyEventObject, type AnyStateMachine, createActor, fromPromise, setup } from 'xstate'
import type { SearchResult } from '../../src/domain/search-result'
import { SEARCH_PAUSE_MS, searchMachine } from '../../src/machines/search.machine'
import { settles, walkEveryTransition } from '../support/model-walk'

const conversation = (id: string, messageId: string | null = `msg_${id}`): SearchResult => ({
  kind: 'conversation',
  id,
  messageId,
  title: `Conversation ${id}`,
  snippet: 'a \u0002match\u0003',
  at: '2026-05-01T10:00:00.000Z',
})
const prompt = (id: string, own: boolean): SearchResult => ({
  kind: 'prompt',
  id,
  title: `Prompt ${id}`,
  snippet: 'a \u0002match\u0003',
  promptType: 'user',
  own,
  at: '2026-05-01T10:00:00.000Z',
})

/**
 * The search machine as the app machine runs it, a child: what it reports is heard. Each
 * search answers when the test says, with the results it names.
 */
function startSearch() {
  const asked: string[] = []
  const answers: Array<{
    query: string
    answer: (results: SearchResult[]) => void
    fail: () => void
  }> = []
  const machine = searchMachine.provide({
    actors: {
      search: fromPromise<SearchResult[], { query: string }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            asked.push(input.query)
            answers.push({
              query: input.query,
              answer: resolve,
              fail: () => reject(new Error('503')),
            })
          }),
      ),
    },
  })
  const heard: AnyEventObject[] = []
  const parent = setup({ actors: { search: machine as AnyStateMachine } }).createMachine({
    invoke: { id: 'search', src: 'search' },
    on: { '*': { actions: ({ event }) => heard.push(event) } },
  })
  const app = createActor(parent).start()
  const search = app.getSnapshot().children.search as ReturnType<
    typeof createActor<typeof searchMachine>
  >
  return { search, asked, answers, heard }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

describe('search machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks once typing pauses, with the text trimmed, and shows what it found', async () => {
    const { search, asked, answers } = startSearch()
    search.send({ type: 'search.open' })
    expect(search.getSnapshot().matches('open')).toBe(true)
    search.send({ type: 'search.change', text: 'l' })
    search.send({ type: 'search.change', text: 'lis' })
    search.send({ type: 'search.change', text: ' lisbon ' })
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS - 1)
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toEqual(['lisbon'])
    expect(search.getSnapshot().hasTag('searching')).toBe(true)
    answers[0]!.answer([conversation('a'), prompt('p', true)])
    await settle()
    expect(search.getSnapshot().context).toMatchObject({
      text: ' lisbon ',
      answered: ' lisbon ',
      active: 0,
      results: [{ id: 'a' }, { id: 'p' }],
    })
    expect(search.getSnapshot().hasTag('searching')).toBe(false)
  })

  it('an older answer arriving after newer typing is never shown', async () => {
    const { search, asked, answers } = startSearch()
    search.send({ type: 'search.open' })
    search.send({ type: 'search.change', text: 'lisbon' })
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS)
    search.send({ type: 'search.change', text: 'porto' })
    answers[0]!.answer([conversation('lisbon')])
    await settle()
    expect(search.getSnapshot().context.results).toEqual([])
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS)
    answers[1]!.answer([conversation('porto')])
    await settle()
    expect(asked).toEqual(['lisbon', 'porto'])
    expect(search.getSnapshot().context.results.map((r) => r.id)).toEqual(['porto'])
  })

  it('a blank box asks nothing and forgets what was found', async () => {
    const { search, asked, answers } = startSearch()
    search.send({ type: 'search.open' })
    search.send({ type: 'search.change', text: 'lisbon' })
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS)
    answers[0]!.answer([conversation('a')])
    await settle()
    search.send({ type: 'search.change', text: '   ' })
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS * 2)
    expect(asked).toEqual(['lisbon'])
    expect(search.getSnapshot().context).toMatchObject({ results: [], answered: null })
  })

  it('the arrows go round the results; Enter reports the one they are on and closes', async () => {
    const { search, answers, heard } = startSearch()
    search.send({ type: 'search.open' })
    search.send({ type: 'search.change', text: 'lisbon' })
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS)
    answers[0]!.answer([conversation('a'), conversation('b'), prompt('p', false)])
    await settle()
    search.send({ type: 'search.move', by: -1 })
    expect(search.getSnapshot().context.active).toBe(2)
    search.send({ type: 'search.move', by: 1 })
    search.send({ type: 'search.move', by: 1 })
    expect(search.getSnapshot().context.active).toBe(1)
    search.send({ type: 'search.choose' })
    expect(heard).toEqual([{ type: 'search.chosen', result: conversation('b') }])
    expect(search.getSnapshot().matches('closed')).toBe(true)
    // Opened again, the text and what it found are still there.
    search.send({ type: 'search.open' })
    expect(search.getSnapshot().context).toMatchObject({ text: 'lisbon', results: { length: 3 } })
  })

  it('a click chooses its own result; with nothing found, Enter does nothing', async () => {
    const { search, answers, heard } = startSearch()
    search.send({ type: 'search.open' })
    search.send({ type: 'search.choose' })
    expect(search.getSnapshot().matches('open')).toBe(true)
    search.send({ type: 'search.change', text: 'lisbon' })
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS)
    answers[0]!.answer([conversation('a'), prompt('p', true)])
    await settle()
    search.send({ type: 'search.choose', index: 1 })
    expect(heard).toEqual([{ type: 'search.chosen', result: prompt('p', true) }])
  })

  it('a failed search says so and is asked again on retry', async () => {
    const { search, asked, answers } = startSearch()
    search.send({ type: 'search.open' })
    search.send({ type: 'search.change', text: 'lisbon' })
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS)
    answers[0]!.fail()
    await settle()
    expect(search.getSnapshot().hasTag('failed')).toBe(true)
    search.send({ type: 'search.retry' })
    expect(asked).toEqual(['lisbon', 'lisbon'])
    answers[1]!.answer([conversation('a')])
    await settle()
    expect(search.getSnapshot().hasTag('failed')).toBe(false)
    expect(search.getSnapshot().context.results).toHaveLength(1)
  })

  it('model walk: every transition is reachable and lands where the model says', async () => {
    vi.useRealTimers()
    const { missing } = await walkEveryTransition({
      machine: searchMachine,
      events: [
        { type: 'search.open' },
        { type: 'search.close' },
        { type: 'search.change', text: 'lisbon' },
        { type: 'search.change', text: ' ' },
        { type: 'search.move', by: 1 },
        { type: 'search.choose' },
        { type: 'search.retry' },
        ...settles('searcher', [conversation('a')]),
      ],
      deferredActors: ['search'],
      noopActions: ['report chosen'],
      serialize: ({ value, context }) =>
        JSON.stringify([value, context.text.trim() !== '', context.results.length > 0]),
      tags: ['searching', 'failed'],
    })
    expect(missing).toEqual([])
  })
})
