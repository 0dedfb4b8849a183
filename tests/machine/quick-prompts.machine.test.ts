import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import type { QuickPromptEntry } from '../../src/domain/prompt-types'
import type { Notice } from '../../src/machines/notice'
import {
  type AddOutcome,
  QUICK_SEND_DELAY_MS,
  quickPromptsMachine,
} from '../../src/machines/quick-prompts.machine'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush, libraryPrompt } from './prompt-fixtures'

const PROMPT = libraryPrompt({ title: 'Translate', content: 'Translate to French' })
const ENTRY: QuickPromptEntry = { id: 'quick_1', prompt: PROMPT }
const SECOND: QuickPromptEntry = {
  id: 'quick_2',
  prompt: libraryPrompt({ id: 'p_2', title: 'Shorten', content: 'Shorten this' }),
}
const THIRD: QuickPromptEntry = {
  id: 'quick_3',
  prompt: libraryPrompt({ id: 'p_3', title: 'Explain', content: 'Explain this' }),
}
const WITH_VARIABLES = libraryPrompt({
  id: 'p_vars',
  title: 'Translate to',
  content: 'Translate {{text}} to {{language:French|German}}',
})
const fail = () => Promise.reject(new Error('boom'))

function startQuick(
  fakes: {
    load?: () => Promise<QuickPromptEntry[]>
    add?: () => Promise<AddOutcome>
    remove?: () => Promise<unknown>
    reorder?: (entryIds: string[]) => Promise<unknown>
  } = {},
) {
  const clock = new SimulatedClock()
  const log: string[] = []
  const actor = createActor(
    quickPromptsMachine.provide({
      actors: {
        'load quick prompts': fromPromise(async () => (fakes.load ? fakes.load() : [ENTRY])),
        'add quick prompt': fromPromise(async () => (fakes.add ? fakes.add() : 'added')),
        'remove quick prompt': fromPromise(async () => fakes.remove?.()),
        'reorder quick prompts': fromPromise(async ({ input }) => {
          log.push(`order: ${input.entryIds.join(' ')}`)
          return fakes.reorder?.(input.entryIds)
        }),
      },
      actions: {
        notify: (_, n: Notice) => {
          log.push(n.message)
        },
        'fill chat input': (_, { content }) => {
          log.push(`input: ${content}`)
        },
        'send message': () => {
          log.push('send')
        },
      },
    }),
    { clock },
  )
  actor.start()
  return { actor, log, clock }
}

describe('quick prompts machine', () => {
  it('opens and lists; a failed load says so', async () => {
    const quick = startQuick()
    quick.actor.send({ type: 'quick.open' })
    await flush()
    expect(quick.actor.getSnapshot().hasTag('open')).toBe(true)
    expect(quick.actor.getSnapshot().context.entries).toEqual([ENTRY])
    const failing = startQuick({ load: fail })
    failing.actor.send({ type: 'quick.open' })
    await flush()
    expect(failing.log).toEqual(['Failed to load quick prompts'])
  })

  it('Run fills the input, closes the panel, and sends after exactly 100 ms', async () => {
    const quick = startQuick()
    quick.actor.send({ type: 'quick.open' })
    await flush()
    quick.actor.send({ type: 'quick.run', prompt: PROMPT })
    expect(quick.actor.getSnapshot().hasTag('open')).toBe(false)
    expect(quick.log).toEqual(['input: Translate to French', 'Running: Translate'])
    // The spec's 100 ms, written out: a changed constant must fail here.
    quick.clock.increment(99)
    expect(quick.log).not.toContain('send')
    quick.clock.increment(1)
    expect(quick.log.at(-1)).toBe('send')
  })

  it('add, duplicate add, remove, and their failures', async () => {
    const quick = startQuick()
    quick.actor.send({ type: 'quick.add', prompt: PROMPT })
    await flush()
    quick.actor.send({ type: 'quick.remove', entry: ENTRY })
    await flush()
    expect(quick.log).toEqual([
      'Added "Translate" to quick menu',
      'Removed "Translate" from quick menu',
    ])
    const duplicate = startQuick({ add: async () => 'duplicate' })
    duplicate.actor.send({ type: 'quick.add', prompt: PROMPT })
    await flush()
    expect(duplicate.log).toEqual(['Prompt is already in your quick menu'])
    const failing = startQuick({ add: fail, remove: fail })
    failing.actor.send({ type: 'quick.add', prompt: PROMPT })
    await flush()
    failing.actor.send({ type: 'quick.remove', entry: ENTRY })
    await flush()
    expect(failing.log).toEqual(['Failed to add to quick menu', 'Failed to remove from quick menu'])
  })

  it('an Add clicked while the list is loading is taken, and the list reloads after it', async () => {
    let loads = 0
    let release = () => {}
    const quick = startQuick({
      load: () => {
        loads += 1
        // The first load hangs, as a slow one would, until the test lets it go.
        return loads === 1
          ? new Promise((resolve) => {
              release = () => resolve([])
            })
          : Promise.resolve([ENTRY])
      },
    })
    quick.actor.send({ type: 'quick.refresh' })
    await flush()
    quick.actor.send({ type: 'quick.add', prompt: PROMPT })
    await flush()
    release()
    await flush()
    expect(quick.log).toEqual(['Added "Translate" to quick menu'])
    expect(loads).toBe(2)
    expect(quick.actor.getSnapshot().context.entries).toEqual([ENTRY])
  })
})

describe('quick menu order', () => {
  async function listed(fakes: Parameters<typeof startQuick>[0] = {}) {
    const quick = startQuick({ load: async () => [ENTRY, SECOND, THIRD], ...fakes })
    quick.actor.send({ type: 'quick.open' })
    await flush()
    const order = () => quick.actor.getSnapshot().context.entries.map((e) => e.id)
    return { ...quick, order }
  }

  it('a move shows at once and writes the whole order; one that moves nothing writes nothing', async () => {
    const quick = await listed()
    quick.actor.send({ type: 'quick.move', entryId: 'quick_3', to: 0 })
    expect(quick.order()).toEqual(['quick_3', 'quick_1', 'quick_2'])
    await flush()
    quick.actor.send({ type: 'quick.move', entryId: 'quick_3', to: -1 })
    quick.actor.send({ type: 'quick.move', entryId: 'quick_2', to: 3 })
    quick.actor.send({ type: 'quick.move', entryId: 'quick_1', to: 1 })
    quick.actor.send({ type: 'quick.move', entryId: 'nobody', to: 0 })
    await flush()
    expect(quick.log).toEqual(['order: quick_3 quick_1 quick_2'])
  })

  it('moves made while an order is written are written after it: the last shown is kept', async () => {
    let land: (() => void) | undefined
    const quick = await listed({
      reorder: () =>
        new Promise<void>((resolve) => {
          land = resolve
        }),
    })
    quick.actor.send({ type: 'quick.move', entryId: 'quick_1', to: 2 })
    quick.actor.send({ type: 'quick.move', entryId: 'quick_2', to: 2 })
    quick.actor.send({ type: 'quick.move', entryId: 'quick_3', to: 2 })
    expect(quick.order()).toEqual(['quick_1', 'quick_2', 'quick_3'])
    expect(quick.log).toEqual(['order: quick_2 quick_3 quick_1'])
    land?.()
    await flush()
    expect(quick.log).toEqual(['order: quick_2 quick_3 quick_1', 'order: quick_1 quick_2 quick_3'])
    land?.()
    await flush()
    expect(quick.actor.getSnapshot().matches({ list: 'idle' })).toBe(true)
  })

  it('a move while the list is read again (a change made on another device) is taken, not lost', async () => {
    let reads = 0
    const quick = await listed({
      load: () => (++reads === 1 ? Promise.resolve([ENTRY, SECOND, THIRD]) : new Promise(() => {})),
    })
    quick.actor.send({ type: 'quick.refresh' })
    expect(quick.actor.getSnapshot().matches({ list: 'loading' })).toBe(true)
    quick.actor.send({ type: 'quick.move', entryId: 'quick_3', to: 0 })
    expect(quick.order()).toEqual(['quick_3', 'quick_1', 'quick_2'])
    await flush()
    expect(quick.log).toEqual(['order: quick_3 quick_1 quick_2'])
  })

  it('a failed reorder is said, and the list is read again', async () => {
    let loads = 0
    const quick = await listed({
      load: async () => {
        loads++
        return [ENTRY, SECOND, THIRD]
      },
      reorder: fail,
    })
    quick.actor.send({ type: 'quick.move', entryId: 'quick_1', to: 1 })
    await flush()
    expect(quick.log.at(-1)).toBe('Failed to reorder quick prompts')
    expect(loads).toBe(2)
    expect(quick.order()).toEqual(['quick_1', 'quick_2', 'quick_3'])
  })
})

describe('quick prompts machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: quickPromptsMachine,
      events: [
        { type: 'quick.open' },
        { type: 'quick.close' },
        { type: 'quick.refresh' },
        { type: 'quick.add', prompt: PROMPT },
        { type: 'quick.remove', entry: ENTRY },
        { type: 'quick.run', prompt: PROMPT },
        { type: 'quick.run', prompt: WITH_VARIABLES },
        {
          type: 'xstate.done.actor.variables',
          output: { content: 'Translate hi to French', values: {} },
        },
        { type: 'xstate.done.actor.variables', output: null },
        ...settles('load quick prompts', []),
        ...settles('add quick prompt', 'added'),
        { type: 'xstate.done.actor.add quick prompt', output: 'duplicate' },
        ...settles('remove quick prompt'),
        { type: 'xstate.done.actor.load quick prompts', output: [ENTRY, SECOND] },
        { type: 'quick.move', entryId: ENTRY.id, to: 1 },
        { type: 'quick.move', entryId: ENTRY.id, to: 0 },
        ...settles('reorder quick prompts'),
      ],
      deferredActors: [
        'load quick prompts',
        'add quick prompt',
        'remove quick prompt',
        'reorder quick prompts',
        'variables form',
      ],
      noopActions: ['notify', 'fill chat input', 'send message'],
      delays: { 'quick send delay': QUICK_SEND_DELAY_MS },
      serialize: ({ value, context }) => {
        const { entries, movedAgain } = context as {
          entries: QuickPromptEntry[]
          movedAgain: boolean
        }
        return JSON.stringify([value, movedAgain, entries.map((e) => e.id)])
      },
      tags: ['open', 'busy'],
    })
    expect(replays).toBeGreaterThan(20)
    expect(missing).toEqual([])
  })
})
