import { describe, expect, it, vi } from 'vitest'
import {
  type AnyActorLogic,
  type AnyActorRef,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  setup,
} from 'xstate'
import type { MessageAttachment } from '../../src/domain/attachments'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { ChatModel } from '../../src/domain/chat-model'
import type { ChatResult } from '../../src/domain/chat-types'
import type { Conversation } from '../../src/domain/conversation'
import { type CompareInput, compareMachine } from '../../src/machines/compare.machine'
import { type ColumnEvent, compareColumnMachine } from '../../src/machines/compare-column.machine'
import {
  DRAFT_SAVE_MS,
  type StreamReplyInput,
  type TurnEvent,
  turnMachine,
} from '../../src/machines/turn.machine'
import {
  type ModelEvent,
  providedOnce,
  type Replay,
  walkEveryTransition,
} from '../support/model-walk'
import {
  CLAUDE,
  flush,
  GPT,
  manualStream,
  PROMPT,
  reply,
  row,
  signedInChat,
  startChat,
} from './chat-harness'

describe('chat: sending', () => {
  it('saves the user message, then calls the model, then saves the reply', async () => {
    const chat = await signedInChat()
    chat.typeAndSend('  Hello there  ')
    expect(chat.hasTag('busy')).toBe(true)
    expect(chat.context().input).toBe('')
    await flush()
    expect(chat.effects).toEqual([
      'save user',
      'find model',
      'find key',
      'call model',
      'save assistant',
    ])
    expect(chat.hasTag('busy')).toBe(false)
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

  it('an edit near the top of a later page takes its context from the stored path', async () => {
    // The path has 130 messages; the page on screen holds the newest 100 (31 to 130).
    const path = Array.from({ length: 130 }, (_, i) => row(i + 1, i % 2 ? 'assistant' : 'user'))
    const chat = await signedInChat({
      history: async () => ({ messages: path.slice(30), hasOlder: true }),
      earlier: async (messageId) => {
        const end = path.findIndex((m) => m.id === messageId)
        return path.slice(end - 9, end + 1)
      },
    })
    chat.actor.send({ type: 'systemPrompt.changed', prompt: PROMPT })
    // Message 35 is the fifth on screen: four earlier ones are loaded, the context needs ten.
    chat.actor.send({ type: 'edit.start', messageId: 'msg_35_user' })
    chat.actor.send({ type: 'edit.change', text: 'user 35, edited' })
    chat.actor.send({ type: 'edit.save' })
    await flush()
    expect(chat.effects).toEqual([
      'save user',
      'find model',
      'find key',
      'read earlier conv_1 to msg_34_assistant',
      'call model',
      'save assistant',
    ])
    expect(chat.calls[0]?.messages).toEqual([
      { role: 'system', content: 'Talk like a pirate.' },
      ...path.slice(24, 34).map(({ role, content }) => ({ role, content })),
      { role: 'user', content: 'user 35, edited' },
    ])

    // The page on screen holds the whole path: nothing is read.
    const whole = await signedInChat({ history: async () => path.slice(0, 20) })
    whole.actor.send({ type: 'edit.start', messageId: 'msg_5_user' })
    whole.actor.send({ type: 'edit.change', text: 'user 5, edited' })
    whole.actor.send({ type: 'edit.save' })
    await flush()
    expect(whole.effects).toEqual([
      'save user',
      'find model',
      'find key',
      'call model',
      'save assistant',
    ])
    expect(whole.calls[0]?.messages.map((m) => m.content)).toEqual([
      'user 1',
      'assistant 2',
      'user 3',
      'assistant 4',
      'user 5, edited',
    ])
  })

  it('ignores a send with blank text, or while one is sending', async () => {
    const chat = await signedInChat()
    chat.typeAndSend('   \n ')
    await flush()
    expect(chat.effects).toEqual([])

    let release: (r: ChatResult) => void = () => {}
    const slow = await signedInChat({ call: () => new Promise((resolve) => (release = resolve)) })
    slow.typeAndSend('one')
    await flush()
    slow.typeAndSend('two')
    expect(slow.hasTag('busy')).toBe(true)
    release(reply('done'))
    await flush()
    expect(slow.calls).toHaveLength(1)
    expect(slow.context().input).toBe('two') // kept for the user to send when the reply is in
  })

  it('a send before any model is chosen (a quick run) goes when the models actor chooses one', async () => {
    const chat = await signedInChat({ model: null })
    chat.typeAndSend('Translate hi')
    await flush()
    expect(chat.effects).toEqual([])
    expect(chat.context().input).toBe('Translate hi') // kept, not dropped
    chat.actor.send({ type: 'model.select', modelId: 'gpt-5' })
    await flush()
    expect(chat.calls.map((call) => [call.model, call.messages.at(-1)?.content])).toEqual([
      ['gpt-5', 'Translate hi'],
    ])
    expect(chat.context().input).toBe('')

    // Changing the input first lets the held send go: the text is the user's again.
    const edited = await signedInChat({ model: null })
    edited.typeAndSend('first')
    edited.actor.send({ type: 'input.change', value: 'second thoughts' })
    edited.actor.send({ type: 'model.select', modelId: 'gpt-5' })
    await flush()
    expect(edited.effects).toEqual([])
    expect(edited.context().input).toBe('second thoughts')
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
    expect(chat.hasTag('busy')).toBe(false)
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
    expect(chat.turn.getSnapshot().matches('idle')).toBe(true)
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
})

// ---------------------------------------------------------------------------------------------
// Model-based test: every transition walked on a real actor, and the send flow's order checked.

const ERR = new Error('boom')
/** An uploaded image (docs/product/attachments.md). */
const PHOTO: MessageAttachment = {
  id: 'att_00000000000000000000000000000001',
  kind: 'image',
  name: 'photo.png',
  mediaType: 'image/png',
  size: 1200,
  width: 640,
  height: 480,
  path: 'user_1/attachments/photo.png',
}
const withPhoto = (message: ChatMessage): ChatMessage => ({ ...message, attachments: [PHOTO] })

const MODEL_EVENTS: ModelEvent[] = [
  { type: 'input.change', value: 'Hello' },
  { type: 'attachments.changed', attachments: [PHOTO], busy: false },
  { type: 'attachments.changed', attachments: [], busy: true },
  { type: 'attachments.changed', attachments: [], busy: false },
  { type: 'model.select', modelId: 'text-only', readsImages: false },
  {
    type: 'message.regenerate',
    question: withPhoto(row(1, 'user')),
    reply: row(2, 'assistant'),
    conversationId: 'conv_1',
    earlier: [],
    parentId: null,
  },
  {
    type: 'message.answer',
    question: withPhoto(row(3, 'user')),
    conversationId: 'conv_1',
    earlier: [],
    parentId: 'msg_2_assistant',
  },
  {
    type: 'message.edit',
    message: withPhoto(row(3, 'user')),
    text: 'What is in it?',
    conversationId: 'conv_1',
    earlier: [],
    parentId: 'msg_2_assistant',
  },
  { type: 'input.change', value: '  ' },
  {
    type: 'message.send',
    conversationId: 'conv_1',
    earlier: [row(1, 'user')],
    parentId: 'msg_1_user',
  },
  { type: 'message.send', conversationId: null, earlier: [], parentId: null },
  { type: 'model.select', modelId: 'gpt-5' },
  { type: 'systemPrompt.changed', prompt: PROMPT },
  { type: 'message.retry' },
  { type: 'xstate.done.actor.conversationCreator', output: undefined },
  { type: 'xstate.error.actor.conversationCreator', error: ERR },
  { type: 'xstate.done.actor.userMessageSaver', output: undefined },
  { type: 'xstate.error.actor.userMessageSaver', error: ERR },
  { type: 'xstate.done.actor.modelFinder', output: GPT },
  { type: 'xstate.done.actor.modelFinder', output: null },
  { type: 'xstate.error.actor.modelFinder', error: ERR },
  { type: 'xstate.done.actor.apiKeyFinder', output: 'sk-test-key' },
  { type: 'xstate.done.actor.apiKeyFinder', output: null },
  { type: 'xstate.error.actor.apiKeyFinder', error: ERR },
  { type: 'reply.delta', text: 'Hi' },
  { type: 'reply.done', result: reply('hi') },
  { type: 'reply.failed', error: ERR, partial: '', usage: null },
  { type: 'reply.failed', error: ERR, partial: 'Hi the', usage: null },
  { type: 'message.stop' },
  {
    type: 'message.regenerate',
    question: row(1, 'user'),
    reply: row(2, 'assistant'),
    conversationId: 'conv_1',
    earlier: [],
    parentId: null,
  },
  {
    type: 'message.answer',
    question: row(3, 'user'),
    conversationId: 'conv_1',
    earlier: [row(1, 'user'), row(2, 'assistant')],
    parentId: 'msg_2_assistant',
  },
  // Compare again (docs/product/compare.md#comparing-again): the first question, its reply kept.
  {
    type: 'message.answer',
    question: row(1, 'user'),
    conversationId: 'conv_1',
    earlier: [],
    parentId: null,
    compareWith: ['gpt-5', 'claude-haiku-4-5'],
    reply: row(2, 'assistant'),
  },
  {
    type: 'message.edit',
    message: row(3, 'user'),
    text: 'Hello again',
    conversationId: 'conv_1',
    earlier: [row(1, 'user'), row(2, 'assistant')],
    parentId: 'msg_2_assistant',
    // The page on screen starts later in the path: the context is read from the store.
    readEarlier: true,
  },
  { type: 'xstate.done.actor.earlierReader', output: [row(1, 'user'), row(2, 'assistant')] },
  { type: 'xstate.error.actor.earlierReader', error: ERR },
  { type: 'xstate.done.actor.replySaver', output: undefined },
  { type: 'xstate.error.actor.replySaver', error: ERR },
  { type: 'xstate.done.actor.draftSaver', output: undefined },
  { type: 'xstate.error.actor.draftSaver', error: ERR },
  { type: 'input.for', conversationId: 'conv_2' },
  // Compare mode (docs/product/compare.md): chosen, then turned off.
  { type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] },
  { type: 'compare.choose', modelIds: [] },
  { type: 'xstate.done.actor.compareLoader', output: undefined },
  { type: 'xstate.error.actor.compareLoader', error: ERR },
  {
    type: 'xstate.done.actor.comparer',
    output: { reply: { ...row(2, 'assistant'), id: 'msg_9_assistant' } },
  },
  { type: 'xstate.done.actor.comparer', output: { reply: null } },
  { type: 'xstate.done.actor.draftsRecaller', output: { conv_2: 'kept' } },
  { type: 'xstate.error.actor.draftsRecaller', error: ERR },
]
const SEND_ORDER = [
  'conversationCreator',
  'userMessageSaver',
  'modelFinder',
  'apiKeyFinder',
  'earlierReader',
  'modelCaller',
  'replySaver',
]
const DEFERRED = [
  'save message',
  'save reply',
  'save draft',
  'create conversation',
  'find model',
  'find api key',
  'read earlier',
  'recall drafts',
  'load compare',
  // A promise here, so the walk can settle it with the comparison's output.
  'compare replies',
]
/** A comparing turn's steps (docs/product/compare.md): the question, then the comparison. */
const COMPARE_ORDER = ['conversationCreator', 'userMessageSaver', 'compareLoader', 'comparer']
const STEPS = [...SEND_ORDER, 'compareLoader', 'comparer']
/** The streaming call reports nothing by itself: the walk sends its events. */
const silentStream = fromCallback(() => () => {})
const NOOPS = [
  'store drafts',
  'store unsent',
  'drop unsent',
  'notify',
  'log error',
  'record failure',
  'report conversation started',
  'report conversation starting',
  'report activity',
  'show question',
  'show reply',
  'show replaced reply',
  'hide replaced reply',
  'report attachments sent',
  'report reply picked',
]

const ATTEMPTS = [
  'message.send',
  'message.retry',
  'message.regenerate',
  'message.edit',
  'message.answer',
]

/** Where a retry resumes after an attempt whose last step was `last` (it failed there). */
const resumeAt = (last: string | undefined) =>
  last === 'conversationCreator' || last === 'userMessageSaver' || last === 'replySaver'
    ? last
    : last === 'compareLoader' || last === 'comparer'
      ? 'compareLoader'
      : 'modelFinder'

const idOf = (ref: unknown) => (ref as { id: string }).id

/** One log of the sends and retries taken and the send steps started, in order. */
function startLogged(replay: Replay) {
  const log: string[] = []
  const machine = providedOnce(replay.deferred, () => {
    const actors: Record<string, AnyActorLogic> = {}
    for (const name of DEFERRED) actors[name] = replay.deferred
    actors['stream reply'] = silentStream
    const actions = Object.fromEntries(NOOPS.map((name) => [name, () => {}]))
    return turnMachine.provide({ actors, actions } as never)
  })
  const actor = createActor(machine, {
    clock: replay.clock,
    input: replay.input as never,
    inspect: (inspection: InspectionEvent) => {
      replay.inspect(inspection)
      if (inspection.type === '@xstate.microstep') {
        // A send held for a model (targetless) is no attempt yet: it starts when a model comes.
        for (const t of inspection._transitions)
          if (ATTEMPTS.includes(t.eventType) && t.target?.length) log.push(t.eventType)
      }
      if (inspection.type === '@xstate.actor' && STEPS.includes(idOf(inspection.actorRef)))
        log.push(idOf(inspection.actorRef))
    },
  })
  actor.start()
  return { actor, log }
}

describe('turn machine model', () => {
  it('walks every declared transition, and every turn runs its effects in order', async () => {
    const seen = new Set<string>()
    const { replays, missing } = await walkEveryTransition({
      machine: turnMachine,
      inputs: [{ userId: 'user_1' }],
      delays: { 'draft save interval': DRAFT_SAVE_MS },
      noopActions: NOOPS,
      fixedActors: { 'stream reply': silentStream },
      start: startLogged,
      events: MODEL_EVENTS,
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.input.trim() !== '',
          s.context.modelId !== null,
          s.context.modelReadsImages,
          s.context.attachments.length > 0,
          s.context.attachmentsBusy,
          s.context.held !== null,
          // Compare mode matters when a turn starts; elsewhere it would only double the walk.
          s.matches('idle') && s.context.compareWith.length >= 2,
          s.context.failedTurn && [
            s.context.failedTurn.messageSaved,
            !!s.context.failedTurn.reply,
            s.context.failedTurn.conversation != null,
            s.context.failedTurn.compareWith !== null,
          ],
          s.context.pending && [
            !!s.context.pending.draft,
            !!s.context.pending.replaces,
            (s.context.pending.draft?.length ?? 0) > s.context.pending.draftSaved,
            s.context.pending.earlierFrom !== null,
            s.context.pending.compareWith !== null,
          ],
          s.context.pending?.conversation != null,
        ]),
      tags: ['busy', 'streaming', 'comparing'],
      check: ({ run, where }) => {
        // A send starts with the user message; a retry where the failed attempt stopped (the
        // user message saved, the model lookup, or only the reply's save); each then proceeds
        // only in the spec's order.
        const attempts: Array<{ by: string; steps: string[] }> = []
        for (const entry of run.log) {
          if (entry.startsWith('message.')) attempts.push({ by: entry, steps: [] })
          else attempts.at(-1)?.steps.push(entry)
        }
        expect(
          attempts.filter((a) => a.steps.length === 0),
          where,
        ).toEqual([])
        for (const { by, steps } of attempts) seen.add(`${by} ${steps[0]}`)
        attempts.forEach(({ by, steps }, i) => {
          // A new chat's first message creates its conversation first.
          // An edit saves its new version of the message first.
          const first =
            by === 'message.edit'
              ? 'userMessageSaver'
              : by === 'message.send'
                ? steps[0] === 'conversationCreator'
                  ? 'conversationCreator'
                  : 'userMessageSaver'
                : by === 'message.answer' && steps[0] === 'compareLoader'
                  ? 'compareLoader'
                  : by === 'message.regenerate' || by === 'message.answer'
                    ? 'modelFinder'
                    : resumeAt(attempts[i - 1]?.steps.at(-1))
          // The context is read from the store only when the page on screen was too short;
          // a comparing turn asks its comparison after the question is saved.
          const order = steps.some((step) => COMPARE_ORDER.slice(2).includes(step))
            ? COMPARE_ORDER
            : steps.includes('earlierReader')
              ? SEND_ORDER
              : SEND_ORDER.filter((step) => step !== 'earlierReader')
          const from = order.indexOf(first)
          expect(steps, where).toEqual(order.slice(from, from + steps.length))
        })
      },
    })
    expect(replays).toBeGreaterThan(50)
    // The log saw sends (in a new chat and in a conversation), regenerations, and retries
    // resuming at each of their five points (a comparing turn's at its comparison).
    expect([...seen].sort()).toEqual([
      'message.answer compareLoader',
      'message.answer modelFinder',
      'message.edit userMessageSaver',
      'message.regenerate modelFinder',
      'message.retry compareLoader',
      'message.retry conversationCreator',
      'message.retry modelFinder',
      'message.retry replySaver',
      'message.retry userMessageSaver',
      'message.send conversationCreator',
      'message.send userMessageSaver',
    ])
    expect(missing).toEqual([])
    // The largest walk: it took 179 s beside five busy test runs on 2 cores; CI is quieter.
  }, 180_000)
})

describe('chat: retry', () => {
  const failingOnce = (error = new Error('OpenAI API error: boom')) => {
    let failures = 1
    return async () => {
      if (failures-- > 0) throw error
    }
  }

  it('a failed call offers Retry, which calls again with the same model and context and saves the user message once', async () => {
    const call = failingOnce()
    const chat = await signedInChat({
      call: async () => {
        await call()
        return reply('second time lucky')
      },
    })
    chat.actor.send({ type: 'systemPrompt.changed', prompt: PROMPT })
    chat.typeAndSend('Hello')
    await flush()
    const failed = chat.context().failedTurn
    expect(failed).toMatchObject({
      text: 'Hello',
      modelId: 'gpt-5',
      messageSaved: true,
      reply: null,
    })
    expect(failed?.apiKey).toBeNull()
    // What changes meanwhile does not change the retried turn.
    chat.actor.send({ type: 'model.select', modelId: 'claude-haiku-4-5' })
    chat.actor.send({ type: 'systemPrompt.changed', prompt: null })
    chat.actor.send({ type: 'input.change', value: 'draft' })
    chat.effects.length = 0
    chat.actor.send({ type: 'message.retry' })
    expect(chat.hasTag('busy')).toBe(true)
    await flush()
    expect(chat.effects).toEqual(['find model', 'find key', 'call model', 'save assistant'])
    expect(chat.calls[1]).toEqual(chat.calls[0])
    expect(chat.calls[1]?.messages[0]).toEqual({ role: 'system', content: 'Talk like a pirate.' })
    expect(chat.saved.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(chat.saved[1]).toMatchObject({ modelId: 'gpt-5', systemPromptId: 'prompt_1' })
    expect(chat.context().messages.map((m) => m.content)).toEqual(['Hello', 'second time lucky'])
    expect(chat.context().failedTurn).toBeNull()
    expect(chat.context().input).toBe('draft') // the composer is not touched
  })

  it('a user message that was not saved is saved by Retry, under the same id', async () => {
    const chat = await signedInChat({ save: failingOnce(new Error('Record could not be saved')) })
    chat.typeAndSend('hello')
    await flush()
    expect(chat.context().failedTurn?.messageSaved).toBe(false)
    chat.actor.send({ type: 'message.retry' })
    await flush()
    expect(chat.effects).toEqual([
      'save user',
      'save user',
      'find model',
      'find key',
      'call model',
      'save assistant',
    ])
    expect(chat.saved[1]).toEqual(chat.saved[0])
    expect(chat.context().messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    // Kept in this browser while it was not saved (a reload brings it back as unsent text),
    // forgotten once it was.
    expect(chat.unsent).toEqual(['keep "hello" for conv_1', 'drop "hello"'])
  })

  it('a reply that was not saved: Retry only saves it, without calling the model again', async () => {
    const chat = await signedInChat({
      save: async (m) =>
        m.role === 'assistant' && chat.saved.length === 2
          ? Promise.reject(new Error('disk full'))
          : undefined,
    })
    chat.typeAndSend('hello')
    await flush()
    expect(chat.notices.map((n) => n.message)).toEqual(['disk full'])
    expect(chat.context().failedTurn?.reply?.content).toBe('**hi**')
    chat.effects.length = 0
    chat.actor.send({ type: 'message.retry' })
    await flush()
    expect(chat.effects).toEqual(['save assistant'])
    expect(chat.saved[2]).toEqual(chat.saved[1])
    expect(chat.calls).toHaveLength(1)
    expect(chat.context().messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(chat.context().failedTurn).toBeNull()
  })

  it('a missing key or a missing model offers Retry too; the key is looked up again', async () => {
    let key: string | null = null
    const chat = await signedInChat({ findKey: async () => key })
    chat.typeAndSend('hello')
    await flush()
    expect(chat.context().failedTurn).not.toBeNull()
    key = 'sk-added-since'
    chat.actor.send({ type: 'message.retry' })
    await flush()
    expect(chat.calls.map((c) => c.apiKey)).toEqual(['sk-added-since'])
    expect(chat.saved.map((m) => m.role)).toEqual(['user', 'assistant'])

    const gone = await signedInChat({ findModel: async () => null })
    gone.typeAndSend('hello')
    await flush()
    gone.actor.send({ type: 'message.retry' })
    await flush()
    expect(gone.notices.map((n) => n.message)).toEqual(['Model not found', 'Model not found'])
    expect(gone.context().failedTurn?.text).toBe('hello')
  })

  it('sending something new drops the Retry; without a failed turn a retry is ignored', async () => {
    const fail = failingOnce()
    const chat = await signedInChat({
      call: async () => {
        await fail()
        return reply('ok')
      },
    })
    chat.actor.send({ type: 'message.retry' })
    expect(chat.effects).toEqual([])
    chat.typeAndSend('one')
    await flush()
    expect(chat.context().failedTurn?.text).toBe('one')
    chat.typeAndSend('two')
    expect(chat.context().failedTurn).toBeNull()
    await flush()
    chat.effects.length = 0
    chat.actor.send({ type: 'message.retry' })
    expect(chat.effects).toEqual([])
  })

  it("a failed turn's question keeps why: written with it, shown with it, still there after the next send", async () => {
    const fail = failingOnce(new Error('OpenAI API error: boom'))
    const chat = await signedInChat({
      call: async () => {
        await fail()
        return reply('**hi**')
      },
    })
    chat.typeAndSend('one')
    await flush()
    const question = chat.saved[0]!
    expect(chat.failures).toEqual([{ ...question, failure: 'OpenAI API error: boom' }])
    expect(chat.context().messages[0]?.failure).toBe('OpenAI API error: boom')
    expect(chat.context().failedTurn?.message.failure).toBe('OpenAI API error: boom')
    chat.typeAndSend('two')
    await flush()
    // The next send drops the in-memory Retry, not the mark: the row keeps its failure.
    expect(chat.context().failedTurn).toBeNull()
    expect(chat.context().messages.map((m) => [m.content, m.failure ?? null])).toEqual([
      ['one', 'OpenAI API error: boom'],
      ['two', null],
      ['**hi**', null],
    ])
  })

  it('a missing key or model is kept as the failure too; an unsaved question records nothing', async () => {
    const noKey = await signedInChat({ findKey: async () => null })
    noKey.typeAndSend('Hello')
    await flush()
    expect(noKey.failures.map((m) => m.failure)).toEqual([
      'No API key found for openai. Please add your API key in the model settings.',
    ])
    const unsaved = await signedInChat({ save: async () => Promise.reject(new Error('offline')) })
    unsaved.typeAndSend('Hello')
    await flush()
    expect(unsaved.failures).toEqual([])
    expect(unsaved.context().failedTurn?.message.failure).toBeUndefined()
    // Only the question that was not saved is kept in the browser for after a reload.
    expect(noKey.unsent).toEqual(['drop "Hello"'])
    expect(unsaved.unsent).toEqual(['keep "Hello" for conv_1'])
  })

  it('Answer asks for the reply of a saved question left without one, after the messages before it', async () => {
    const failed = {
      ...row(3, 'user'),
      conversationId: 'conv_1',
      failure: 'OpenAI API error: boom',
    }
    const chat = await signedInChat({
      history: async () => [row(1, 'user'), row(2, 'assistant'), failed, row(4, 'user')],
      call: async () => reply('At last'),
    })
    chat.actor.send({ type: 'message.answer', messageId: 'msg_2_assistant' }) // not a question
    await flush()
    expect(chat.effects).toEqual([])
    chat.actor.send({ type: 'message.answer', messageId: 'msg_3_user' })
    await flush()
    expect(chat.effects).toEqual(['find model', 'find key', 'call model', 'save assistant'])
    expect(chat.calls[0]?.messages).toEqual([
      { role: 'user', content: 'user 1' },
      { role: 'assistant', content: 'assistant 2' },
      { role: 'user', content: 'user 3' },
    ])
    expect(chat.saved[0]).toMatchObject({ content: 'At last', parentId: 'msg_3_user' })
    // The reply follows its question: what came after it is another branch now.
    expect(chat.context().messages.map((m) => m.content)).toEqual([
      'user 1',
      'assistant 2',
      'user 3',
      'At last',
    ])
  })
})

describe('chat: streamed replies, Stop and Regenerate', () => {
  const usage = { promptTokens: 12, completionTokens: 3, totalTokens: 15 }

  it('pieces grow a draft reply; the end saves the whole reply with its usage', async () => {
    const { handle, stream } = manualStream()
    const chat = await signedInChat({ stream })
    chat.typeAndSend('Hello')
    await flush()
    expect(chat.hasTag('streaming')).toBe(true)
    expect(chat.context().pending?.draft).toBeNull()
    handle.send({ type: 'reply.delta', text: 'Hi ' })
    handle.send({ type: 'reply.delta', text: 'there' })
    expect(chat.context().pending?.draft).toBe('Hi there')
    expect(chat.context().messages.map((m) => m.role)).toEqual(['user'])
    handle.send({
      type: 'reply.done',
      result: { content: 'Hi there', model: 'gpt-5', usage },
    })
    await flush()
    expect(chat.saved[1]).toMatchObject({
      role: 'assistant',
      content: 'Hi there',
      status: 'complete',
      promptTokens: 12,
      completionTokens: 3,
      totalTokens: 15,
    })
    expect(chat.hasTag('busy')).toBe(false)
    expect(chat.context().pending).toBeNull()
  })

  it('the reply is saved as it grows: at its first piece, then at most a second behind, then whole over it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const { handle, stream } = manualStream()
      const chat = await signedInChat({ stream })
      chat.typeAndSend('Hello')
      await flush()
      const [row] = chat.replyRows // what the call writes if the page goes away
      expect(row).toMatchObject({ role: 'assistant', content: '', status: 'interrupted' })
      handle.send({ type: 'reply.delta', text: 'Hi' })
      await flush()
      handle.send({ type: 'reply.delta', text: ' there' })
      await flush()
      const drafts = () => chat.drafts.map((d) => [d.id, d.content, d.status])
      expect(drafts()).toEqual([[row!.id, 'Hi', 'streaming']])
      vi.advanceTimersByTime(DRAFT_SAVE_MS - 1)
      await flush()
      expect(drafts()).toHaveLength(1)
      vi.advanceTimersByTime(1)
      await flush()
      expect(drafts()).toEqual([
        [row!.id, 'Hi', 'streaming'],
        [row!.id, 'Hi there', 'streaming'],
      ])
      // Nothing new arrived: nothing written again.
      vi.advanceTimersByTime(DRAFT_SAVE_MS * 3)
      await flush()
      expect(drafts()).toHaveLength(2)
      handle.send({ type: 'reply.delta', text: '!' })
      await flush()
      expect(drafts().at(-1)).toEqual([row!.id, 'Hi there!', 'streaming'])
      handle.send({ type: 'reply.done', result: { content: 'Hi there!', model: 'gpt-5', usage } })
      await flush()
      // The reply is the same row, at the time it started.
      expect(chat.saved[1]).toMatchObject({
        id: row!.id,
        createdAt: row!.createdAt,
        content: 'Hi there!',
        status: 'complete',
      })
    } finally {
      vi.useRealTimers()
    }
  })

  it('Stop aborts the call and keeps the partial reply, saved and marked stopped', async () => {
    const { handle, stream } = manualStream()
    const chat = await signedInChat({ stream })
    chat.typeAndSend('Tell me a story')
    await flush()
    handle.send({ type: 'reply.delta', text: 'Once upon' })
    chat.actor.send({ type: 'message.stop' })
    expect(handle.stopped).toBe(true)
    await flush()
    expect(chat.effects).toEqual([
      'save user',
      'find model',
      'find key',
      'call model',
      'save assistant',
    ])
    expect(chat.saved[1]).toMatchObject({ content: 'Once upon', status: 'stopped' })
    expect(chat.context().messages.map((m) => m.content)).toEqual(['Tell me a story', 'Once upon'])
    expect(chat.context().failedTurn).toBeNull()
    expect(chat.notices).toEqual([])
    // Pieces of an aborted stream that still arrive change nothing.
    handle.send({ type: 'reply.delta', text: ' a time' })
    expect(chat.context().messages.at(-1)?.content).toBe('Once upon')
  })

  it('Stop before any text saves no reply; Retry asks again without saving the question twice', async () => {
    const { handle, stream } = manualStream()
    const chat = await signedInChat({ stream })
    chat.typeAndSend('Hello')
    await flush()
    chat.actor.send({ type: 'message.stop' })
    await flush()
    expect(chat.saved.map((m) => m.role)).toEqual(['user'])
    expect(chat.context().failedTurn).toMatchObject({ stopped: true, messageSaved: true })
    chat.actor.send({ type: 'message.retry' })
    await flush()
    handle.send({ type: 'reply.done', result: { content: 'Hi', model: 'gpt-5', usage } })
    await flush()
    expect(chat.saved.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(chat.calls).toHaveLength(2)
    expect(chat.calls[1]).toEqual(chat.calls[0])
  })

  it("a stream that breaks off keeps what arrived, shows the provider's error and frees the input", async () => {
    const { handle, stream } = manualStream()
    const chat = await signedInChat({ stream })
    chat.typeAndSend('Hello')
    await flush()
    handle.send({ type: 'reply.delta', text: 'Half an ans' })
    const error = new Error('OpenAI API error: overloaded')
    handle.send({ type: 'reply.failed', error, partial: 'Half an ans', usage: null })
    await flush()
    expect(chat.notices).toEqual([{ kind: 'error', message: 'OpenAI API error: overloaded' }])
    expect(chat.logged).toEqual([error])
    expect(chat.saved[1]).toMatchObject({ content: 'Half an ans', status: 'interrupted' })
    expect(chat.turn.getSnapshot().matches('idle')).toBe(true)
    expect(chat.context().failedTurn).toBeNull()
  })

  it('Regenerate asks again with the same context; the earlier reply stays, as a version', async () => {
    let answer = 0
    const chat = await signedInChat({
      history: async () => [row(1, 'user'), row(2, 'assistant')],
      call: async () => reply(`answer ${++answer}`),
    })
    chat.actor.send({ type: 'systemPrompt.changed', prompt: PROMPT })
    chat.typeAndSend('Hello')
    await flush()
    const first = chat.saved[1]!
    chat.effects.length = 0
    chat.actor.send({ type: 'message.regenerate' })
    expect(chat.context().messages.map((m) => m.content)).toEqual([
      'user 1',
      'assistant 2',
      'Hello',
    ])
    await flush()
    expect(chat.effects).toEqual(['find model', 'find key', 'call model', 'save assistant'])
    expect(chat.calls[1]).toEqual(chat.calls[0])
    // A new row beside the first reply: both answer the same question.
    const second = chat.saved[2]!
    expect(second).toMatchObject({ content: 'answer 2', parentId: chat.saved[0]?.id })
    expect(first.parentId).toBe(chat.saved[0]?.id)
    expect(second.id).not.toBe(first.id)
    expect(chat.context().messages.map((m) => m.content)).toEqual([
      'user 1',
      'assistant 2',
      'Hello',
      'answer 2',
    ])
    expect(chat.context().versions).toEqual({ [second.id]: [first.id, second.id] })
  })

  it('a regeneration that gets no reply puts the old one back; nothing to retry', async () => {
    let fail = false
    const chat = await signedInChat({
      call: async () => {
        if (fail) throw new Error('Anthropic API error: overloaded')
        return reply('the first answer')
      },
    })
    chat.typeAndSend('Hello')
    await flush()
    fail = true
    chat.actor.send({ type: 'message.regenerate' })
    await flush()
    expect(chat.notices.map((n) => n.message)).toEqual(['Anthropic API error: overloaded'])
    expect(chat.context().messages.map((m) => m.content)).toEqual(['Hello', 'the first answer'])
    expect(chat.context().failedTurn).toBeNull()
    expect(chat.saved.map((m) => m.content)).toEqual(['Hello', 'the first answer'])
    expect(chat.context().versions).toEqual({})
    expect(chat.failures).toEqual([])
  })

  it('Regenerate needs a last reply, a model, and an idle composer', async () => {
    const chat = await signedInChat()
    chat.actor.send({ type: 'message.regenerate' })
    expect(chat.effects).toEqual([])
    const { stream } = manualStream()
    const busy = await signedInChat({
      history: async () => [row(1, 'user'), row(2, 'assistant')],
      stream,
    })
    busy.typeAndSend('Hello')
    await flush()
    busy.effects.length = 0
    busy.actor.send({ type: 'message.regenerate' })
    expect(busy.effects).toEqual([])
  })
})

describe('chat: conversations', () => {
  it("a new chat's first message creates its conversation, titled from the message, then saves", async () => {
    const chat = await signedInChat({}, null)
    chat.typeAndSend('  Plan a trip to Lisbon\nfor four days  ')
    await flush()
    expect(chat.effects).toEqual([
      'create conversation',
      'save user',
      'find model',
      'find key',
      'call model',
      'save assistant',
    ])
    const id = chat.created[0]!.id
    expect(chat.created[0]).toMatchObject({ title: 'Plan a trip to Lisbon', userId: 'user_1' })
    expect(id).toMatch(/^conv_\d+$/)
    expect(chat.saved.map((m) => m.conversationId)).toEqual([id, id])
    expect(chat.context().conversationId).toBe(id)
    // The list hears of it as it is sent, then once its row is saved; then of the question
    // and of the reply saved in it.
    expect(chat.reports).toEqual([
      'starting Plan a trip to Lisbon',
      'started Plan a trip to Lisbon',
      `activity ${id}`,
      `activity ${id}`,
    ])
    // The next message goes to the same conversation.
    chat.typeAndSend('And a fifth day?')
    await flush()
    expect(chat.created).toHaveLength(1)
    expect(chat.saved[2]?.conversationId).toBe(id)
  })

  it('a conversation that could not be created: nothing saved, Retry creates it and goes on', async () => {
    let fail = true
    const chat = await signedInChat(
      {
        createConversation: async () => {
          if (fail) throw new Error('Record could not be saved')
        },
      },
      null,
    )
    chat.typeAndSend('Hello')
    await flush()
    expect(chat.saved).toEqual([])
    expect(chat.notices.map((n) => n.message)).toEqual(['Record could not be saved'])
    // No conversation to come back to: after a reload it is the new chat's unsent text.
    expect(chat.unsent).toEqual(['keep "Hello" for (new chat)'])
    fail = false
    chat.actor.send({ type: 'message.retry' })
    await flush()
    expect(chat.created.map((c) => c.id)).toEqual([chat.created[0]!.id, chat.created[0]!.id])
    expect(chat.saved.map((m) => m.role)).toEqual(['user', 'assistant'])
  })

  it('each conversation keeps its unsent text: switching away and back finds it, a send forgets it', async () => {
    const chat = await signedInChat({}, null)
    chat.actor.send({ type: 'input.change', value: 'Half a thought' })
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_a' })
    await flush()
    expect(chat.context().input).toBe('')
    chat.actor.send({ type: 'input.change', value: 'For A' })
    chat.actor.send({ type: 'conversation.open', conversationId: null })
    await flush()
    expect(chat.context().input).toBe('Half a thought')
    expect(chat.storedDrafts.at(-1)).toEqual({ '': 'Half a thought', conv_a: 'For A' })
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_a' })
    await flush()
    expect(chat.context().input).toBe('For A')
    chat.actor.send({ type: 'message.send' })
    await flush()
    expect(chat.saved[0]).toMatchObject({ content: 'For A', conversationId: 'conv_a' })
    expect(chat.storedDrafts.at(-1)).toEqual({ '': 'Half a thought' })
    // Cleared text is forgotten too.
    chat.actor.send({ type: 'conversation.open', conversationId: null })
    chat.actor.send({ type: 'input.change', value: '  ' })
    expect(chat.storedDrafts.at(-1)).toEqual({})
  })

  it("a new chat's first message moves its conversation's text nowhere: the new conversation starts empty", async () => {
    const chat = await signedInChat({}, null)
    chat.typeAndSend('Hello')
    await flush()
    const started = chat.saved[0]?.conversationId
    expect(started).toMatch(/^conv_/)
    expect(chat.context().draftFor).toBe(started)
    expect(chat.context().input).toBe('')
    expect(chat.storedDrafts.at(-1)).toEqual({})
  })

  it('text stored by an earlier page fills the input of the conversation it was typed in', async () => {
    const chat = await signedInChat({
      storedDrafts: async () => ({ conv_1: 'Typed before the reload', conv_9: 'Elsewhere' }),
    })
    expect(chat.context().input).toBe('Typed before the reload')
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_9' })
    await flush()
    expect(chat.context().input).toBe('Elsewhere')
  })

  it('text typed before the stored text is read wins over it', async () => {
    let answer: (drafts: Record<string, string>) => void = () => {}
    const chat = await signedInChat({
      storedDrafts: () => new Promise((resolve) => (answer = resolve)),
    })
    chat.actor.send({ type: 'input.change', value: 'New words' })
    answer({ conv_1: 'Old words', conv_2: 'Kept' })
    await flush()
    expect(chat.context().input).toBe('New words')
    expect(chat.storedDrafts.at(-1)).toEqual({ conv_2: 'Kept', conv_1: 'New words' })
  })

  it('opening a conversation shows its own history, and the context is built from it alone', async () => {
    const histories: Record<string, ChatMessage[]> = {
      conv_a: [row(1, 'user'), row(2, 'assistant')],
      conv_b: [row(3, 'user')],
    }
    const chat = await signedInChat({ history: async (id) => histories[id ?? ''] ?? [] }, 'conv_a')
    expect(chat.context().messages.map((m) => m.content)).toEqual(['user 1', 'assistant 2'])
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_b' })
    await flush()
    expect(chat.context().messages.map((m) => m.content)).toEqual(['user 3'])
    chat.typeAndSend('Next')
    await flush()
    expect(chat.calls[0]?.messages).toEqual([
      { role: 'user', content: 'user 3' },
      { role: 'user', content: 'Next' },
    ])
    expect(chat.saved[0]?.conversationId).toBe('conv_b')
    chat.actor.send({ type: 'conversation.open', conversationId: null })
    await flush()
    expect(chat.context().messages).toEqual([])
  })

  const CONV_A: Conversation = {
    id: 'conv_a',
    userId: 'user_1',
    title: 'Linked',
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  }

  it("a linked conversation shows with its history once its row says it is the user's", async () => {
    const chat = startChat({
      link: 'conv_a',
      find: async (id) => (id === 'conv_a' ? CONV_A : null),
      history: async (id) => (id === 'conv_a' ? [row(1, 'user')] : []),
    })
    chat.signIn()
    await flush()
    expect(chat.context().conversationId).toBe('conv_a')
    expect(chat.context().messages.map((m) => m.content)).toEqual(['user 1'])
    // The list hears of it (it may be older than the list's page); the address names it already.
    expect(chat.reports).toEqual(['found conv_a'])
    expect(chat.addresses).toEqual([])
    chat.typeAndSend('More')
    await flush()
    expect(chat.context().messages.map((m) => m.content)).toEqual(['user 1', 'More', '**hi**'])
    expect(chat.saved[0]?.conversationId).toBe('conv_a')
  })

  it("a link the user cannot read says 'Conversation not found': a message then starts its own conversation", async () => {
    const chat = startChat({ link: 'conv_of_someone_else', history: async () => [row(1, 'user')] })
    chat.signIn()
    await flush()
    expect(chat.context().conversationId).toBeNull()
    expect(chat.context().messages).toEqual([])
    expect(chat.notices).toEqual([{ kind: 'error', message: 'Conversation not found' }])
    expect(chat.addresses).toEqual(['replace (new chat)'])
    chat.typeAndSend('Hello')
    await flush()
    // Saved, in a conversation of the user's own; never into the linked one.
    expect(chat.effects.slice(1, 3)).toEqual(['create conversation', 'save user'])
    expect(chat.saved.map((m) => m.conversationId)).toEqual([
      chat.created[0]!.id,
      chat.created[0]!.id,
    ])
    expect(chat.reports.slice(0, 2)).toEqual(['starting Hello', 'started Hello'])
  })

  it('a message sent while the link is checked is not taken into it; the linked one is listed', async () => {
    let answer: (found: Conversation | null) => void = () => {}
    const chat = startChat({
      link: 'conv_a',
      find: () => new Promise((resolve) => (answer = resolve)),
      history: async (id) => (id === 'conv_a' ? [row(1, 'user')] : []),
    })
    chat.signIn()
    await flush()
    expect(chat.hasTag('loadingHistory')).toBe(true)
    chat.typeAndSend('Quick question')
    await flush()
    answer(CONV_A)
    await flush()
    const own = chat.created[0]!.id
    expect(chat.context().conversationId).toBe(own)
    expect(chat.context().messages.map((m) => m.content)).toEqual(['Quick question', '**hi**'])
    expect(chat.reports).toContain('found conv_a')
    expect(chat.notices).toEqual([])
  })

  it("an empty conversation of the user's, linked, opens: its row is enough", async () => {
    const chat = startChat({
      link: 'conv_empty',
      find: async (id) => ({ ...CONV_A, id }),
    })
    chat.signIn()
    await flush()
    expect(chat.effects).toEqual(['open link conv_empty'])
    expect(chat.context().conversationId).toBe('conv_empty')
    chat.typeAndSend('First words')
    await flush()
    expect(chat.created).toEqual([])
    expect(chat.saved[0]?.conversationId).toBe('conv_empty')
  })

  it('opening another conversation leaves the reply streaming; it is saved where it belongs', async () => {
    let send: (event: TurnEvent) => void = () => {}
    const chat = await signedInChat(
      {
        history: async (id) => (id === 'conv_b' ? [row(900, 'user')] : []),
        stream: (s) => {
          send = s
          return () => {}
        },
      },
      'conv_a',
    )
    chat.typeAndSend('Long answer please')
    await flush()
    send({ type: 'reply.delta', text: 'The first part' })
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_b' })
    await flush()
    expect(chat.stops()).toBe(0)
    expect(chat.hasTag('streaming')).toBe(true)
    expect(chat.context().messages.map((m) => m.id)).toEqual(['msg_900_user'])
    send({ type: 'reply.delta', text: ', and the rest.' })
    send({ type: 'reply.done', result: reply('The first part, and the rest.') })
    await flush()
    expect(chat.saved[1]).toMatchObject({
      role: 'assistant',
      content: 'The first part, and the rest.',
      status: 'complete',
      conversationId: 'conv_a',
    })
    // Not shown in the conversation open now.
    expect(chat.context().messages.map((m) => m.id)).toEqual(['msg_900_user'])
    expect(chat.hasTag('busy')).toBe(false)
  })

  it('a regeneration finishing after its conversation was opened again takes the old reply’s place', async () => {
    let send: (event: TurnEvent) => void = () => {}
    const history = [row(1, 'user'), row(2, 'assistant')].map((m) => ({
      ...m,
      conversationId: 'conv_a',
    }))
    const chat = await signedInChat(
      {
        history: async (id) => (id === 'conv_a' ? history : []),
        stream: (s) => {
          send = s
          return () => {}
        },
      },
      'conv_a',
    )
    chat.actor.send({ type: 'message.regenerate' })
    await flush()
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_b' })
    await flush()
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_a' })
    await flush()
    send({ type: 'reply.done', result: reply('A better answer') })
    await flush()
    const regenerated = chat.saved.at(-1)!
    expect(chat.context().messages.map((m) => [m.id, m.content])).toEqual([
      ['msg_1_user', 'user 1'],
      [regenerated.id, 'A better answer'],
    ])
    expect(chat.context().versions).toEqual({
      [regenerated.id]: ['msg_2_assistant', regenerated.id],
    })
  })

  it('back in its conversation while it streams, the reply settles in place, once', async () => {
    let send: (event: TurnEvent) => void = () => {}
    const saved: ChatMessage[] = []
    const chat = await signedInChat(
      {
        history: async (id) => (id === 'conv_a' ? saved : []),
        save: async (message) => void saved.push(message),
        stream: (s) => {
          send = s
          return () => {}
        },
      },
      'conv_a',
    )
    chat.typeAndSend('Long answer please')
    await flush()
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_b' })
    await flush()
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_a' })
    await flush()
    send({ type: 'reply.done', result: reply('All of it.') })
    await flush()
    expect(chat.context().messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Long answer please'],
      ['assistant', 'All of it.'],
    ])
  })
})

// ---------------------------------------------------------------------------------------------
// Compare mode (docs/product/compare.md): the turn saves the question, then runs a comparison
// (the real compare machine here, its columns' effects faked) until a reply is picked.

/** The turn under a parent that records what it reports, as the app machine would route it. */
function startComparingTurn(
  fakes: {
    findKey?: (provider: string) => Promise<string | null>
    loadCompare?: () => Promise<void>
  } = {},
) {
  const effects: string[] = []
  const reports: EventObject[] = []
  const saved: ChatMessage[] = []
  const failures: ChatMessage[] = []
  const notices: string[] = []
  const comparisons: CompareInput[] = []
  const streams: Array<{ model: string; send: (event: ColumnEvent) => void; stopped: boolean }> = []
  let time = 1_700_000_000_000
  const column = compareColumnMachine.provide({
    actors: {
      'find model': fromPromise(
        async ({ input }: { input: { modelId: string } }) =>
          [GPT, CLAUDE].find((m) => m.id === input.modelId) ?? null,
      ),
      'find api key': fromPromise(
        async ({ input }: { input: { userId: string; provider: string } }) =>
          fakes.findKey ? fakes.findKey(input.provider) : `key-for-${input.provider}`,
      ),
      'stream reply': fromCallback<EventObject, StreamReplyInput>(({ input, sendBack }) => {
        effects.push(`stream ${input.model}`)
        const stream = { model: input.model, send: sendBack, stopped: false }
        streams.push(stream)
        return () => {
          stream.stopped = true
        }
      }),
      'save draft': fromPromise(async () => {}),
      'save reply': fromPromise(async ({ input }: { input: { message: ChatMessage } }) => {
        effects.push(`save reply ${input.message.modelId}`)
        saved.push(input.message)
      }),
    },
    actions: { 'log error': () => {} },
  })
  const turnLogic = turnMachine.provide({
    actors: {
      'recall drafts': fromPromise(async () => ({})),
      'create conversation': fromPromise(async () => {}),
      'save message': fromPromise(async ({ input }: { input: ChatMessage }) => {
        effects.push(`save ${input.role}`)
        saved.push(input)
      }),
      'find model': fromPromise(async (): Promise<ChatModel | null> => {
        effects.push('find model')
        return GPT
      }),
      'find api key': fromPromise(async (): Promise<string | null> => 'sk'),
      'stream reply': fromCallback<EventObject, StreamReplyInput>(({ input, sendBack }) => {
        effects.push(`call ${input.model}`)
        sendBack({ type: 'reply.done', result: reply('single') })
      }),
      'save reply': fromPromise(async ({ input }: { input: { message: ChatMessage } }) => {
        effects.push(`save ${input.message.role}`)
        saved.push(input.message)
      }),
      'load compare': fromPromise(async () => {
        effects.push('load compare')
        await fakes.loadCompare?.()
      }),
      'compare replies': compareMachine.provide({
        actors: {
          column,
          'read earlier': fromPromise(async (): Promise<ChatMessage[]> => []),
        },
      }),
    },
    actions: {
      notify: (_, notice: { message: string }) => void notices.push(notice.message),
      'log error': () => {},
      'store drafts': () => {},
      'store unsent': () => {},
      'drop unsent': () => {},
      'record failure': (_, { message }: { message: ChatMessage }) => void failures.push(message),
    },
  })
  const app = createActor(
    setup({ actors: { turn: turnLogic } }).createMachine({
      invoke: { id: 'turn', src: 'turn', input: { userId: 'user_1', now: () => (time += 1000) } },
      on: { '*': { actions: ({ event }) => void reports.push(event) } },
    }),
    {
      // Each comparison the turn starts, as it was given (its context holds its input).
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event' && inspection.event.type === 'xstate.init') {
          const ref = inspection.actorRef as AnyActorRef
          if (ref.id === 'comparer')
            queueMicrotask(() =>
              comparisons.push((ref.getSnapshot() as { context: CompareInput }).context),
            )
        }
      },
    },
  )
  app.start()
  const turn = app.getSnapshot().children.turn as unknown as ReturnType<
    typeof createActor<typeof turnMachine>
  >
  const comparer = () =>
    turn.getSnapshot().children.comparer as
      | ReturnType<typeof createActor<typeof compareMachine>>
      | undefined
  const earlier = [row(1, 'user'), row(2, 'assistant')]
  const send = (text: string) => {
    turn.send({ type: 'input.change', value: text })
    turn.send({
      type: 'message.send',
      conversationId: 'conv_1',
      earlier,
      parentId: 'msg_2_assistant',
    })
  }
  turn.send({ type: 'model.select', modelId: 'gpt-5' })
  return {
    turn,
    comparer,
    effects,
    reports,
    saved,
    failures,
    notices,
    comparisons,
    streams,
    send,
    earlier,
    context: () => turn.getSnapshot().context,
    reported: (type: string) => reports.filter((r) => r.type === type),
  }
}

describe('chat: compare mode', () => {
  it('a comparing send saves the question, then asks each chosen model with the same context', async () => {
    const chat = startComparingTurn()
    chat.turn.send({ type: 'systemPrompt.changed', prompt: PROMPT })
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] })
    chat.send('Which is better?')
    expect(chat.turn.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(chat.turn.getSnapshot().hasTag('comparing')).toBe(true)
    expect(chat.effects).toEqual([
      'save user',
      'load compare',
      'stream gpt-5',
      'stream claude-haiku-4-5',
    ])
    const question = chat.saved[0]!
    expect(question).toMatchObject({
      role: 'user',
      content: 'Which is better?',
      conversationId: 'conv_1',
    })
    // The question shows as a compared one: its replies are the columns'.
    expect(chat.reported('chat.rowShown')).toEqual([
      { type: 'chat.rowShown', message: question, versionOf: null, compared: true },
    ])
    expect(chat.comparisons).toHaveLength(1)
    expect(chat.comparisons[0]).toMatchObject({
      question,
      modelIds: ['gpt-5', 'claude-haiku-4-5'],
      earlierFrom: null,
      readsImages: true,
      turns: [
        { role: 'system', content: 'Talk like a pirate.' },
        { role: 'user', content: 'user 1' },
        { role: 'assistant', content: 'assistant 2' },
        { role: 'user', content: 'Which is better?' },
      ],
    })
  })

  it('the pick ends the turn: reported picked, compare mode off, the next send asks one model', async () => {
    const chat = startComparingTurn()
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] })
    chat.send('Which is better?')
    await flush()
    chat.streams[1]?.send({ type: 'reply.done', result: reply('Claude says') })
    await flush()
    const picked = chat.saved.find((m) => m.role === 'assistant')!
    chat.comparer()?.send({ type: 'compare.pick', index: 1 })
    await flush()
    // The other column, still streaming, is stopped with the comparison.
    expect(chat.streams[0]?.stopped).toBe(true)
    const [pick] = chat.reported('chat.replyPicked')
    expect(pick).toEqual({
      type: 'chat.replyPicked',
      conversationId: 'conv_1',
      messageId: picked.id,
      at: expect.any(String),
    })
    expect(Date.parse((pick as unknown as { at: string }).at)).toBeGreaterThan(
      Date.parse(picked.createdAt),
    )
    expect(chat.reported('chat.conversationActivity')).toHaveLength(2)
    expect(chat.turn.getSnapshot().matches('idle')).toBe(true)
    expect(chat.context()).toMatchObject({ compareWith: [], pending: null, failedTurn: null })
    chat.effects.length = 0
    chat.send('And now?')
    await flush()
    expect(chat.effects).toEqual(['save user', 'find model', 'call gpt-5', 'save assistant'])
  })

  it('Stop stops every column; what arrived is kept to pick', async () => {
    const chat = startComparingTurn()
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] })
    chat.send('Tell me a story')
    await flush()
    chat.streams[0]?.send({ type: 'reply.delta', text: 'Once upon' })
    chat.turn.send({ type: 'message.stop' })
    await flush()
    expect(chat.streams.map((s) => s.stopped)).toEqual([true, true])
    expect(chat.saved.filter((m) => m.role === 'assistant')).toMatchObject([
      { content: 'Once upon', status: 'stopped' },
    ])
    // Still comparing: the user picks or closes.
    expect(chat.turn.getSnapshot().hasTag('comparing')).toBe(true)
  })

  it('closed with nothing to pick: the question is marked failed, and Retry compares again', async () => {
    let key: string | null = null
    const chat = startComparingTurn({ findKey: async () => key })
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] })
    chat.send('Hello')
    await flush()
    expect(chat.streams).toEqual([])
    chat.comparer()?.send({ type: 'compare.close' })
    await flush()
    expect(chat.turn.getSnapshot().matches('idle')).toBe(true)
    expect(chat.failures.map((m) => m.failure)).toEqual(['Failed to send message'])
    expect(chat.context().failedTurn).toMatchObject({
      messageSaved: true,
      compareWith: ['gpt-5', 'claude-haiku-4-5'],
    })
    // No toast: each column said why.
    expect(chat.notices).toEqual([])
    expect(chat.reported('chat.replyPicked')).toEqual([])
    key = 'sk-added'
    chat.effects.length = 0
    chat.turn.send({ type: 'message.retry' })
    await flush()
    // The question is not saved again; the comparison runs again with the same models.
    expect(chat.effects).toEqual(['load compare', 'stream gpt-5', 'stream claude-haiku-4-5'])
    expect(chat.comparisons).toHaveLength(2)
    expect(chat.comparisons[1]?.question.id).toBe(chat.saved[0]?.id)
    expect(chat.turn.getSnapshot().hasTag('comparing')).toBe(true)
  })

  it('a comparison whose code does not load fails the turn with its message', async () => {
    const chat = startComparingTurn({
      loadCompare: async () =>
        Promise.reject(new Error('Failed to fetch dynamically imported module')),
    })
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] })
    chat.send('Hello')
    await flush()
    expect(chat.notices).toEqual(['Failed to fetch dynamically imported module'])
    expect(chat.context().failedTurn?.compareWith).toEqual(['gpt-5', 'claude-haiku-4-5'])
  })

  it('one model chosen, compare mode off, or an edit: one reply, as ever', async () => {
    const chat = startComparingTurn()
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5'] })
    chat.send('One')
    await flush()
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] })
    chat.turn.send({ type: 'compare.choose', modelIds: [] })
    chat.send('Two')
    await flush()
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] })
    chat.turn.send({
      type: 'message.edit',
      message: chat.saved[0]!,
      text: 'One, edited',
      conversationId: 'conv_1',
      earlier: chat.earlier,
      parentId: 'msg_2_assistant',
    })
    await flush()
    expect(chat.effects.filter((e) => e === 'load compare')).toEqual([])
    expect(chat.effects.filter((e) => e === 'call gpt-5')).toHaveLength(3)
    // Compare mode stays chosen for the next send.
    expect(chat.context().compareWith).toEqual(['gpt-5', 'claude-haiku-4-5'])
  })

  // A Stop while the comparison's code loads has no 'comparer' to go to: `running` alone takes it.
  it('Stop while the comparison loads leaves the turn working', async () => {
    const chat = startComparingTurn({ loadCompare: () => new Promise(() => {}) })
    chat.turn.send({ type: 'compare.choose', modelIds: ['gpt-5', 'claude-haiku-4-5'] })
    chat.send('Hello')
    await flush()
    expect(chat.turn.getSnapshot().matches({ sending: { comparing: 'loading' } })).toBe(true)
    chat.turn.send({ type: 'message.stop' })
    await flush()
    expect(chat.turn.getSnapshot().status).toBe('active')
  })

  const compareAgain = (
    chat: ReturnType<typeof startComparingTurn>,
    compareWith = ['gpt-5', 'claude-haiku-4-5'],
  ) => {
    const [first, answer] = chat.earlier as [ChatMessage, ChatMessage]
    const question = { ...first, conversationId: 'conv_1' }
    chat.turn.send({
      type: 'message.answer',
      question,
      conversationId: 'conv_1',
      earlier: [],
      parentId: null,
      compareWith,
      reply: answer,
    })
    return { question, answer }
  }

  it('compare again: an earlier question goes to each model with what came before it, saved once', async () => {
    const chat = startComparingTurn()
    chat.turn.send({ type: 'systemPrompt.changed', prompt: PROMPT })
    const { question } = compareAgain(chat)
    await flush()
    // Not saved again: the question is the one on screen.
    expect(chat.effects).toEqual(['load compare', 'stream gpt-5', 'stream claude-haiku-4-5'])
    expect(chat.reported('chat.rowShown')).toEqual([
      { type: 'chat.rowShown', message: question, versionOf: null, compared: true },
    ])
    expect(chat.comparisons[0]).toMatchObject({
      question,
      modelIds: ['gpt-5', 'claude-haiku-4-5'],
      turns: [
        { role: 'system', content: 'Talk like a pirate.' },
        { role: 'user', content: 'user 1' },
      ],
    })
    // Its replies answer that question: versions of the reply it had.
    chat.streams[0]?.send({ type: 'reply.done', result: reply('GPT again') })
    await flush()
    expect(chat.saved.filter((m) => m.role === 'assistant')).toMatchObject([
      { parentId: question.id, content: 'GPT again', modelId: 'gpt-5' },
    ])
    const picked = chat.saved.at(-1)!
    chat.comparer()?.send({ type: 'compare.pick', index: 0 })
    await flush()
    expect(chat.reported('chat.replyPicked')).toMatchObject([{ messageId: picked.id }])
    expect(chat.context()).toMatchObject({ pending: null, failedTurn: null })
  })

  it('compare again closed with nothing to pick: the question keeps the reply it had, nothing failed', async () => {
    const chat = startComparingTurn({ findKey: async () => null })
    const { answer } = compareAgain(chat)
    await flush()
    chat.comparer()?.send({ type: 'compare.close' })
    await flush()
    expect(chat.turn.getSnapshot().matches('idle')).toBe(true)
    // Its branch shows again, through the open conversation.
    expect(chat.reported('chat.replyPicked')).toMatchObject([
      { conversationId: 'conv_1', messageId: answer.id },
    ])
    expect(chat.failures).toEqual([])
    expect(chat.context().failedTurn).toBeNull()
  })

  it('compare again with fewer than two models answers with the model in use', async () => {
    const chat = startComparingTurn()
    compareAgain(chat, ['gpt-5'])
    await flush()
    expect(chat.effects).toEqual(['find model', 'call gpt-5', 'save assistant'])
  })
})
