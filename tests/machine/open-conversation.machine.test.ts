import { describe, expect, it } from 'vitest'
import type { HistoryPage } from '../../src/domain/history-page'
import { openConversationMachine } from '../../src/machines/open-conversation.machine'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'
import { flush, row, signedInChat, startChat } from './chat-harness'

// The open conversation (docs/product/conversations.md): which one is on screen, the deep
// link's early history, and its pages. The turn sends into it through the pair in
// chat-harness.ts, as the app machine routes them.

describe('open conversation: loading', () => {
  it('waits for the list to say which conversation, then loads its history', async () => {
    const asked: Array<string | null> = []
    const chat = startChat({
      history: async (conversationId) => {
        asked.push(conversationId)
        return [row(1, 'user'), row(2, 'assistant')]
      },
    })
    await flush()
    // The history waits for the conversations list to say which conversation to show.
    expect(chat.open.getSnapshot().matches('waiting')).toBe(true)
    expect(asked).toEqual([])
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_1' })
    await flush()
    expect(asked).toEqual(['conv_1'])
    expect(chat.context().messages.map((m) => m.id)).toEqual(['msg_1_user', 'msg_2_assistant'])
  })

  it('composes with the model the models actor chose, told before or after the conversation opens', async () => {
    const early = startChat()
    early.actor.send({ type: 'model.select', modelId: 'claude-haiku-4-5' })
    early.actor.send({ type: 'conversation.open', conversationId: 'conv_1' })
    early.typeAndSend('Hello')
    await flush()
    expect(early.calls.map((call) => call.model)).toEqual(['claude-haiku-4-5'])
    expect(early.saved.map((m) => m.modelId)).toEqual(['claude-haiku-4-5', 'claude-haiku-4-5'])

    const late = await signedInChat()
    late.actor.send({ type: 'model.select', modelId: 'claude-haiku-4-5' })
    late.typeAndSend('Hello')
    await flush()
    expect(late.calls.map((call) => call.model)).toEqual(['claude-haiku-4-5'])
  })

  it('a failed history load is only logged', async () => {
    const failure = new Error('history down')
    const chat = await signedInChat({ history: async () => Promise.reject(failure) })
    expect(chat.notices).toEqual([])
    expect(chat.logged).toEqual([failure])
    expect(chat.context().messages).toEqual([])
  })
})

describe("open conversation: the conversation's model", () => {
  it('a history that arrives tells the model of its newest message; an empty one tells none', async () => {
    const reply = { ...row(2, 'assistant'), modelId: 'claude-haiku-4-5' }
    const chat = startChat({
      history: async (id) => (id === 'conv_1' ? [row(1, 'user'), reply] : []),
    })
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_1' })
    await flush()
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_2' })
    await flush()
    chat.actor.send({ type: 'conversation.open', conversationId: null })
    await flush()
    expect(chat.modelsUsed).toEqual(['claude-haiku-4-5'])
  })
})

describe('open conversation: long conversations', () => {
  const rows = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) =>
      row(from + i, (from + i) % 2 === 1 ? 'user' : 'assistant'),
    )

  it('opens at the newest page; scrolling up puts the page before it first, once', async () => {
    const pages: Record<string, HistoryPage> = {
      msg_101_user: { messages: rows(1, 100), hasOlder: false },
    }
    const chat = await signedInChat({
      history: async () => ({ messages: rows(101, 200), hasOlder: true }),
      older: async (beforeId) => pages[beforeId] ?? { messages: [], hasOlder: false },
    })
    expect(chat.context().messages[0]?.id).toBe('msg_101_user')
    expect(chat.context().hasOlder).toBe(true)
    chat.actor.send({ type: 'history.older' })
    expect(chat.hasTag('loadingOlder')).toBe(true)
    chat.actor.send({ type: 'history.older' }) // already on its way: not asked twice
    await flush()
    expect(chat.effects).toEqual(['load older conv_1 before msg_101_user'])
    expect(chat.context().messages.map((m) => m.id)).toEqual(rows(1, 200).map((m) => m.id))
    expect(chat.context().hasOlder).toBe(false)
    chat.actor.send({ type: 'history.older' }) // nothing older: nothing asked
    await flush()
    expect(chat.effects).toHaveLength(1)
  })

  it('the context is the newest turns, whatever older pages are on screen', async () => {
    const chat = await signedInChat({
      history: async () => ({ messages: rows(101, 130), hasOlder: true }),
      older: async () => ({ messages: rows(1, 100), hasOlder: false }),
    })
    chat.actor.send({ type: 'history.older' })
    await flush()
    chat.typeAndSend('Next question')
    await flush()
    expect(chat.calls[0]?.messages.map((m) => m.content)).toEqual([
      ...rows(121, 130).map((m) => m.content),
      'Next question',
    ])
  })

  it('a page boundary read twice shows its message once; a failed page is only logged', async () => {
    const failure = new Error('offline')
    let fail = true
    const chat = await signedInChat({
      history: async () => ({ messages: rows(3, 4), hasOlder: true }),
      older: async () => {
        if (fail) throw failure
        return { messages: rows(1, 3), hasOlder: false }
      },
    })
    chat.actor.send({ type: 'history.older' })
    await flush()
    expect(chat.logged).toEqual([failure])
    expect(chat.notices).toEqual([])
    expect(chat.context().hasOlder).toBe(true) // scrolling up again asks again
    fail = false
    chat.actor.send({ type: 'history.older' })
    await flush()
    expect(chat.context().messages.map((m) => m.id)).toEqual(rows(1, 4).map((m) => m.id))
  })

  it('opening another conversation drops an older page still on its way', async () => {
    let answer: (page: HistoryPage) => void = () => {}
    const chat = await signedInChat({
      history: async (id) =>
        id === 'conv_1' ? { messages: rows(101, 200), hasOlder: true } : [row(900, 'user')],
      older: () => new Promise((resolve) => (answer = resolve)),
    })
    chat.actor.send({ type: 'history.older' })
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_2' })
    answer({ messages: rows(1, 100), hasOlder: false })
    await flush()
    expect(chat.context().messages.map((m) => m.id)).toEqual(['msg_900_user'])
    expect(chat.context().hasOlder).toBe(false)
  })
})

const ERR = new Error('boom')
const MODEL_EVENTS: ModelEvent[] = [
  { type: 'conversation.open', conversationId: 'conv_1' },
  { type: 'conversation.open', conversationId: null },
  { type: 'conversation.linked', conversationId: 'conv_1' },
  { type: 'conversation.starting', conversationId: 'conv_new' },
  { type: 'xstate.done.actor.linkedHistoryLoader', output: { messages: [], hasOlder: false } },
  {
    type: 'xstate.done.actor.linkedHistoryLoader',
    output: { messages: [row(1, 'user')], hasOlder: true },
  },
  { type: 'xstate.error.actor.linkedHistoryLoader', error: ERR },
  { type: 'xstate.done.actor.historyLoader', output: { messages: [], hasOlder: false } },
  {
    type: 'xstate.done.actor.historyLoader',
    output: { messages: [row(101, 'user'), row(102, 'assistant')], hasOlder: true },
  },
  { type: 'xstate.error.actor.historyLoader', error: ERR },
  { type: 'history.older' },
  {
    type: 'xstate.done.actor.olderHistoryLoader',
    output: { messages: [row(1, 'user')], hasOlder: false },
  },
  { type: 'xstate.error.actor.olderHistoryLoader', error: ERR },
  { type: 'message.send' },
  { type: 'message.regenerate' },
  { type: 'turn.shown', message: { ...row(200, 'user'), conversationId: 'conv_1' } },
  { type: 'turn.hidden', messageId: 'msg_102_assistant' },
]

describe('open conversation machine model', () => {
  it('walks every declared transition; what is on screen always belongs to the open one', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: openConversationMachine,
      inputs: [{ userId: 'user_1' }],
      deferredActors: ['load history', 'load older history'],
      noopActions: ['log error', 'ask to send', 'ask to regenerate', 'report model used'],
      events: MODEL_EVENTS,
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.conversationId,
          s.context.linkedId,
          s.context.hasOlder,
          s.context.messages.map((m) => m.id),
        ]),
      tags: ['loadingHistory', 'loadingOlder'],
      check: ({ snapshot, where }) => {
        // Never a row twice, and never one of a conversation other than the open one
        // (`row` has none: a page's rows are the open conversation's).
        const ids = snapshot.context.messages.map((m) => m.id)
        expect(new Set(ids).size, where).toBe(ids.length)
        for (const m of snapshot.context.messages)
          if (m.conversationId !== undefined && m.conversationId !== null)
            expect(m.conversationId, where).toBe(snapshot.context.conversationId)
      },
    })
    expect(replays).toBeGreaterThan(10)
    expect(missing).toEqual([])
  }, 120_000)
})
