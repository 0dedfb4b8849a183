import { describe, expect, it } from 'vitest'
import { createActor, type InspectionEvent } from 'xstate'
import { type Theme, themeMachine } from '../../src/machines/theme.machine'
import { walkEveryTransition } from '../support/model-walk'

/** Starts the theme machine, recording what it applied (and, for the walk, what it took). */
function startTheme(theme: Theme, inspect?: (inspection: InspectionEvent) => void) {
  const calls: Array<[string, Theme]> = []
  const actor = createActor(
    themeMachine.provide({
      actions: {
        'apply theme': (_, params: { theme: Theme }) => {
          calls.push(['apply', params.theme])
        },
        'persist theme': (_, params: { theme: Theme }) => {
          calls.push(['persist', params.theme])
        },
      },
    }),
    { input: { theme }, inspect },
  )
  actor.start()
  return { actor, calls }
}

describe('theme machine', () => {
  it.each(['dark', 'light'] as const)('starts in the saved %s theme and applies it', (theme) => {
    const { actor, calls } = startTheme(theme)
    expect(actor.getSnapshot().value).toBe(theme)
    expect(calls).toEqual([
      ['apply', theme],
      ['persist', theme],
    ])
  })

  it('flips dark to light and back, applying and remembering each', () => {
    const { actor, calls } = startTheme('dark')
    calls.length = 0
    actor.send({ type: 'theme.toggle' })
    expect(actor.getSnapshot().matches('light')).toBe(true)
    expect(calls).toEqual([
      ['apply', 'light'],
      ['persist', 'light'],
    ])
    actor.send({ type: 'theme.toggle' })
    expect(actor.getSnapshot().matches('dark')).toBe(true)
    expect(calls.slice(2)).toEqual([
      ['apply', 'dark'],
      ['persist', 'dark'],
    ])
  })

  it('fails loudly when the page effects are not provided', () => {
    const actor = createActor(themeMachine, { input: { theme: 'dark' } })
    const errors: unknown[] = []
    actor.subscribe({ error: (error) => errors.push(error) })
    actor.start()
    expect(errors).toEqual([new Error("'apply theme' not provided")])
  })
})

describe('theme machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: themeMachine,
      inputs: [{ theme: 'dark' }, { theme: 'light' }],
      events: [{ type: 'theme.toggle' }],
      serialize: ({ value }) => JSON.stringify(value),
      tags: [],
      start: ({ input, inspect }) => startTheme((input as { theme: Theme }).theme, inspect),
      // Every state it enters is applied and remembered, the remembering last.
      check: ({ run, snapshot, where }) => {
        expect(['dark', 'light'], where).toContain(snapshot.value)
        expect(run.calls.at(-1), where).toEqual(['persist', snapshot.value])
      },
    })
    expect(replays).toBeGreaterThanOrEqual(2)
    expect(missing).toEqual([])
  })
})
