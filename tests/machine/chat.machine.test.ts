import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ChatResult, ChatTurn } from '../../src/domain/chat-types'
import { DEFAULT_STYLE_CONFIG } from '../../src/domain/style-config'
import { type ChatMessage, type ChatModel, chatMachine } from '../../src/machines/chat.machine'
import type { Notice } from '../../src/machines/notice'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'

const GPT: ChatModel = { id: 'gpt-5', name: 'GPT-5', description: 'Flagship', provider: 'openai' }
const CLAUDE: ChatModel = {
  id: 'claude-haiku-4-5',
  name: 'Claude Haiku 4.5',
  description: 'Fast',
  provider: 'Anthropic',
}
const DISPLAY = { showAvatars: true, showTimestamps: true, messageAlignment: 'left' as const }
const PROMPT = { id: 'prompt_1', title: 'Pirate', content: 'Talk like a pirate.' }
const reply = (content: string): ChatResult => ({
  content,
  model: 'gpt-5',
  usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
})
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

function row(n: number, role: 'user' | 'assistant'): ChatMessage {
  return {
    id: `msg_${n}_${role}`,
    userId: 'user_1',
    modelId: 'gpt-5',
    role,
    content: `${role} ${n}`,
    systemPromptId: null,
    createdAt: new Date(n).toISOString(),
  }
}

interface Fakes {
  history?: () => Promise<ChatMessage[]>
  models?: () => Promise<ChatModel[]>
  findModel?: (id: string) => Promise<ChatModel | null>
  findKey?: (provider: string) => Promise<string | null>
  call?: (messages: ChatTurn[]) => Promise<ChatResult>
  save?: (message: ChatMessage) => Promise<void>
}

/** A chat actor whose effects are recording fakes, on a clock that ticks 1000 ms per read. */
function startChat(fakes: Fakes = {}) {
  const effects: string[] = []
  const saved: ChatMessage[] = []
  const calls: Array<{ provider: string; apiKey: string; model: string; messages: ChatTurn[] }> = []
  const notices: Notice[] = []
  const logged: unknown[] = []
  let time = 1_700_000_000_000
  const machine = chatMachine.provide({
    actors: {
      'load history': fromPromise(async () => (fakes.history ? fakes.history() : [])),
      'load models': fromPromise(async () => (fakes.models ? fakes.models() : [GPT, CLAUDE])),
      'save message': fromPromise(async ({ input }: { input: ChatMessage }) => {
        effects.push(`save ${input.role}`)
        saved.push(input)
        await fakes.save?.(input)
      }),
      'find model': fromPromise(async ({ input }: { input: { modelId: string } }) => {
        effects.push('find model')
        if (fakes.findModel) return fakes.findModel(input.modelId)
        return [GPT, CLAUDE].find((m) => m.id === input.modelId) ?? null
      }),
      'find api key': fromPromise(
        async ({ input }: { input: { userId: string; provider: string } }) => {
          effects.push('find key')
          return fakes.findKey ? fakes.findKey(input.provider) : `key-for-${input.provider}`
        },
      ),
      'call model': fromPromise(
        async ({
          input,
        }: {
          input: { provider: string; apiKey: string; model: string; messages: ChatTurn[] }
        }) => {
          effects.push('call model')
          calls.push(input)
          return fakes.call ? fakes.call(input.messages) : reply('**hi**')
        },
      ),
    },
    actions: {
      notify: (_, notice: Notice) => {
        notices.push(notice)
      },
      'log error': (_, { error }: { error: unknown }) => {
        logged.push(error)
      },
    },
  })
  const actor = createActor(machine, {
    input: { display: DISPLAY, now: () => (time += 1000) },
  })
  actor.start()
  const context = () => actor.getSnapshot().context
  const typeAndSend = (text: string) => {
    actor.send({ type: 'input.change', value: text })
    actor.send({ type: 'message.send' })
  }
  return { actor, effects, saved, calls, notices, logged, context, typeAndSend }
}

async function signedInChat(fakes: Fakes = {}) {
  const chat = startChat(fakes)
  chat.actor.send({ type: 'session.start', userId: 'user_1' })
  await flush()
  return chat
}

describe('chat: loading', () => {
  it('waits for a session, then loads the history and the models, selecting the first', async () => {
    const chat = startChat({ history: async () => [row(1, 'user'), row(2, 'assistant')] })
    expect(chat.actor.getSnapshot().matches('signedOut')).toBe(true)
    chat.actor.send({ type: 'session.start', userId: 'user_1' })
    await flush()
    expect(chat.context().messages.map((m) => m.id)).toEqual(['msg_1_user', 'msg_2_assistant'])
    expect(chat.context().models).toEqual([GPT, CLAUDE])
    expect(chat.context().selectedModelId).toBe('gpt-5')
  })

  it('keeps a model picked before the list arrived', async () => {
    const chat = startChat()
    chat.actor.send({ type: 'session.start', userId: 'user_1' })
    chat.actor.send({ type: 'model.select', modelId: 'claude-haiku-4-5' })
    await flush()
    expect(chat.context().selectedModelId).toBe('claude-haiku-4-5')
  })

  it("a failed model list: 'Failed to load AI models', logged, and nothing selected", async () => {
    const failure = new Error('down')
    const chat = await signedInChat({ models: async () => Promise.reject(failure) })
    expect(chat.notices).toEqual([{ kind: 'error', message: 'Failed to load AI models' }])
    expect(chat.logged).toEqual([failure])
    expect(chat.context().selectedModelId).toBeNull()
    expect(chat.actor.getSnapshot().hasTag('error')).toBe(true)
  })

  it('a failed history load is only logged', async () => {
    const failure = new Error('history down')
    const chat = await signedInChat({ history: async () => Promise.reject(failure) })
    expect(chat.notices).toEqual([])
    expect(chat.logged).toEqual([failure])
    expect(chat.context().messages).toEqual([])
  })
})

describe('chat: sending', () => {
  it('saves the user message, then calls the model, then saves the reply', async () => {
    const chat = await signedInChat()
    chat.typeAndSend('  Hello there  ')
    expect(chat.actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(chat.context().input).toBe('')
    await flush()
    expect(chat.effects).toEqual([
      'save user',
      'find model',
      'find key',
      'call model',
      'save assistant',
    ])
    expect(chat.actor.getSnapshot().hasTag('busy')).toBe(false)
    const [user, assistant] = chat.saved
    expect(user).toMatchObject({
      userId: 'user_1',
      modelId: 'gpt-5',
      role: 'user',
      content: 'Hello there',
      systemPromptId: null,
    })
    expect(user?.id).toMatch(/^msg_\d+_user$/)
    expect(assistant).toMatchObject({ role: 'assistant', content: '**hi**', modelId: 'gpt-5' })
    expect(assistant?.id).toMatch(/^msg_\d+_assistant$/)
    expect(Date.parse(assistant!.createdAt)).toBeGreaterThan(Date.parse(user!.createdAt))
    expect(chat.calls[0]).toEqual({
      provider: 'openai',
      apiKey: 'key-for-openai',
      model: 'gpt-5',
      messages: [{ role: 'user', content: 'Hello there' }],
    })
    expect(chat.context().messages.map((m) => m.role)).toEqual(['user', 'assistant'])
  })

  it('the context: active system prompt, the last 10 earlier messages, the new message', async () => {
    const history = Array.from({ length: 14 }, (_, i) => row(i + 1, i % 2 ? 'assistant' : 'user'))
    const chat = await signedInChat({ history: async () => history })
    chat.actor.send({ type: 'systemPrompt.changed', prompt: PROMPT })
    chat.typeAndSend('Next')
    await flush()
    expect(chat.calls[0]?.messages).toEqual([
      { role: 'system', content: 'Talk like a pirate.' },
      ...history.slice(4).map(({ role, content }) => ({ role, content })),
      { role: 'user', content: 'Next' },
    ])
    expect(chat.saved.map((m) => m.systemPromptId)).toEqual(['prompt_1', 'prompt_1'])
    chat.actor.send({ type: 'systemPrompt.changed', prompt: null })
    chat.typeAndSend('Again')
    await flush()
    // Now 16 messages are earlier: the oldest of the last ten is the 7th.
    expect(chat.calls[1]?.messages[0]).toEqual({ role: 'user', content: 'user 7' })
    expect(chat.calls[1]?.messages).toHaveLength(11)
    expect(chat.saved[2]?.systemPromptId).toBeNull()
  })

  it('ignores a send with blank text, without a model, or while one is sending', async () => {
    const chat = await signedInChat({ models: async () => [] })
    chat.typeAndSend('no model yet')
    chat.actor.send({ type: 'model.select', modelId: 'gpt-5' })
    chat.typeAndSend('   \n ')
    expect(chat.effects).toEqual([])

    let release: (r: ChatResult) => void = () => {}
    const slow = await signedInChat({ call: () => new Promise((resolve) => (release = resolve)) })
    slow.typeAndSend('one')
    await flush()
    slow.typeAndSend('two')
    expect(slow.actor.getSnapshot().hasTag('busy')).toBe(true)
    release(reply('done'))
    await flush()
    expect(slow.calls).toHaveLength(1)
    expect(slow.context().input).toBe('two') // kept for the user to send when the reply is in
  })

  it('a missing key: the key toast, then the 5-second hint; the message is kept', async () => {
    const chat = await signedInChat({ findKey: async () => null })
    chat.actor.send({ type: 'model.select', modelId: 'claude-haiku-4-5' })
    chat.typeAndSend('hello')
    await flush()
    expect(chat.notices).toEqual([
      {
        kind: 'error',
        message: 'No API key found for Anthropic. Please add your API key in the model settings.',
      },
      { kind: 'info', message: 'Please add your API key in the model settings', durationMs: 5000 },
    ])
    expect(chat.effects).toEqual(['save user', 'find model', 'find key'])
    expect(chat.context().messages.map((m) => m.content)).toEqual(['hello'])
    expect(chat.actor.getSnapshot().hasTag('busy')).toBe(false)
  })

  it("a model that is gone: 'Model not found'", async () => {
    const chat = await signedInChat({ findModel: async () => null })
    chat.typeAndSend('hello')
    await flush()
    expect(chat.notices).toEqual([{ kind: 'error', message: 'Model not found' }])
    expect(chat.calls).toEqual([])
  })

  it('a provider failure shows its message; one without a message, the fallback', async () => {
    const chat = await signedInChat({
      call: async (messages) =>
        Promise.reject(new Error(messages.at(-1)?.content === 'a' ? 'OpenAI API error: boom' : '')),
    })
    chat.typeAndSend('a')
    await flush()
    chat.typeAndSend('b')
    await flush()
    expect(chat.notices.map((n) => n.message)).toEqual([
      'OpenAI API error: boom',
      'Failed to send message',
    ])
    expect(chat.logged).toHaveLength(2)
    expect(chat.context().messages.map((m) => m.content)).toEqual(['a', 'b'])
    expect(chat.actor.getSnapshot().matches({ active: { composer: 'idle' } })).toBe(true)
  })

  it('a failure to save the user message stops before the model is called', async () => {
    const chat = await signedInChat({
      save: async () => Promise.reject(new Error('Record could not be saved')),
    })
    chat.typeAndSend('hello')
    await flush()
    expect(chat.effects).toEqual(['save user'])
    expect(chat.notices.map((n) => n.message)).toEqual(['Record could not be saved'])
    expect(chat.context().messages.map((m) => m.content)).toEqual(['hello'])
  })

  it('the display settings follow the style editor', async () => {
    const chat = startChat()
    const display = { ...DEFAULT_STYLE_CONFIG, messageAlignment: 'right' as const }
    chat.actor.send({ type: 'display.changed', display })
    expect(chat.context().display.messageAlignment).toBe('right')
  })
})

// ---------------------------------------------------------------------------------------------
// Model-based test: every transition walked on a real actor, and the send flow's order checked.

const ERR = new Error('boom')
const MODEL_EVENTS: ModelEvent[] = [
  { type: 'session.start', userId: 'user_1' },
  { type: 'input.change', value: 'Hello' },
  { type: 'input.change', value: '  ' },
  { type: 'message.send' },
  { type: 'model.select', modelId: 'gpt-5' },
  { type: 'systemPrompt.changed', prompt: PROMPT },
  { type: 'display.changed', display: DISPLAY },
  { type: 'xstate.done.actor.historyLoader', output: [] },
  { type: 'xstate.error.actor.historyLoader', error: ERR },
  { type: 'xstate.done.actor.modelsLoader', output: [GPT] },
  { type: 'xstate.error.actor.modelsLoader', error: ERR },
  { type: 'xstate.done.actor.userMessageSaver', output: undefined },
  { type: 'xstate.error.actor.userMessageSaver', error: ERR },
  { type: 'xstate.done.actor.modelFinder', output: GPT },
  { type: 'xstate.done.actor.modelFinder', output: null },
  { type: 'xstate.error.actor.modelFinder', error: ERR },
  { type: 'xstate.done.actor.apiKeyFinder', output: 'sk-test-key' },
  { type: 'xstate.done.actor.apiKeyFinder', output: null },
  { type: 'xstate.error.actor.apiKeyFinder', error: ERR },
  { type: 'xstate.done.actor.modelCaller', output: reply('hi') },
  { type: 'xstate.error.actor.modelCaller', error: ERR },
  { type: 'xstate.done.actor.replySaver', output: undefined },
  { type: 'xstate.error.actor.replySaver', error: ERR },
]
const SEND_ORDER = ['userMessageSaver', 'modelFinder', 'apiKeyFinder', 'modelCaller', 'replySaver']

describe('chat machine model', () => {
  it('walks every declared transition, and every turn runs its effects in order', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: chatMachine,
      inputs: [{ display: DISPLAY }],
      deferredActors: [
        'load history',
        'load models',
        'save message',
        'find model',
        'find api key',
        'call model',
      ],
      noopActions: ['notify', 'log error'],
      events: MODEL_EVENTS,
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.input.trim() !== '',
          s.context.selectedModelId !== null,
        ]),
      tags: ['busy', 'error', 'loadingHistory'],
      check: ({ started, where }) => {
        // Each turn starts with the user message and proceeds only in the spec's order.
        const sendEffects = started.filter((id) => SEND_ORDER.includes(id))
        const turns: string[][] = []
        for (const id of sendEffects) {
          if (id === 'userMessageSaver') turns.push([])
          turns.at(-1)?.push(id)
        }
        for (const turn of turns) expect(SEND_ORDER.slice(0, turn.length), where).toEqual(turn)
      },
    })
    expect(replays).toBeGreaterThan(50)
    expect(missing).toEqual([])
  }, 60_000)
})
