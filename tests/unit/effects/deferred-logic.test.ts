import { describe, expect, it } from 'vitest'
import { assign, createActor, createMachine, setup } from 'xstate'
import { deferredActors } from '../../../src/effects/deferred-logic'

const counter = setup({ types: { context: {} as { count: number } } }).createMachine({
  context: { count: 0 },
  initial: 'counting',
  states: {
    counting: { on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } } },
  },
})

describe('deferred actor logic (docs/performance.md, "Split")', () => {
  it('refuses to start before its code has loaded, naming the actor', () => {
    const { logic } = deferredActors<{ counter: typeof counter }>(['counter'])
    const actor = createActor(logic.counter)
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(errors[0])).toBe("Error: 'counter' started before its code loaded")
  })

  it('once filled, an actor of it is the real machine: its states, context and events', () => {
    const { logic, fill } = deferredActors<{ counter: typeof counter }>(['counter'])
    fill({ counter })
    const actor = createActor(logic.counter).start()
    actor.send({ type: 'add' })
    actor.send({ type: 'add' })
    expect(actor.getSnapshot().value).toBe('counting')
    expect(actor.getSnapshot().context.count).toBe(2)
  })

  it('a parent created before the code arrived invokes the real child after it', () => {
    const { logic, fill } = deferredActors<{ counter: typeof counter }>(['counter'])
    const parent = createMachine({
      initial: 'waiting',
      states: {
        waiting: { on: { loaded: 'running' } },
        running: { invoke: { id: 'counter', src: logic.counter } },
      },
    })
    const actor = createActor(parent).start()
    fill({ counter })
    actor.send({ type: 'loaded' })
    const child = actor.getSnapshot().children.counter
    child?.send({ type: 'add' })
    expect(child?.getSnapshot().context.count).toBe(1)
  })
})
