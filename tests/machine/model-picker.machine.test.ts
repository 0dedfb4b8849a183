import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ModelServer } from '../../src/domain/server-models'
import { apiKeysMachine } from '../../src/machines/api-keys.machine'
import { modelPickerMachine } from '../../src/machines/model-picker.machine'
import { modelServersMachine } from '../../src/machines/model-servers.machine'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'

const keyManagerStub = apiKeysMachine.provide({
  actors: { 'load keys': fromPromise(async () => ({})), 'save key': fromPromise(async () => {}) },
  actions: { notify: () => {}, 'log error': () => {} },
})

const serverManagerStub = modelServersMachine.provide({
  actors: { 'load servers': fromPromise(async (): Promise<ModelServer[]> => []) },
  actions: { notify: () => {}, 'log error': () => {} },
})

function startPicker() {
  const chosen: string[] = []
  const announced: string[] = []
  const actor = createActor(
    modelPickerMachine.provide({
      actors: { 'manage keys': keyManagerStub, 'manage servers': serverManagerStub },
      actions: {
        'choose model': (_, { modelId }: { modelId: string }) => void chosen.push(modelId),
        'announce models changed': () => void announced.push('models.changed'),
      },
    }),
  )
  actor.start()
  return { actor, chosen, announced }
}

describe('model picker', () => {
  it('picking a model chooses it and closes the dialog', () => {
    const picker = startPicker()
    picker.actor.send({ type: 'picker.open' })
    expect(picker.actor.getSnapshot().hasTag('open')).toBe(true)
    picker.actor.send({ type: 'model.pick', modelId: 'gpt-5' })
    expect(picker.chosen).toEqual(['gpt-5'])
    expect(picker.actor.getSnapshot().hasTag('open')).toBe(false)
  })

  it('Manage API Keys starts the key manager each time it opens, and returns to the picker', () => {
    const picker = startPicker()
    picker.actor.send({ type: 'picker.open' })
    picker.actor.send({ type: 'keys.open' })
    const first = picker.actor.getSnapshot().children.apiKeys
    expect(first).toBeDefined()
    picker.actor.send({ type: 'keys.close' })
    expect(picker.actor.getSnapshot().children.apiKeys).toBeUndefined()
    expect(picker.actor.getSnapshot().hasTag('open')).toBe(true)
    picker.actor.send({ type: 'keys.open' })
    expect(picker.actor.getSnapshot().children.apiKeys).not.toBe(first)
  })

  it('Manage API Keys also starts the servers section; a change it reports is passed on', () => {
    const picker = startPicker()
    picker.actor.send({ type: 'picker.open' })
    picker.actor.send({ type: 'keys.open' })
    expect(picker.actor.getSnapshot().children.modelServers).toBeDefined()
    picker.actor.send({ type: 'servers.changed' })
    expect(picker.announced).toEqual(['models.changed'])
    picker.actor.send({ type: 'keys.close' })
    expect(picker.actor.getSnapshot().children.modelServers).toBeUndefined()
    picker.actor.send({ type: 'servers.changed' }) // nobody to report it while closed
    expect(picker.announced).toEqual(['models.changed'])
  })

  it('closing the picker chooses nothing', () => {
    const picker = startPicker()
    picker.actor.send({ type: 'picker.open' })
    picker.actor.send({ type: 'picker.close' })
    picker.actor.send({ type: 'model.pick', modelId: 'ignored-while-closed' })
    expect(picker.chosen).toEqual([])
  })
})

describe('model picker machine model', () => {
  it('walks every declared transition', async () => {
    const events: ModelEvent[] = [
      { type: 'picker.open' },
      { type: 'picker.close' },
      { type: 'model.pick', modelId: 'gpt-5' },
      { type: 'keys.open' },
      { type: 'keys.close' },
      { type: 'servers.changed' },
    ]
    const { replays, missing } = await walkEveryTransition({
      machine: modelPickerMachine,
      fixedActors: { 'manage keys': keyManagerStub, 'manage servers': serverManagerStub },
      noopActions: ['choose model', 'announce models changed'],
      events,
      serialize: (s) => JSON.stringify(s.value),
      tags: ['open', 'keys'],
    })
    expect(replays).toBeGreaterThanOrEqual(5)
    expect(missing).toEqual([])
  })
})
