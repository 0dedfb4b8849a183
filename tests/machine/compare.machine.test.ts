import { describe, expect, it } from 'vitest'
import { createActor, type EventObject, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import type { ContextTurn } from '../../src/domain/chat-context'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { ChatModel } from '../../src/domain/chat-model'
import type { ChatUsage } from '../../src/domain/chat-types'
import { columnId, compareMachine } from '../../src/machines/compare.machine'
import { type ColumnEvent, compareColumnMachine } from '../../src/machines/compare-column.machine'
import { CHAT_MESSAGES, type StreamReplyInput } from '../../src/machines/turn-state'
import { settles, walkEveryTransition } from '../support/model-walk'
import { CLAUDE, flush, GPT, row } from './chat-harness'

// A comparison (docs/product/compare.md): one saved question asked of two to four models,
// each column streaming, saving and failing on its own, until the user picks one reply.

import { GEMINI, QUESTION, T, TURNS, USAGE } from './compare-fixtures'

interface Fakes {
  findModel?: (modelId: string) => Promise<ChatModel | null>
  findKey?: (provider: string) => Promise<string | null>
  earlier?: (messageId: string) => Promise<ChatMessage[]>
  saveReply?: (message: ChatMessage) => Promise<void>
}

/** One call a column made: what it was given, and the handle to drive its stream. */
interface Call {
  input: StreamReplyInput
  send: (event: ColumnEvent) => void
  stopped: boolean
}

/** The comparison with recording fakes; `now` is a fixed clock unless advanced. */
function startCompare(
  modelIds: readonly string[],
  fakes: Fakes = {},
  options: { earlierFrom?: string | null; turns?: ContextTurn[] } = {},
) {
  const effects: string[] = []
  const drafts: ChatMessage[] = []
  const saved: ChatMessage[] = []
  const calls: Call[] = []
  const logged: unknown[] = []
  const clock = new SimulatedClock()
  let time = T
  const models = [GPT, CLAUDE, GEMINI]
  const column = compareColumnMachine.provide({
    actors: {
      'find model': fromPromise(async ({ input }: { input: { modelId: string } }) => {
        effects.push(`${input.modelId}: find model`)
        if (fakes.findModel) return fakes.findModel(input.modelId)
        return models.find((m) => m.id === input.modelId) ?? null
      }),
      'find api key': fromPromise(
        async ({ input }: { input: { userId: string; provider: string } }) => {
          effects.push(`${input.provider}: find key for ${input.userId}`)
          return fakes.findKey ? fakes.findKey(input.provider) : `key-for-${input.provider}`
        },
      ),
      'stream reply': fromCallback<EventObject, StreamReplyInput>(({ input, sendBack }) => {
        effects.push(`${input.model}: stream`)
        const call: Call = { input, send: sendBack, stopped: false }
        calls.push(call)
        return () => {
          call.stopped = true
        }
      }),
      'save draft': fromPromise(async ({ input }: { input: { message: ChatMessage } }) => {
        effects.push(`${input.message.modelId}: save draft "${input.message.content}"`)
        drafts.push(input.message)
      }),
      'save reply': fromPromise(async ({ input }: { input: { message: ChatMessage } }) => {
        effects.push(`${input.message.modelId}: save reply ${input.message.status}`)
        await fakes.saveReply?.(input.message)
        saved.push(input.message)
      }),
    },
    actions: { 'log error': (_, { error }: { error: unknown }) => void logged.push(error) },
  })
  const reads: string[] = []
  const actor = createActor(
    compareMachine.provide({
      actors: {
        column,
        'read earlier': fromPromise(
          async ({ input }: { input: { conversationId: string; messageId: string } }) => {
            reads.push(`${input.conversationId} to ${input.messageId}`)
            effects.push('read earlier')
            return fakes.earlier ? fakes.earlier(input.messageId) : []
          },
        ),
      },
    }),
    {
      clock,
      input: {
        question: QUESTION,
        turns: options.turns ?? TURNS,
        earlierFrom: options.earlierFrom ?? null,
        readsImages: true,
        modelIds,
        now: () => time,
      },
    },
  )
  actor.start()
  const columnOf = (index: number) =>
    actor.getSnapshot().children[columnId(index)] as
      | ReturnType<typeof createActor<typeof compareColumnMachine>>
      | undefined
  const col = (index: number) => {
    const snapshot = columnOf(index)?.getSnapshot()
    if (!snapshot) throw new Error(`no column ${index}`)
    return snapshot
  }
  /** The call of the column asking `modelId`, the newest. */
  const callOf = (modelId: string) => {
    const call = calls.filter((c) => c.input.model === modelId).at(-1)
    if (!call) throw new Error(`no call to ${modelId}`)
    return call
  }
  return {
    actor,
    clock,
    effects,
    drafts,
    saved,
    calls,
    logged,
    reads,
    col,
    columnOf,
    callOf,
    context: () => actor.getSnapshot().context,
    setTime: (next: number) => {
      time = next
    },
  }
}

const done = (content: string, usage: ChatUsage = USAGE): ColumnEvent => ({
  type: 'reply.done',
  result: { content, model: 'm', usage },
})

describe('compare: columns side by side', () => {
  it('asks each model in its own column; each reply is its own row after the question', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'])
    await flush()
    expect(compare.calls.map((c) => [c.input.provider, c.input.apiKey, c.input.model])).toEqual([
      ['openai', 'key-for-openai', 'gpt-5'],
      ['Anthropic', 'key-for-Anthropic', 'claude-haiku-4-5'],
    ])
    // Every column is sent the same context.
    expect(compare.calls.map((c) => c.input.messages)).toEqual([TURNS, TURNS])
    expect(compare.col(0).hasTag('streaming')).toBe(true)
    compare.callOf('claude-haiku-4-5').send({ type: 'reply.delta', text: 'Arr' })
    compare.callOf('claude-haiku-4-5').send(done('Arr, the first.'))
    compare.callOf('gpt-5').send(done('The second.', { ...USAGE, totalTokens: 99 }))
    await flush()
    const [claude, gpt] = compare.saved
    // Started in one millisecond, the columns' rows are a millisecond apart: distinct ids.
    expect(gpt).toMatchObject({
      id: `msg_${T}_assistant`,
      createdAt: new Date(T).toISOString(),
      modelId: 'gpt-5',
      role: 'assistant',
      content: 'The second.',
      parentId: QUESTION.id,
      conversationId: 'conv_1',
      systemPromptId: 'prompt_1',
      userId: 'user_1',
      status: 'complete',
      promptTokens: 12,
      completionTokens: 3,
      totalTokens: 99,
    })
    expect(claude).toMatchObject({
      id: `msg_${T + 1}_assistant`,
      modelId: 'claude-haiku-4-5',
      content: 'Arr, the first.',
      parentId: QUESTION.id,
      status: 'complete',
      totalTokens: 15,
    })
    // What the call writes if the page goes away: the same row, empty, interrupted.
    expect(compare.callOf('gpt-5').input.reply).toMatchObject({
      id: gpt?.id,
      content: '',
      status: 'interrupted',
    })
    expect(compare.context().saved).toEqual([gpt, claude])
    expect(compare.col(0).hasTag('settled')).toBe(true)
    expect(compare.col(1).context.error).toBeNull()
  })

  it('four at most, each once', async () => {
    const compare = startCompare(['gpt-5', 'gpt-5', 'claude-haiku-4-5', 'gemini-3', 'a', 'b'])
    await flush()
    expect(compare.context().modelIds).toEqual(['gpt-5', 'claude-haiku-4-5', 'gemini-3', 'a'])
    expect(compare.calls.map((c) => c.input.model)).toEqual([
      'gpt-5',
      'claude-haiku-4-5',
      'gemini-3',
    ])
    // The fourth model is gone: said in its column.
    expect(compare.col(3).context.error).toBe(CHAT_MESSAGES.modelNotFound)
    expect(compare.columnOf(4)).toBeUndefined()
  })

  it('effects run in order: find model, find key, stream, draft saves, the reply', async () => {
    const compare = startCompare(['gpt-5'])
    await flush()
    const call = compare.callOf('gpt-5')
    call.send({ type: 'reply.delta', text: 'Hi' })
    await flush()
    call.send({ type: 'reply.delta', text: ' there' })
    await flush()
    // At most a second behind: nothing more until the interval passes.
    compare.clock.increment(999)
    await flush()
    expect(compare.drafts.map((d) => d.content)).toEqual(['Hi'])
    compare.clock.increment(1)
    await flush()
    compare.clock.increment(5000) // nothing new arrived: nothing written again
    await flush()
    call.send(done('Hi there!'))
    await flush()
    expect(compare.effects).toEqual([
      'gpt-5: find model',
      'openai: find key for user_1',
      'gpt-5: stream',
      'gpt-5: save draft "Hi"',
      'gpt-5: save draft "Hi there"',
      'gpt-5: save reply complete',
    ])
    // The drafts and the reply are one row.
    expect(new Set([...compare.drafts, ...compare.saved].map((m) => m.id)).size).toBe(1)
    expect(compare.drafts.map((d) => d.status)).toEqual(['streaming', 'streaming'])
  })
})

describe('compare: a column fails on its own', () => {
  it("a 429 in one column is said there; the other column's reply comes in", async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'])
    await flush()
    const limited = new Error('Anthropic API error: 429 rate limit exceeded')
    compare.callOf('claude-haiku-4-5').send({
      type: 'reply.failed',
      error: limited,
      partial: '',
      usage: null,
    })
    await flush()
    expect(compare.col(1).context.error).toBe('Anthropic API error: 429 rate limit exceeded')
    expect(compare.col(1).hasTag('settled')).toBe(true)
    expect(compare.logged).toEqual([limited])
    // The other column goes on.
    expect(compare.col(0).hasTag('streaming')).toBe(true)
    compare.callOf('gpt-5').send(done('Fine.'))
    await flush()
    expect(compare.saved.map((m) => [m.modelId, m.status])).toEqual([['gpt-5', 'complete']])
    expect(compare.col(0).context.error).toBeNull()
    // The failed column has nothing to pick.
    compare.actor.send({ type: 'compare.pick', index: 1 })
    expect(compare.actor.getSnapshot().status).toBe('active')
    compare.actor.send({ type: 'compare.pick', index: 0 })
    expect(compare.actor.getSnapshot().output).toEqual({ reply: compare.saved[0] })
  })

  it('a stream that breaks off keeps what arrived, marked interrupted, with its usage', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'])
    await flush()
    compare.callOf('gpt-5').send({ type: 'reply.delta', text: 'Half' })
    compare.callOf('gpt-5').send({
      type: 'reply.failed',
      error: new Error(''),
      partial: 'Half an answer',
      usage: USAGE,
    })
    await flush()
    expect(compare.saved).toMatchObject([
      { content: 'Half an answer', status: 'interrupted', totalTokens: 15 },
    ])
    // A failure without a message: the fallback.
    expect(compare.col(0).context.error).toBe(CHAT_MESSAGES.sendFailed)
    expect(compare.context().saved[0]).toEqual(compare.saved[0])
  })

  it('a missing key and a missing model are said in their columns; nothing is called', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5', 'gone'], {
      findKey: async (provider) => (provider === 'Anthropic' ? null : 'sk'),
    })
    await flush()
    expect(compare.col(1).context.error).toBe(CHAT_MESSAGES.missingKey('Anthropic'))
    expect(compare.col(1).context.error).toBe(
      'No API key found for Anthropic. Please add your API key in the model settings.',
    )
    expect(compare.col(2).context.error).toBe('Model not found')
    expect(compare.calls.map((c) => c.input.model)).toEqual(['gpt-5'])
    expect([1, 2].map((i) => compare.col(i).hasTag('settled'))).toEqual([true, true])
    expect(compare.effects.filter((e) => e.startsWith('gone'))).toEqual(['gone: find model'])
  })

  it('a look-up or a save that fails is said in the column', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'], {
      findModel: async (id) => {
        if (id === 'gpt-5') throw new Error('Network down')
        return CLAUDE
      },
      saveReply: async () => Promise.reject(new Error('Record could not be saved')),
    })
    await flush()
    expect(compare.col(0).context.error).toBe('Network down')
    compare.callOf('claude-haiku-4-5').send(done('Hi'))
    await flush()
    expect(compare.col(1).context.error).toBe('Record could not be saved')
    // Not saved: nothing to pick, so the comparison can be closed.
    expect(compare.context().saved).toEqual([null, null])
    compare.actor.send({ type: 'compare.close' })
    expect(compare.actor.getSnapshot().output).toEqual({ reply: null })
  })
})

describe('compare: Stop, Regenerate, Pick and Close', () => {
  it('Stop with text saves it, marked stopped; Stop before any text saves nothing', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'])
    await flush()
    compare.callOf('gpt-5').send({ type: 'reply.delta', text: 'Once upon' })
    compare.columnOf(0)?.send({ type: 'column.stop' })
    compare.columnOf(1)?.send({ type: 'column.stop' })
    expect(compare.calls.map((c) => c.stopped)).toEqual([true, true])
    await flush()
    expect(compare.saved.map((m) => [m.modelId, m.content, m.status])).toEqual([
      ['gpt-5', 'Once upon', 'stopped'],
    ])
    expect(compare.col(1).context).toMatchObject({ status: 'stopped', reply: null, error: null })
    // Pieces of an aborted stream that still arrive change nothing.
    compare.callOf('gpt-5').send({ type: 'reply.delta', text: ' a time' })
    expect(compare.col(0).context.text).toBe('Once upon')
  })

  it('Stop while the model is looked up ends the column without calling it', async () => {
    let found: (model: ChatModel | null) => void = () => {}
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'], {
      findModel: () => new Promise((resolve) => (found = resolve)),
    })
    await flush()
    compare.actor.send({ type: 'compare.stop' })
    found(GPT)
    await flush()
    expect(compare.calls).toEqual([])
    expect([0, 1].map((i) => compare.col(i).context.status)).toEqual(['stopped', 'stopped'])
    compare.actor.send({ type: 'compare.close' })
    expect(compare.actor.getSnapshot().output).toEqual({ reply: null })
  })

  it('compare.stop stops every column still streaming; a column already in stays as it is', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5', 'gemini-3'])
    await flush()
    compare.callOf('gemini-3').send(done('Done early'))
    compare.callOf('gpt-5').send({ type: 'reply.delta', text: 'Partly' })
    await flush()
    compare.actor.send({ type: 'compare.stop' })
    await flush()
    expect(compare.calls.map((c) => [c.input.model, c.stopped])).toEqual([
      ['gpt-5', true],
      ['claude-haiku-4-5', true],
      ['gemini-3', true],
    ])
    expect(compare.saved.map((m) => [m.modelId, m.status])).toEqual([
      ['gemini-3', 'complete'],
      ['gpt-5', 'stopped'],
    ])
    expect([0, 1, 2].map((i) => compare.col(i).hasTag('settled'))).toEqual([true, true, true])
    expect(compare.actor.getSnapshot().value).toBe('running')
  })

  it('Regenerate asks again under a new id; the earlier saved reply stays the one to pick until the new one is saved', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'])
    await flush()
    compare.callOf('gpt-5').send(done('First'))
    await flush()
    const first = compare.saved[0]!
    compare.setTime(T + 60_000)
    compare.columnOf(0)?.send({ type: 'column.regenerate' })
    await flush()
    const again = compare.callOf('gpt-5')
    expect(again.input.reply.id).toBe(`msg_${T + 60_000}_assistant`)
    expect(again.input.reply.id).not.toBe(first.id)
    expect(compare.col(0).context).toMatchObject({ reply: null, error: null, text: '' })
    // The new attempt fails: the comparison still holds the earlier reply.
    again.send({
      type: 'reply.failed',
      error: new Error('429 Too Many Requests'),
      partial: '',
      usage: null,
    })
    await flush()
    expect(compare.col(0).context.error).toBe('429 Too Many Requests')
    expect(compare.context().saved[0]).toEqual(first)
    // A second regeneration succeeds: its reply is the newest, a version beside the first.
    compare.setTime(T + 120_000)
    compare.columnOf(0)?.send({ type: 'column.regenerate' })
    await flush()
    compare.callOf('gpt-5').send(done('Second'))
    await flush()
    const second = compare.saved.at(-1)!
    expect(second).toMatchObject({ id: `msg_${T + 120_000}_assistant`, parentId: QUESTION.id })
    expect(compare.saved.map((m) => m.content)).toEqual(['First', 'Second'])
    expect(compare.context().saved[0]).toEqual(second)
    compare.actor.send({ type: 'compare.pick', index: 0 })
    expect(compare.actor.getSnapshot().output).toEqual({ reply: second })
  })

  it('Regenerate after a failure gives a new row; a streaming column takes no regenerate', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'])
    await flush()
    compare
      .callOf('gpt-5')
      .send({ type: 'reply.failed', error: new Error('429'), partial: '', usage: null })
    await flush()
    const failedId = compare.callOf('gpt-5').input.reply.id
    compare.setTime(T + 5000)
    compare.columnOf(0)?.send({ type: 'column.regenerate' })
    compare.columnOf(1)?.send({ type: 'column.regenerate' }) // still streaming: ignored
    await flush()
    expect(compare.calls.map((c) => c.input.model)).toEqual(['gpt-5', 'claude-haiku-4-5', 'gpt-5'])
    compare.callOf('gpt-5').send(done('Better'))
    await flush()
    expect(compare.saved.map((m) => m.id)).toEqual([`msg_${T + 5000}_assistant`])
    expect(compare.saved[0]?.id).not.toBe(failedId)
    expect(compare.col(0).context.error).toBeNull()
  })

  it('Pick takes only a saved reply; the comparison ends with it', async () => {
    let release: () => void = () => {}
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'], {
      saveReply: () => new Promise<void>((resolve) => (release = resolve)),
    })
    await flush()
    compare.actor.send({ type: 'compare.pick', index: 0 }) // nothing yet
    compare.callOf('gpt-5').send(done('Saved soon'))
    await flush()
    compare.actor.send({ type: 'compare.pick', index: 0 }) // being saved: not yet
    compare.actor.send({ type: 'compare.pick', index: 5 }) // no such column
    expect(compare.actor.getSnapshot().value).toBe('running')
    release()
    await flush()
    compare.actor.send({ type: 'compare.pick', index: 0 })
    expect(compare.actor.getSnapshot().status).toBe('done')
    expect(compare.actor.getSnapshot().output).toEqual({ reply: compare.saved[0] })
    // The columns end with it: a stream still running is stopped.
    expect(compare.callOf('claude-haiku-4-5').stopped).toBe(true)
  })

  it('Close only when nothing can be picked', async () => {
    const compare = startCompare(['gpt-5', 'claude-haiku-4-5'])
    await flush()
    compare.callOf('gpt-5').send(done('Here'))
    await flush()
    compare.actor.send({ type: 'compare.close' })
    expect(compare.actor.getSnapshot().value).toBe('running')

    const empty = startCompare(['gpt-5', 'claude-haiku-4-5'], { findKey: async () => null })
    await flush()
    empty.actor.send({ type: 'compare.close' })
    expect(empty.actor.getSnapshot().status).toBe('done')
    expect(empty.actor.getSnapshot().output).toEqual({ reply: null })
  })
})

describe('compare: the earlier context', () => {
  it('read from the stored path: the system turns, the last earlier messages, the question', async () => {
    const path = Array.from({ length: 14 }, (_, i) => row(i + 1, i % 2 ? 'assistant' : 'user'))
    const compare = startCompare(
      ['gpt-5', 'claude-haiku-4-5'],
      { earlier: async () => path },
      {
        earlierFrom: 'msg_14_assistant',
        turns: [
          { role: 'system', content: 'Talk like a pirate.' },
          { role: 'user', content: 'only what the page held' },
          { role: 'user', content: 'Which is better?' },
        ],
      },
    )
    expect(compare.actor.getSnapshot().value).toBe('readingEarlier')
    expect(compare.columnOf(0)).toBeUndefined()
    await flush()
    expect(compare.reads).toEqual(['conv_1 to msg_14_assistant'])
    const expected = [
      { role: 'system', content: 'Talk like a pirate.' },
      ...path.slice(4).map(({ role, content }) => ({ role, content })),
      { role: 'user', content: 'Which is better?' },
    ]
    expect(compare.calls.map((c) => c.input.messages)).toEqual([expected, expected])
    expect(compare.effects.slice(0, 2)).toEqual(['read earlier', 'gpt-5: find model'])
  })

  it('a failed read ends the comparison with nothing asked', async () => {
    const compare = startCompare(
      ['gpt-5', 'claude-haiku-4-5'],
      { earlier: async () => Promise.reject(new Error('offline')) },
      { earlierFrom: 'msg_14_assistant' },
    )
    await flush()
    expect(compare.actor.getSnapshot().output).toEqual({ reply: null })
    expect(compare.calls).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Model-based test: every transition of the comparison walked on a real actor (a column's are
// walked in compare-column.machine.test.ts).

const REPLY = (index: number): ChatMessage => ({
  ...row(2, 'assistant', QUESTION.id),
  id: `msg_${T + index}_assistant`,
})

describe('compare machine model', () => {
  it('walks every declared transition, with and without an earlier read', async () => {
    const input = {
      question: QUESTION,
      turns: TURNS,
      earlierFrom: null,
      readsImages: true,
      modelIds: ['gpt-5', 'claude-haiku-4-5'],
      now: () => T,
    }
    const { replays, missing } = await walkEveryTransition({
      machine: compareMachine,
      inputs: [input, { ...input, earlierFrom: 'msg_2_assistant' }],
      deferredActors: ['read earlier'],
      // The columns are walked on their own: here each is a child that only listens.
      fixedActors: { column: fromCallback(() => () => {}) },
      events: [
        ...settles('earlierReader', [row(1, 'user'), row(2, 'assistant')]),
        { type: 'column.saved', index: 0, reply: REPLY(0) },
        { type: 'column.saved', index: 1, reply: REPLY(1) },
        { type: 'compare.pick', index: 0 },
        { type: 'compare.pick', index: 1 },
        { type: 'compare.stop' },
        { type: 'compare.close' },
      ],
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.earlierFrom !== null,
          s.context.saved.map((reply) => reply !== null),
          s.context.chosen?.id ?? null,
        ]),
      tags: [],
      check: ({ snapshot, where }) => {
        // No column before the context is read; running, one per model.
        const columns = Object.keys(snapshot.children).filter((id) => id.startsWith('column'))
        if (snapshot.value === 'readingEarlier') expect(columns, where).toEqual([])
        if (snapshot.value === 'running') expect(columns, where).toEqual([columnId(0), columnId(1)])
        // The output is a saved reply, or none.
        if (snapshot.status === 'done') {
          const { reply } = snapshot.output as { reply: ChatMessage | null }
          if (reply) expect(snapshot.context.saved, where).toContainEqual(reply)
        }
      },
    })
    expect(replays).toBeGreaterThan(10)
    expect(missing).toEqual([])
  })
})
