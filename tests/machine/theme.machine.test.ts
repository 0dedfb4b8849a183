import { describe, expect, it } from 'vitest'
import { type AnyTransitionDefinition, createActor } from 'xstate'
import { createTestModel, toDirectedGraph } from 'xstate/graph'
import { type Theme, themeMachine } from '../../src/machines/theme.machine'

/** Starts the theme machine, recording what it applied and (optionally) which transitions ran. */
function startTheme(theme: Theme, walked?: Set<string>) {
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
    {
      input: { theme },
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.microstep') return
        for (const transition of inspection._transitions) walked?.add(transitionKey(transition))
      },
    },
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

function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? source.always : source.transitions.get(eventType)
  return `${source.id} on ${JSON.stringify(eventType)} #${siblings?.indexOf(transition)}`
}

function declaredTransitions(): Set<string> {
  const keys = new Set<string>()
  const visit = (node: ReturnType<typeof toDirectedGraph>) => {
    for (const edge of node.edges) keys.add(transitionKey(edge.transition))
    for (const transition of node.stateNode.always ?? []) keys.add(transitionKey(transition))
    for (const child of node.children) visit(child)
  }
  visit(toDirectedGraph(themeMachine))
  return keys
}

describe('theme machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const walked = new Set<string>()
    let pathsRun = 0
    for (const theme of ['dark', 'light'] as const) {
      const model = createTestModel(themeMachine, { input: { theme } })
      // Simple paths from each start reach every state by every route, covering each edge.
      for (const path of model.getSimplePaths({ allowDuplicatePaths: true })) {
        const { actor, calls } = startTheme(theme, walked)
        await path.test({
          events: {
            'theme.toggle': () => {
              actor.send({ type: 'theme.toggle' })
            },
          },
          states: {
            dark: () => {
              expect(actor.getSnapshot().value).toBe('dark')
              expect(calls.at(-1)).toEqual(['persist', 'dark'])
            },
            light: () => {
              expect(actor.getSnapshot().value).toBe('light')
              expect(calls.at(-1)).toEqual(['persist', 'light'])
            },
          },
        })
        pathsRun++
      }
    }
    expect(pathsRun).toBeGreaterThanOrEqual(2)
    const missing = [...declaredTransitions()].filter((key) => !walked.has(key))
    expect(missing).toEqual([])
  })
})
