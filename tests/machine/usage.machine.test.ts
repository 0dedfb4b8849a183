import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { EMPTY_TOTAL } from '../../src/domain/model-prices'
import type { ProviderUsage } from '../../src/domain/usage-by-provider'
import { usageMachine } from '../../src/machines/usage.machine'
import { settles, walkEveryTransition } from '../support/model-walk'

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))
const OPENAI: ProviderUsage = { provider: 'openai', total: { ...EMPTY_TOTAL, replies: 1 } }

function start(load: () => Promise<{ byProvider: ProviderUsage[]; month: string }>) {
  const logged: unknown[] = []
  let reads = 0
  const actor = createActor(
    usageMachine.provide({
      actors: {
        'load usage': fromPromise(async () => {
          reads++
          return load()
        }),
      },
      actions: { 'log error': (_, { error }: { error: unknown }) => logged.push(error) },
    }),
  ).start()
  return { actor, logged, reads: () => reads }
}

describe('usage machine', () => {
  it('reads nothing until asked; a refresh loads the month', async () => {
    const usage = start(async () => ({ byProvider: [OPENAI], month: '2026-11-01T00:00:00.000Z' }))
    expect(usage.reads()).toBe(0)
    usage.actor.send({ type: 'usage.refresh' })
    expect(usage.actor.getSnapshot().hasTag('loading')).toBe(true)
    await flush()
    expect(usage.actor.getSnapshot().context).toEqual({
      byProvider: [OPENAI],
      month: '2026-11-01T00:00:00.000Z',
    })
  })

  it('a failed read is logged and shown as failed; the next refresh tries again', async () => {
    let fail = true
    const failure = new Error('down')
    const usage = start(async () => {
      if (fail) throw failure
      return { byProvider: [], month: '2026-11-01T00:00:00.000Z' }
    })
    usage.actor.send({ type: 'usage.refresh' })
    await flush()
    expect(usage.actor.getSnapshot().hasTag('error')).toBe(true)
    expect(usage.logged).toEqual([failure])
    fail = false
    usage.actor.send({ type: 'usage.refresh' })
    await flush()
    expect(usage.actor.getSnapshot().matches('loaded')).toBe(true)
  })

  it('a refresh during a read starts it again: the newest read wins', async () => {
    const answers: Array<(v: { byProvider: ProviderUsage[]; month: string }) => void> = []
    const usage = start(() => new Promise((resolve) => answers.push(resolve)))
    usage.actor.send({ type: 'usage.refresh' })
    usage.actor.send({ type: 'usage.refresh' })
    await flush()
    answers[1]!({ byProvider: [OPENAI], month: 'new' })
    answers[0]!({ byProvider: [], month: 'old' })
    await flush()
    expect(usage.actor.getSnapshot().context.month).toBe('new')
  })

  it('model-based walk: every declared transition is taken, state and tags as the model says', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: usageMachine,
      deferredActors: ['load usage'],
      noopActions: ['log error'],
      events: [
        { type: 'usage.refresh' },
        ...settles('usageLoader', { byProvider: [OPENAI], month: '2026-11-01T00:00:00.000Z' }),
      ],
      serialize: (s) => JSON.stringify([s.value, s.context.month, s.context.byProvider.length]),
      tags: ['loading', 'error'],
    })
    expect(replays).toBeGreaterThan(5)
    expect(missing).toEqual([])
  })
})
