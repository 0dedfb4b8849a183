import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ActivePrompt } from '../../src/domain/prompt-types'
import type { Notice } from '../../src/machines/notice'
import {
  promptActivationMachine,
  type ToggleTarget,
} from '../../src/machines/prompt-activation.machine'
import { walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const REVIEWER: ToggleTarget = {
  id: 's1',
  title: 'Reviewer',
  content: 'Review code',
  type: 'system',
  isActive: false,
}
const USER_PROMPT: ToggleTarget = { ...REVIEWER, id: 'u1', type: 'user' }
const PERSONA: ToggleTarget = {
  ...REVIEWER,
  id: 's2',
  title: 'Persona',
  content: 'You are a {{role:pirate|poet}} who answers in {{language}}.',
}

/** What activating REVIEWER does, in order. */
const REVIEWER_ACTIVE = { id: 's1', title: 'Reviewer', content: 'Review code' }
const REVIEWER_ACTIVATED: Array<[string, unknown]> = [
  ['activate', 's1'],
  ['chat', REVIEWER_ACTIVE],
  ['parent', REVIEWER_ACTIVE],
  ['notify', 'Activated: Reviewer'],
  ['announce', null],
  ['outcome', { promptId: 's1', isActive: true, ok: true }],
]

function startActivation(
  fakes: { load?: () => Promise<ActivePrompt | null>; toggle?: () => Promise<unknown> } = {},
) {
  const log: Array<[string, unknown]> = []
  const actor = createActor(
    promptActivationMachine.provide({
      actors: {
        'load active prompt': fromPromise(async () => (fakes.load ? fakes.load() : null)),
        'activate prompt': fromPromise(async ({ input }) => {
          log.push(['activate', input.prompt.id])
          return fakes.toggle?.()
        }),
        'deactivate prompt': fromPromise(async ({ input }) => {
          log.push(['deactivate', input.prompt.id])
          return fakes.toggle?.()
        }),
      },
      actions: {
        notify: (_, n: Notice) => {
          log.push(['notify', n.message])
        },
        'tell chat': (_, { prompt }) => {
          log.push(['chat', prompt])
        },
        'notify parent': (_, { prompt }) => {
          log.push(['parent', prompt])
        },
        'announce change': () => {
          log.push(['announce', null])
        },
        'report outcome': (_, outcome) => {
          log.push(['outcome', outcome])
        },
      },
    }),
  )
  actor.start()
  return { actor, log }
}

describe('prompt activation machine', () => {
  it('loads the active prompt when a session starts and hands it to the chat', async () => {
    const active = { id: 's1', title: 'Reviewer', content: 'Review code' }
    const { actor, log } = startActivation({ load: async () => active })
    actor.send({ type: 'session.start' })
    await flush()
    expect(actor.getSnapshot().context.active).toEqual(active)
    expect(log).toEqual([['chat', active]])
  })

  it('activating tells the chat, the parent (isActive), toasts and reloads the lists', async () => {
    const { actor, log } = startActivation()
    actor.send({ type: 'session.start' })
    await flush()
    log.length = 0
    actor.send({ type: 'prompt.toggleActive', prompt: USER_PROMPT })
    expect(log).toEqual([]) // only system prompts can be activated
    actor.send({ type: 'prompt.toggleActive', prompt: REVIEWER })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(log).toEqual(REVIEWER_ACTIVATED)
  })

  it('a toggle asked for while the active prompt loads is taken up once it has, not lost', async () => {
    let loaded: (prompt: ActivePrompt | null) => void = () => {}
    const { actor, log } = startActivation({
      load: () => new Promise((resolve) => (loaded = resolve)),
    })
    actor.send({ type: 'session.start' })
    actor.send({ type: 'prompt.toggleActive', prompt: REVIEWER })
    await flush()
    expect(log).toEqual([])
    loaded(null)
    await flush()
    // Nothing active was loaded; then the held toggle, as a click once loaded would have it.
    expect(log).toEqual([['chat', null], ...REVIEWER_ACTIVATED])
    expect(actor.getSnapshot().context.held).toBeNull()
  })

  it('deactivating sends an empty prompt to the parent', async () => {
    const active = { id: 's1', title: 'Reviewer', content: 'Review code' }
    const { actor, log } = startActivation({ load: async () => active })
    actor.send({ type: 'session.start' })
    await flush()
    log.length = 0
    actor.send({ type: 'prompt.toggleActive', prompt: { ...REVIEWER, isActive: true } })
    await flush()
    expect(log).toEqual([
      ['deactivate', 's1'],
      ['chat', null],
      ['parent', null],
      ['notify', 'Deactivated: Reviewer'],
      ['announce', null],
      ['outcome', { promptId: 's1', isActive: false, ok: true }],
    ])
    expect(actor.getSnapshot().context.active).toBeNull()
  })

  it('a reload after the active prompt was deleted clears it from the chat', async () => {
    let stored: ActivePrompt | null = { id: 's1', title: 'Reviewer', content: 'Review code' }
    const { actor, log } = startActivation({ load: async () => stored })
    actor.send({ type: 'session.start' })
    await flush()
    stored = null
    actor.send({ type: 'active.reload' })
    await flush()
    expect(actor.getSnapshot().context.active).toBeNull()
    expect(log.at(-1)).toEqual(['chat', null])
  })

  it('a deleted prompt reloads only when it is the active one', async () => {
    const active = { id: 's1', title: 'Reviewer', content: 'Review code' }
    let loads = 0
    const { actor } = startActivation({
      load: async () => {
        loads++
        return active
      },
    })
    actor.send({ type: 'session.start' })
    await flush()
    actor.send({ type: 'active.reload', promptId: 'u1' })
    await flush()
    expect(loads).toBe(1)
    actor.send({ type: 'active.reload', promptId: 's1' })
    await flush()
    expect(loads).toBe(2)
  })

  it("a failed toggle shows 'Failed to toggle system prompt' and changes nothing", async () => {
    const { actor, log } = startActivation({ toggle: () => Promise.reject(new Error('409')) })
    actor.send({ type: 'session.start' })
    await flush()
    actor.send({ type: 'prompt.toggleActive', prompt: REVIEWER })
    await flush()
    expect(log.slice(-2)).toEqual([
      ['notify', 'Failed to toggle system prompt'],
      // The app routes this to the extension bridge, which then sends no answer.
      ['outcome', { promptId: 's1', isActive: true, ok: false }],
    ])
    expect(actor.getSnapshot().context.active).toBeNull()
  })
})

describe('prompt activation machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: promptActivationMachine,
      events: [
        { type: 'session.start' },
        { type: 'active.reload' },
        { type: 'prompt.toggleActive', prompt: REVIEWER },
        { type: 'prompt.toggleActive', prompt: { ...REVIEWER, isActive: true } },
        { type: 'prompt.toggleActive', prompt: PERSONA },
        { type: 'xstate.done.actor.load active prompt', output: null },
        { type: 'xstate.done.actor.load active prompt', output: PERSONA },
        { type: 'xstate.error.actor.load active prompt', error: new Error('x') },
        { type: 'xstate.done.actor.recall values', output: { language: 'Welsh' } },
        { type: 'xstate.error.actor.recall values', error: new Error('x') },
        {
          type: 'xstate.done.actor.variables',
          output: { content: 'You are a poet who answers in Welsh.', values: { role: 'poet' } },
        },
        { type: 'xstate.done.actor.variables', output: null },
        { type: 'xstate.done.actor.activate prompt' },
        { type: 'xstate.error.actor.activate prompt', error: new Error('x') },
        { type: 'xstate.done.actor.deactivate prompt' },
        { type: 'xstate.error.actor.deactivate prompt', error: new Error('x') },
      ],
      deferredActors: [
        'load active prompt',
        'activate prompt',
        'deactivate prompt',
        'recall values',
        'variables form',
      ],
      noopActions: [
        'notify',
        'tell chat',
        'notify parent',
        'announce change',
        'report outcome',
        'remember values',
      ],
      serialize: ({ value, context }) => JSON.stringify([value, context.targetValues !== null]),
      tags: ['busy'],
    })
    expect(replays).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })
})
