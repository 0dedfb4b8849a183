import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ChatModel } from '../../src/domain/chat-model'
import type { ModelServer } from '../../src/domain/server-models'
import { apiKeysMachine } from '../../src/machines/api-keys.machine'
import { modelServersMachine } from '../../src/machines/model-servers.machine'
import { modelsMachine } from '../../src/machines/models.machine'
import type { Notice } from '../../src/machines/notice'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'

const GPT: ChatModel = { id: 'gpt-5', name: 'GPT-5', description: 'Flagship', provider: 'openai' }
const CLAUDE: ChatModel = {
  id: 'claude-haiku-4-5',
  name: 'Claude Haiku 4.5',
  description: 'Fast',
  provider: 'Anthropic',
}
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

const keyManagerStub = apiKeysMachine.provide({
  actors: { 'load keys': fromPromise(async () => ({})), 'save key': fromPromise(async () => {}) },
  actions: { notify: () => {}, 'log error': () => {} },
})

const serverManagerStub = modelServersMachine.provide({
  actors: { 'load servers': fromPromise(async (): Promise<ModelServer[]> => []) },
  actions: { notify: () => {}, 'log error': () => {} },
})

interface Fakes {
  models?: () => Promise<ChatModel[]>
  recall?: () => Promise<string | null>
  keyProviders?: () => Promise<string[]>
  keyManagementFails?: boolean
}

/** A models actor for user_1 whose effects are recording fakes. */
function startModels(fakes: Fakes = {}) {
  const chosen: string[] = []
  const notices: Notice[] = []
  const logged: unknown[] = []
  const remembered: Array<{ userId: string; modelId: string }> = []
  /** The reads the initial choice made, in order. */
  const reads: string[] = []
  const actor = createActor(
    modelsMachine.provide({
      actors: {
        'load models': fromPromise(async () => {
          reads.push('load models')
          return fakes.models ? fakes.models() : [GPT, CLAUDE]
        }),
        'recall model': fromPromise(async ({ input }: { input: { userId: string } }) => {
          reads.push(`recall model ${input.userId}`)
          return fakes.recall ? fakes.recall() : null
        }),
        'load key providers': fromPromise(async ({ input }: { input: { userId: string } }) => {
          reads.push(`load key providers ${input.userId}`)
          return fakes.keyProviders ? fakes.keyProviders() : []
        }),
        'load key management': fromPromise(async () => {
          reads.push('load key management')
          if (fakes.keyManagementFails) throw new Error('chunk gone')
        }),
        'manage keys': keyManagerStub,
        'manage servers': serverManagerStub,
      },
      actions: {
        notify: (_, notice: Notice) => void notices.push(notice),
        'log error': (_, { error }: { error: unknown }) => void logged.push(error),
        'remember model': (_, pick: { userId: string; modelId: string }) =>
          void remembered.push(pick),
        'report choice': ({ context }) => {
          if (context.selectedModelId !== null) chosen.push(context.selectedModelId)
        },
      },
    }),
    { input: { userId: 'user_1' } },
  )
  actor.start()
  const context = () => actor.getSnapshot().context
  return { actor, chosen, notices, logged, remembered, reads, context }
}

describe('models: the list and the first choice', () => {
  it('loads the list for the session, chooses the first, and reports the choice once', async () => {
    const models = startModels()
    await flush()
    expect(models.context().models).toEqual([GPT, CLAUDE])
    expect(models.context().selectedModelId).toBe('gpt-5')
    expect(models.chosen).toEqual(['gpt-5'])
    expect(models.reads).toEqual([
      'load models',
      'recall model user_1',
      'load key providers user_1',
    ])
    expect(models.remembered).toEqual([]) // only the user's own picks are remembered
  })

  it('the remembered model, when it is still listed; keys are not read', async () => {
    const models = startModels({
      recall: async () => 'claude-haiku-4-5',
      keyProviders: async () => ['openai'],
    })
    await flush()
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
    expect(models.chosen).toEqual(['claude-haiku-4-5'])
    expect(models.reads).toEqual(['load models', 'recall model user_1'])
    expect(models.actor.getSnapshot().matches({ list: 'loaded' })).toBe(true)
  })

  it('else the first model whose provider has a saved key (any case)', async () => {
    const models = startModels({ keyProviders: async () => ['anthropic'] })
    await flush()
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
  })

  it('a remembered model no longer listed counts as none', async () => {
    const models = startModels({
      recall: async () => 'gpt-3',
      keyProviders: async () => ['anthropic'],
    })
    await flush()
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
  })

  it('else the first loaded model, as the spec has it', async () => {
    const models = startModels({ keyProviders: async () => ['google'] })
    await flush()
    expect(models.context().selectedModelId).toBe('gpt-5')
  })

  it('failures on the way are only logged: the next rule decides', async () => {
    const recallFailure = new Error('storage refused')
    const keysFailure = new Error('keys down')
    const noRecall = startModels({
      models: async () => [CLAUDE, GPT],
      recall: async () => Promise.reject(recallFailure),
      keyProviders: async () => ['openai'],
    })
    await flush()
    expect(noRecall.context().selectedModelId).toBe('gpt-5')
    expect(noRecall.logged).toEqual([recallFailure])
    const noKeys = startModels({
      models: async () => [CLAUDE, GPT],
      keyProviders: async () => Promise.reject(keysFailure),
    })
    await flush()
    expect(noKeys.context().selectedModelId).toBe('claude-haiku-4-5')
    expect(noKeys.chosen).toEqual(['claude-haiku-4-5'])
    expect(noKeys.logged).toEqual([keysFailure])
    expect(noKeys.notices).toEqual([])
  })

  it("a failed list: 'Failed to load AI models', logged, and nothing chosen or reported", async () => {
    const failure = new Error('down')
    const models = startModels({ models: async () => Promise.reject(failure) })
    await flush()
    expect(models.notices).toEqual([{ kind: 'error', message: 'Failed to load AI models' }])
    expect(models.logged).toEqual([failure])
    expect(models.context().selectedModelId).toBeNull()
    expect(models.chosen).toEqual([])
    expect(models.actor.getSnapshot().hasTag('error')).toBe(true)
  })

  it('an empty list chooses nothing and reports nothing', async () => {
    const models = startModels({ models: async () => [] })
    await flush()
    expect(models.context().selectedModelId).toBeNull()
    expect(models.chosen).toEqual([])
  })
})

describe("models: the open conversation's model", () => {
  it('a conversation answered with a listed model makes it the choice, reported, not remembered', async () => {
    const models = startModels()
    await flush()
    models.actor.send({ type: 'model.use', modelId: 'claude-haiku-4-5' })
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
    expect(models.chosen).toEqual(['gpt-5', 'claude-haiku-4-5'])
    expect(models.remembered).toEqual([])
  })

  it('told before the list arrived: chosen once it has, without recalling or reading keys', async () => {
    let answer: (models: ChatModel[]) => void = () => {}
    const models = startModels({ models: () => new Promise((resolve) => (answer = resolve)) })
    models.actor.send({ type: 'model.use', modelId: 'claude-haiku-4-5' })
    expect(models.context().selectedModelId).toBeNull()
    answer([GPT, CLAUDE])
    await flush()
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
    expect(models.chosen).toEqual(['claude-haiku-4-5'])
    expect(models.reads).toEqual(['load models'])
  })

  it('a model no longer listed changes nothing', async () => {
    const models = startModels({ recall: async () => 'claude-haiku-4-5' })
    models.actor.send({ type: 'model.use', modelId: 'gpt-3' })
    await flush()
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
    models.actor.send({ type: 'model.use', modelId: 'gpt-3' })
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
    expect(models.chosen).toEqual(['claude-haiku-4-5'])
  })
})

describe('models: the picker', () => {
  it('picking a model chooses it, remembers it, reports it and closes the dialog', async () => {
    const models = startModels()
    await flush()
    models.actor.send({ type: 'picker.open' })
    expect(models.actor.getSnapshot().hasTag('open')).toBe(true)
    models.actor.send({ type: 'model.pick', modelId: 'claude-haiku-4-5' })
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
    expect(models.chosen).toEqual(['gpt-5', 'claude-haiku-4-5'])
    expect(models.remembered).toEqual([{ userId: 'user_1', modelId: 'claude-haiku-4-5' }])
    expect(models.actor.getSnapshot().hasTag('open')).toBe(false)
  })

  it('a pick while the first choice is being made wins', async () => {
    let answer: (providers: string[]) => void = () => {}
    const models = startModels({
      keyProviders: () => new Promise((resolve) => (answer = resolve)),
    })
    await flush()
    expect(models.context().selectedModelId).toBeNull()
    models.actor.send({ type: 'picker.open' })
    models.actor.send({ type: 'model.pick', modelId: 'claude-haiku-4-5' })
    answer(['openai'])
    await flush()
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
    expect(models.chosen.at(-1)).toBe('claude-haiku-4-5')
  })

  it('a pick before the list arrived is kept; nothing is recalled', async () => {
    let answer: (list: ChatModel[]) => void = () => {}
    const models = startModels({
      models: () => new Promise((resolve) => (answer = resolve)),
      recall: async () => 'gpt-5',
    })
    models.actor.send({ type: 'picker.open' })
    models.actor.send({ type: 'model.pick', modelId: 'claude-haiku-4-5' })
    answer([GPT, CLAUDE])
    await flush()
    expect(models.context().selectedModelId).toBe('claude-haiku-4-5')
    expect(models.reads).toEqual(['load models'])
  })

  it('Manage API Keys loads its code, then starts the key manager each time it opens', async () => {
    const models = startModels()
    models.actor.send({ type: 'picker.open' })
    models.actor.send({ type: 'keys.open' })
    expect(models.actor.getSnapshot().hasTag('open')).toBe(true)
    await flush()
    const first = models.actor.getSnapshot().children.apiKeys
    expect(first).toBeDefined()
    models.actor.send({ type: 'keys.close' })
    expect(models.actor.getSnapshot().children.apiKeys).toBeUndefined()
    expect(models.actor.getSnapshot().hasTag('open')).toBe(true)
    models.actor.send({ type: 'keys.open' })
    await flush()
    expect(models.actor.getSnapshot().children.apiKeys).not.toBe(first)
  })

  it('Manage API Keys from the chat (a missing key) opens the keys alone; closing returns to the chat', async () => {
    const models = startModels()
    await flush()
    models.actor.send({ type: 'keys.open' })
    await flush()
    expect(models.actor.getSnapshot().children.apiKeys).toBeDefined()
    expect(models.actor.getSnapshot().hasTag('open')).toBe(false) // no picker under it
    models.actor.send({ type: 'keys.close' })
    expect(models.actor.getSnapshot().children.apiKeys).toBeUndefined()
    expect(models.actor.getSnapshot().matches({ dialog: 'closed' })).toBe(true)
  })

  it('keys opened from the chat whose code does not arrive: the toast, back to the chat', async () => {
    const models = startModels({ keyManagementFails: true })
    await flush()
    models.actor.send({ type: 'keys.open' })
    await flush()
    expect(models.notices).toEqual([
      { kind: 'error', message: 'Could not open key management. Please reload the page.' },
    ])
    expect(models.actor.getSnapshot().matches({ dialog: 'closed' })).toBe(true)
  })

  it('key management whose code does not arrive: the toast, logged, the picker still open', async () => {
    const models = startModels({ keyManagementFails: true })
    await flush()
    models.actor.send({ type: 'picker.open' })
    models.actor.send({ type: 'keys.open' })
    await flush()
    expect(models.notices).toEqual([
      { kind: 'error', message: 'Could not open key management. Please reload the page.' },
    ])
    expect(models.logged).toEqual([new Error('chunk gone')])
    expect(models.actor.getSnapshot().matches({ dialog: 'picking' })).toBe(true)
    expect(models.actor.getSnapshot().children.apiKeys).toBeUndefined()
  })

  it('a server added or removed loads the list again, keeping the choice', async () => {
    let list = [GPT, CLAUDE]
    const models = startModels({ models: async () => list })
    await flush()
    models.actor.send({ type: 'picker.open' })
    models.actor.send({ type: 'keys.open' })
    await flush()
    expect(models.actor.getSnapshot().children.modelServers).toBeDefined()
    const server: ChatModel = {
      id: 'server:s1:llama',
      name: 'llama',
      description: 'Home',
      provider: 'server:s1',
    }
    list = [GPT, CLAUDE, server]
    models.actor.send({ type: 'servers.changed' })
    await flush()
    expect(models.context().models).toEqual([GPT, CLAUDE, server])
    expect(models.context().selectedModelId).toBe('gpt-5')
    expect(models.reads.filter((read) => read === 'load models')).toHaveLength(2)
    expect(models.chosen).toEqual(['gpt-5']) // nothing new to report
  })

  it('closing the picker chooses nothing', async () => {
    const models = startModels()
    await flush()
    models.actor.send({ type: 'picker.open' })
    models.actor.send({ type: 'picker.close' })
    models.actor.send({ type: 'model.pick', modelId: 'ignored-while-closed' })
    expect(models.chosen).toEqual(['gpt-5'])
    expect(models.context().selectedModelId).toBe('gpt-5')
  })
})

describe('models machine model', () => {
  it('walks every declared transition', async () => {
    const ERR = new Error('boom')
    const events: ModelEvent[] = [
      { type: 'picker.open' },
      { type: 'picker.close' },
      { type: 'model.pick', modelId: 'gpt-5' },
      { type: 'keys.open' },
      { type: 'keys.close' },
      { type: 'servers.changed' },
      { type: 'keys.changed' },
      { type: 'model.use', modelId: 'gpt-5' },
      { type: 'model.use', modelId: 'gpt-3' },
      { type: 'xstate.done.actor.modelsLoader', output: [GPT] },
      { type: 'xstate.error.actor.modelsLoader', error: ERR },
      { type: 'xstate.done.actor.modelRecaller', output: 'gpt-5' },
      { type: 'xstate.done.actor.modelRecaller', output: null },
      { type: 'xstate.error.actor.modelRecaller', error: ERR },
      { type: 'xstate.done.actor.keyProvidersLoader', output: ['openai'] },
      { type: 'xstate.error.actor.keyProvidersLoader', error: ERR },
      { type: 'xstate.done.actor.keyManagementLoader', output: undefined },
      { type: 'xstate.error.actor.keyManagementLoader', error: ERR },
    ]
    const { replays, missing } = await walkEveryTransition({
      machine: modelsMachine,
      inputs: [{ userId: 'user_1' }],
      fixedActors: { 'manage keys': keyManagerStub, 'manage servers': serverManagerStub },
      deferredActors: ['load models', 'recall model', 'load key providers', 'load key management'],
      noopActions: ['notify', 'log error', 'remember model', 'report choice'],
      events,
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.selectedModelId !== null,
          s.context.models.length,
          s.context.usedModelId,
        ]),
      tags: ['open', 'keys', 'error'],
    })
    expect(replays).toBeGreaterThanOrEqual(10)
    expect(missing).toEqual([])
  })
})
