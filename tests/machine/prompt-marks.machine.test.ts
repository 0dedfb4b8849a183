import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { LibraryFilter } from '../../src/domain/prompt-marks'
import type { LibraryList, LibraryPrompt } from '../../src/domain/prompt-types'
import type { Notice } from '../../src/machines/notice'
import { type LibraryEvent, promptLibraryMachine } from '../../src/machines/prompt-library.machine'
import { type MarkWrite, promptMarksMachine } from '../../src/machines/prompt-marks.machine'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush, libraryPrompt } from './prompt-fixtures'

// Favourites and tags in the Prompt Library (docs/product/screens.md#favourites-and-tags): a
// star or a tag shows at once, is written in order, and a failed write is said and undone by
// reading the list again.

const PLAIN = libraryPrompt({ favourite: false, tags: [] })
const TAGGED = libraryPrompt({ id: 'p2', title: 'Reviewer', favourite: true, tags: ['Work'] })

/** A write the test lets land (or fail) when it chooses. */
interface Pending {
  write: MarkWrite
  land: () => void
  fail: () => void
}

function startLibrary(list: LibraryPrompt[] = [PLAIN, TAGGED]) {
  const notices: Notice[] = []
  const loads: { tab: LibraryList; filter: LibraryFilter }[] = []
  const writes: Pending[] = []
  const actor = createActor(
    promptLibraryMachine.provide({
      actors: {
        'load prompts': fromPromise(async ({ input }) => {
          loads.push(input)
          return list
        }),
        marks: promptMarksMachine.provide({
          actors: {
            'save mark': fromPromise(
              ({ input }) =>
                new Promise((resolve, reject) => {
                  writes.push({
                    write: input,
                    land: () => resolve({}),
                    fail: () => reject(new Error('offline')),
                  })
                }),
            ),
          },
        }),
      },
      actions: {
        notify: (_, notice: Notice) => {
          notices.push(notice)
        },
      },
    }),
    { input: { shareOrigin: 'https://chat.example.com' } },
  )
  actor.start()
  const send = async (...events: LibraryEvent[]) => {
    for (const event of events) {
      actor.send(event)
      await flush()
    }
  }
  const shown = (id: string) => actor.getSnapshot().context.prompts.find((p) => p.id === id)
  const messages = () => notices.map((n) => n.message)
  return { actor, send, shown, loads, writes, messages }
}

async function opened(list?: LibraryPrompt[]) {
  const lib = startLibrary(list)
  await lib.send({ type: 'library.open' })
  return lib
}

describe('favourites and tags in the library machine', () => {
  it('a star shows at once and is written; a second click waits for the first, in order', async () => {
    const lib = await opened()
    await lib.send({ type: 'prompt.favourite.toggle', prompt: PLAIN })
    expect(lib.shown('p1')?.favourite).toBe(true)
    expect(lib.writes.map((w) => w.write)).toEqual([{ promptId: 'p1', favourite: true }])
    // The card's copy of the prompt is older than the list's: the list's star is what flips.
    await lib.send({ type: 'prompt.favourite.toggle', prompt: PLAIN })
    expect(lib.shown('p1')?.favourite).toBe(false)
    expect(lib.writes).toHaveLength(1)
    lib.writes[0]?.land()
    await flush()
    expect(lib.writes.map((w) => w.write)).toEqual([
      { promptId: 'p1', favourite: true },
      { promptId: 'p1', favourite: false },
    ])
    lib.writes[1]?.land()
    await flush()
    expect(lib.shown('p1')?.favourite).toBe(false)
    expect(lib.messages()).toEqual([])
  })

  it('a tag is added tidied, once whatever its case, and removed', async () => {
    const lib = await opened()
    await lib.send({ type: 'prompt.tag.add', prompt: TAGGED, text: '  deep   research ' })
    expect(lib.shown('p2')?.tags).toEqual(['Work', 'deep research'])
    await lib.send({ type: 'prompt.tag.add', prompt: TAGGED, text: 'WORK' })
    await lib.send({ type: 'prompt.tag.add', prompt: TAGGED, text: '   ' })
    for (const pending of lib.writes) pending.land()
    await flush()
    await lib.send({ type: 'prompt.tag.remove', prompt: TAGGED, tag: 'work' })
    lib.writes.at(-1)?.land()
    await flush()
    expect(lib.writes.map((w) => w.write)).toEqual([
      { promptId: 'p2', tags: ['Work', 'deep research'] },
      { promptId: 'p2', tags: ['deep research'] },
    ])
    expect(lib.shown('p2')?.tags).toEqual(['deep research'])
  })

  it('a tag over 30 characters, or an 11th, is refused with its message and nothing is written', async () => {
    const full = libraryPrompt({ tags: Array.from({ length: 10 }, (_, i) => `t${i}`) })
    const lib = await opened([full])
    await lib.send({ type: 'prompt.tag.add', prompt: full, text: 'one more' })
    await lib.send({ type: 'prompt.tag.remove', prompt: full, tag: 't9' })
    await lib.send({ type: 'prompt.tag.add', prompt: full, text: 'x'.repeat(31) })
    expect(lib.messages()).toEqual([
      'A prompt can have at most 10 tags',
      'Tags are at most 30 characters',
    ])
    expect(lib.writes.map((w) => w.write.tags?.length)).toEqual([9])
  })

  it('a failed star or tag write is said, and the list is read again', async () => {
    const lib = await opened()
    expect(lib.loads).toHaveLength(1)
    await lib.send({ type: 'prompt.favourite.toggle', prompt: PLAIN })
    lib.writes[0]?.fail()
    await flush()
    expect(lib.messages()).toEqual(['Failed to update favourites'])
    expect(lib.loads).toHaveLength(2)
    // The list read again is the truth: the star is gone.
    expect(lib.shown('p1')?.favourite).toBe(false)
    await lib.send({ type: 'prompt.tag.add', prompt: PLAIN, text: 'ideas' })
    lib.writes[1]?.fail()
    await flush()
    expect(lib.messages()).toEqual(['Failed to update favourites', 'Failed to save tags'])
  })

  it('a write still lands after the library closes; its failure is still said', async () => {
    const lib = await opened()
    await lib.send({ type: 'prompt.favourite.toggle', prompt: PLAIN })
    await lib.send({ type: 'library.close' })
    lib.writes[0]?.fail()
    await flush()
    expect(lib.messages()).toEqual(['Failed to update favourites'])
  })

  it('the filters read the list again, kept across tabs; a search result opens unfiltered', async () => {
    const lib = await opened()
    await lib.send({ type: 'library.filter.favourites' })
    await lib.send({ type: 'library.filter.tag', tag: 'Work' })
    await lib.send({ type: 'library.tab.change', tab: 'mine' })
    await lib.send({ type: 'library.filter.favourites' })
    await lib.send({ type: 'library.filter.tag', tag: null })
    expect(lib.loads).toEqual([
      { tab: 'public', filter: { favourites: false, tag: null } },
      { tab: 'public', filter: { favourites: true, tag: null } },
      { tab: 'public', filter: { favourites: true, tag: 'Work' } },
      { tab: 'mine', filter: { favourites: true, tag: 'Work' } },
      { tab: 'mine', filter: { favourites: false, tag: 'Work' } },
      { tab: 'mine', filter: { favourites: false, tag: null } },
    ])
    await lib.send({ type: 'library.filter.favourites' }, { type: 'library.close' })
    await lib.send({ type: 'library.open', find: { tab: 'public', search: 'Reviewer' } })
    expect(lib.loads.at(-1)).toEqual({ tab: 'public', filter: { favourites: false, tag: null } })
  })
})

describe('prompt marks machine model', () => {
  it('walks every declared transition: writes queue while one is in flight', async () => {
    const write: MarkWrite = { promptId: 'p1', favourite: true }
    const { missing, replays } = await walkEveryTransition({
      machine: promptMarksMachine,
      events: [{ type: 'mark.save', write }, ...settles('save mark')],
      deferredActors: ['save mark'],
      noopActions: ['report saved', 'report failed'],
      serialize: ({ value, context }) =>
        JSON.stringify([value, Math.min((context as { queue: unknown[] }).queue.length, 2)]),
      tags: ['busy'],
    })
    expect(replays).toBeGreaterThan(3)
    expect(missing).toEqual([])
  })
})
