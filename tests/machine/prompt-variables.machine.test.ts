import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  previewOf,
  promptVariablesMachine,
  type VariablesFormInput,
} from '../../src/machines/prompt-variables.machine'
import { walkEveryTransition } from '../support/model-walk'

const INPUT: VariablesFormInput = {
  title: 'Translate',
  content: 'Translate {{text}} into {{language:French|German}}, {{tone:politely}}. ({{text}})',
  purpose: 'run',
}

const start = (input = INPUT) => createActor(promptVariablesMachine, { input }).start()

describe('variables form machine', () => {
  it('one field per distinct variable in order of first use, defaults filled in', () => {
    const { context } = start().getSnapshot()
    expect(context.variables.map((v) => v.name)).toEqual(['text', 'language', 'tone'])
    expect(context.values).toEqual({ text: '', language: 'French', tone: 'politely' })
    expect(previewOf(context)).toBe('Translate  into French, politely. ()')
  })

  it('Submit ends with the filled text and its values', () => {
    const form = start()
    form.send({ type: 'variables.change', name: 'text', value: 'good morning' })
    form.send({ type: 'variables.change', name: 'language', value: 'German' })
    expect(previewOf(form.getSnapshot().context)).toBe(
      'Translate good morning into German, politely. (good morning)',
    )
    form.send({ type: 'variables.submit' })
    expect(form.getSnapshot().status).toBe('done')
    expect(form.getSnapshot().output).toEqual({
      content: 'Translate good morning into German, politely. (good morning)',
      values: { text: 'good morning', language: 'German', tone: 'politely' },
    })
  })

  it('Cancel ends with nothing', () => {
    const form = start()
    form.send({ type: 'variables.change', name: 'text', value: 'x' })
    form.send({ type: 'variables.cancel' })
    expect(form.getSnapshot().status).toBe('done')
    expect(form.getSnapshot().output).toBeNull()
  })

  it('a choice takes only its options; unknown names change nothing', () => {
    const form = start()
    form.send({ type: 'variables.change', name: 'language', value: 'Klingon' })
    form.send({ type: 'variables.change', name: 'nope', value: 'x' })
    expect(form.getSnapshot().context.values).toEqual({
      text: '',
      language: 'French',
      tone: 'politely',
    })
  })
})

describe('variables form machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: promptVariablesMachine,
      inputs: [INPUT, { ...INPUT, purpose: 'activate' }],
      events: [
        { type: 'variables.change', name: 'text', value: 'hello' },
        { type: 'variables.change', name: 'language', value: 'German' },
        { type: 'variables.change', name: 'language', value: 'Klingon' },
        { type: 'variables.change', name: 'missing', value: 'x' },
        { type: 'variables.submit' },
        { type: 'variables.cancel' },
      ],
      serialize: ({ value, context }) => JSON.stringify([value, context.values, context.filled]),
      tags: ['open'],
      check: ({ snapshot }) => {
        // Only a submitted form has output, and it is what the preview showed.
        if (snapshot.matches('submitted')) {
          expect(snapshot.output?.content).toBe(previewOf(snapshot.context))
        } else if (snapshot.matches('cancelled')) {
          expect(snapshot.output).toBeNull()
        }
      },
    })
    expect(replays).toBeGreaterThan(15)
    expect(missing).toEqual([])
  })
})
