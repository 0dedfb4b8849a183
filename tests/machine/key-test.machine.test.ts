import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { KeyCheck } from '../../src/domain/key-check'
import { keyTestMachine } from '../../src/machines/key-test.machine'
import { walkEveryTransition } from '../support/model-walk'

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

function startTest(check: (apiKey: string) => Promise<KeyCheck>) {
  const calls: Array<{ provider: string; apiKey: string }> = []
  const actor = createActor(
    keyTestMachine.provide({
      actors: {
        'check key': fromPromise(async ({ input }) => {
          calls.push(input)
          return check(input.apiKey)
        }),
      },
    }),
    { input: { provider: 'anthropic' } },
  )
  actor.start()
  return { actor, calls }
}

describe('a key test', () => {
  it('works, fails with the provider’s words, and runs again', async () => {
    const test = startTest(async (apiKey) =>
      apiKey === 'good' ? { ok: true } : { ok: false, message: 'invalid x-api-key' },
    )
    test.actor.send({ type: 'test.start', apiKey: 'good' })
    expect(test.actor.getSnapshot().hasTag('busy')).toBe(true)
    // A second Test while one runs changes nothing.
    test.actor.send({ type: 'test.start', apiKey: 'bad' })
    await flush()
    expect(test.actor.getSnapshot().value).toBe('works')
    test.actor.send({ type: 'test.start', apiKey: 'bad' })
    await flush()
    expect(test.actor.getSnapshot().value).toBe('failed')
    expect(test.actor.getSnapshot().context.message).toBe('invalid x-api-key')
    expect(test.calls).toEqual([
      { provider: 'anthropic', apiKey: 'good' },
      { provider: 'anthropic', apiKey: 'bad' },
    ])
  })

  it('never keeps the key: it is in the call, not in the context', async () => {
    const test = startTest(async () => ({ ok: true }))
    test.actor.send({ type: 'test.start', apiKey: 'sk-ant-test-secret' })
    await flush()
    expect(JSON.stringify(test.actor.getSnapshot().context)).not.toContain('secret')
  })

  it('a check that throws says so; a reset forgets the outcome', async () => {
    const test = startTest(async () => Promise.reject(new Error('boom')))
    test.actor.send({ type: 'test.start', apiKey: 'k' })
    await flush()
    expect(test.actor.getSnapshot().context.message).toBe(
      'Could not test the key. Please try again.',
    )
    test.actor.send({ type: 'test.reset' })
    expect(test.actor.getSnapshot().value).toBe('idle')
    expect(test.actor.getSnapshot().context.message).toBeNull()
  })
})

describe('key test machine model', () => {
  it('walks every declared transition', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: keyTestMachine,
      inputs: [{ provider: 'openai' }],
      deferredActors: ['check key'],
      events: [
        { type: 'test.start', apiKey: 'sk-test-1' },
        { type: 'test.reset' },
        { type: 'xstate.done.actor.check key', output: { ok: true } },
        { type: 'xstate.done.actor.check key', output: { ok: false, message: 'no' } },
        { type: 'xstate.error.actor.check key', error: new Error('x') },
      ],
      serialize: (s) => JSON.stringify([s.value, s.context.message]),
      tags: ['busy', 'done'],
    })
    expect(replays).toBeGreaterThan(8)
    expect(missing).toEqual([])
  })
})
