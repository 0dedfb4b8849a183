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
      ],
      deferredActors: [
        'load quick prompts',
        'add quick prompt',
        'remove quick prompt',
        'variables form',
      ],
      noopActions: ['notify', 'fill chat input', 'send message'],
      delays: { 'quick send delay': QUICK_SEND_DELAY_MS },
      serialize: ({ value }) => JSON.stringify(value),
      tags: ['open', 'busy'],
    })
    expect(replays).toBeGreaterThan(20)
    expect(missing).toEqual([])
  })
})
