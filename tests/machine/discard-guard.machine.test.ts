import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { discardGuardMachine } from '../../src/machines/discard-guard.machine'
import { walkEveryTransition } from '../support/model-walk'

function startGuard() {
  let closed = 0
  const actor = createActor(
    discardGuardMachine.provide({
      actions: {
        close: () => {
          closed++
        },
      },
    }),
  ).start()
  return { actor, closes: () => closed, asking: () => actor.getSnapshot().hasTag('asking') }
}

describe('discard guard machine', () => {
  it('an unchanged form closes at once when dismissed', () => {
    const { actor, closes, asking } = startGuard()
    actor.send({ type: 'dismiss', changed: false })
    expect(closes()).toBe(1)
    expect(asking()).toBe(false)
  })

  it('a changed form asks first: Keep editing, or Escape again, goes back to it', () => {
    const { actor, closes, asking } = startGuard()
    actor.send({ type: 'dismiss', changed: true })
    expect(asking()).toBe(true)
    actor.send({ type: 'keep' })
    expect(asking()).toBe(false)
    actor.send({ type: 'dismiss', changed: true })
    actor.send({ type: 'dismiss', changed: true })
    expect(asking()).toBe(false)
    expect(closes()).toBe(0)
  })

  it('Discard closes the changed form', () => {
    const { actor, closes, asking } = startGuard()
    actor.send({ type: 'dismiss', changed: true })
    actor.send({ type: 'discard' })
    expect(closes()).toBe(1)
    expect(asking()).toBe(false)
  })

  it('model walk: every transition is taken', async () => {
    const { missing } = await walkEveryTransition({
      machine: discardGuardMachine.provide({ actions: { close: () => {} } }),
      events: [
        { type: 'dismiss', changed: false },
        { type: 'dismiss', changed: true },
        { type: 'keep' },
        { type: 'discard' },
      ],
      serialize: ({ value }) => JSON.stringify(value),
      tags: ['asking'],
    })
    expect(missing).toEqual([])
  })
})
