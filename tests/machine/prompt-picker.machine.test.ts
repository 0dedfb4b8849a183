import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { type PickerPrompt, pickerMatches } from '../../src/domain/prompt-picker'
import type { Notice } from '../../src/machines/notice'
import { promptPickerMachine } from '../../src/machines/prompt-picker.machine'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const SUMMARISE: PickerPrompt = {
  id: 'p_sum',
  title: 'Summarise',
  content: 'Summarise this text',
  type: 'user',
  quick: false,
}
const TRANSLATE: PickerPrompt = {
  id: 'p_tr',
  title: 'Translate',
  content: 'Translate {{text}} into {{language:French|German}}',
  type: 'user',
  quick: true,
}

function startPicker(load: () => Promise<PickerPrompt[]> = async () => [SUMMARISE, TRANSLATE]) {
  const filled: string[] = []
  const notices: Notice[] = []
  const actor = createActor(
    promptPickerMachine.provide({
      actors: { 'load picker prompts': fromPromise(load) },
      actions: {
        'fill chat input': (_, { content }: { content: string }) => {
          filled.push(content)
        },
        notify: (_, notice: Notice) => {
          notices.push(notice)
        },
      },
    }),
  ).start()
  /** Types `text` with the caret at its end (or at `caret`). */
  const type = (text: string, caret = text.length) =>
    actor.send({ type: 'picker.typed', text, caret })
  const matches = () => pickerMatches(actor.getSnapshot().context).map((p) => p.id)
  return { actor, filled, notices, type, matches }
}

describe('prompt picker machine', () => {
  it('a typed / at the start or after a space opens it; elsewhere it does not', async () => {
    const picker = startPicker()
    picker.type('and/')
    expect(picker.actor.getSnapshot().hasTag('open')).toBe(false)
    picker.type('hi /')
    expect(picker.actor.getSnapshot().hasTag('open')).toBe(true)
    await flush()
    expect(picker.matches()).toEqual(['p_sum', 'p_tr'])
    expect(picker.actor.getSnapshot().context.highlighted).toBe('p_sum')
  })

  it('what follows the slash filters, and the highlight starts on the best match', async () => {
    const picker = startPicker()
    picker.type('/')
    await flush()
    picker.type('/tra')
    expect(picker.matches()).toEqual(['p_tr'])
    expect(picker.actor.getSnapshot().context.highlighted).toBe('p_tr')
  })

  it('the arrows move the highlight through the options, round from either end', async () => {
    const picker = startPicker()
    picker.type('/')
    await flush()
    const highlighted = () => picker.actor.getSnapshot().context.highlighted
    expect(highlighted()).toBe('p_sum')
    picker.actor.send({ type: 'picker.move', step: -1 })
    expect(highlighted()).toBe('p_tr')
    picker.actor.send({ type: 'picker.move', step: 1 })
    expect(highlighted()).toBe('p_sum')
    picker.actor.send({ type: 'picker.move', step: 1 })
    expect(highlighted()).toBe('p_tr')
    // With none highlighted, down starts at the first and up at the last.
    picker.actor.send({ type: 'picker.highlight', id: null })
    picker.actor.send({ type: 'picker.move', step: -1 })
    expect(highlighted()).toBe('p_tr')
    picker.actor.send({ type: 'picker.highlight', id: null })
    picker.actor.send({ type: 'picker.move', step: 1 })
    expect(highlighted()).toBe('p_sum')
  })

  it('choosing replaces the /query with the content; the rest of the text stays', async () => {
    const picker = startPicker()
    picker.type('Please / now', 8)
    await flush()
    picker.type('Please /su now', 10)
    picker.actor.send({ type: 'picker.choose', id: 'p_sum' })
    expect(picker.filled).toEqual(['Please Summarise this text now'])
    const { context } = picker.actor.getSnapshot()
    expect(picker.actor.getSnapshot().value).toBe('closed')
    expect(context.inserted).toEqual({ caret: 'Please Summarise this text'.length })
  })

  it('a prompt with variables is inserted filled, after the form; Cancel inserts nothing', async () => {
    const picker = startPicker()
    picker.type('/tr') // pasted, not typed: no picker
    expect(picker.actor.getSnapshot().value).toBe('closed')
    picker.type('/')
    await flush()
    picker.type('/tr')
    picker.actor.send({ type: 'picker.choose', id: 'p_tr' })
    const form = picker.actor.getSnapshot().children.variables
    expect(form).toBeDefined()
    form?.send({ type: 'variables.change', name: 'text', value: 'hello' })
    form?.send({ type: 'variables.submit' })
    expect(picker.filled).toEqual(['Translate hello into French'])

    picker.type('/')
    await flush()
    picker.actor.send({ type: 'picker.choose', id: 'p_tr' })
    picker.actor.getSnapshot().children.variables?.send({ type: 'variables.cancel' })
    expect(picker.filled).toHaveLength(1)
    expect(picker.actor.getSnapshot().value).toBe('closed')
  })

  it('Escape, whitespace, a deleted slash or the caret leaving the query close it, text untouched', async () => {
    const picker = startPicker()
    for (const close of [
      () => picker.actor.send({ type: 'picker.close' }),
      () => picker.type('/su '),
      () => picker.type(''),
      () => picker.actor.send({ type: 'picker.caret', text: '/su', caret: 0 }),
    ]) {
      picker.type('/')
      await flush()
      picker.type('/su')
      close()
      expect(picker.actor.getSnapshot().value).toBe('closed')
    }
    expect(picker.filled).toEqual([])
  })

  it('with nothing to offer it steps aside: no prompts, or no match', async () => {
    const empty = startPicker(async () => [])
    empty.type('/')
    await flush()
    expect(empty.actor.getSnapshot().value).toBe('closed')
    const picker = startPicker()
    picker.type('/')
    await flush()
    picker.type('/zzz')
    expect(picker.actor.getSnapshot().value).toBe('closed')
  })

  it('a failed load says so and offers nothing', async () => {
    const picker = startPicker(async () => {
      throw new Error('boom')
    })
    picker.type('/')
    await flush()
    expect(picker.notices).toEqual([{ kind: 'error', message: 'Failed to load prompts' }])
    expect(picker.actor.getSnapshot().value).toBe('closed')
  })
})

describe('prompt picker machine model', () => {
  it('walks every declared transition on a real actor', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: promptPickerMachine,
      events: [
        { type: 'picker.typed', text: '/', caret: 1 },
        { type: 'picker.typed', text: 'x/', caret: 2 },
        { type: 'picker.typed', text: '/tr', caret: 3 },
        { type: 'picker.typed', text: '/zz', caret: 3 },
        { type: 'picker.typed', text: '/tr ', caret: 4 },
        { type: 'picker.caret', text: '/tr', caret: 2 },
        { type: 'picker.caret', text: '/tr', caret: 0 },
        { type: 'picker.highlight', id: 'p_sum' },
        { type: 'picker.move', step: 1 },
        { type: 'picker.move', step: -1 },
        { type: 'picker.choose', id: 'p_sum' },
        { type: 'picker.choose', id: 'p_tr' },
        { type: 'picker.choose', id: 'unknown' },
        { type: 'picker.close' },
        ...settles('load picker prompts', [SUMMARISE, TRANSLATE]),
        { type: 'xstate.done.actor.load picker prompts', output: [] },
        {
          type: 'xstate.done.actor.variables',
          output: { content: 'Translate hi into French', values: {} },
        },
        { type: 'xstate.done.actor.variables', output: null },
      ],
      deferredActors: ['load picker prompts', 'variables form'],
      noopActions: ['notify', 'fill chat input'],
      serialize: ({ value, context }) =>
        JSON.stringify([value, context.slash, context.prompts.length, context.highlighted]),
      tags: ['open', 'busy'],
    })
    expect(replays).toBeGreaterThan(30)
    expect(missing).toEqual([])
  })
})
