import { describe, expect, it } from 'vitest'
import { fromCallback } from 'xstate'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { Conversation } from '../../src/domain/conversation'
import { CONVERSATION_MESSAGES } from '../../src/domain/conversation-messages'
import type { HistoryPage } from '../../src/domain/history-page'
import { openConversationMachine } from '../../src/machines/open-conversation.machine'
import { type ModelEvent, walkEveryTransition } from '../support/model-walk'
import { flush, manualStream, reply, row, signedInChat, startChat } from './chat-harness'

// The open conversation (docs/product/conversations.md): which one is on screen, the deep
// link's early history, and its pages. The turn sends into it through the pair in
// chat-harness.ts, as the app machine routes them.

describe('open conversation: loading', () => {
  it('without a link, waits for the list, then opens its latest and loads its history', async () => {
    const asked: Array<string | null> = []
    const chat = startChat({
      history: async (conversationId) => {
        asked.push(conversationId)
        return [row(1, 'user'), row(2, 'assistant')]
      },
    })
    await flush()
    // The history waits for the conversations list to say which conversation to show.
    expect(chat.open.getSnapshot().matches('awaitingList')).toBe(true)
    expect(asked).toEqual([])
    chat.actor.send({ type: 'list.latest', conversationId: 'conv_1' })
    await flush()
    expect(asked).toEqual(['conv_1'])
    expect(chat.context().messages.map((m) => m.id)).toEqual(['msg_1_user', 'msg_2_assistant'])
    // The start's address is rewritten, not a new entry of the browser's history.
    expect(chat.addresses).toEqual(['replace conv_1'])
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

const LISTED = (id: string): Conversation => ({
  id,
  userId: 'user_1',
  title: `Chat ${id}`,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
})

describe('open conversation: which one is open, and the address', () => {
  it('with no conversations, or no list, the start is a new chat', async () => {
    const chat = startChat()
    chat.actor.send({ type: 'list.latest', conversationId: null })
    await flush()
    expect(chat.context().conversationId).toBeNull()
    expect(chat.open.getSnapshot().matches('loaded')).toBe(true)
    expect(chat.addresses).toEqual(['replace (new chat)'])
  })

  it('a first message sent before the list arrives stays open: the list opens nothing over it', async () => {
    const chat = startChat({ history: async () => [row(1, 'user')] })
    chat.signIn()
    chat.typeAndSend('Hi')
    await flush()
    const own = chat.created[0]!.id
    chat.actor.send({ type: 'list.latest', conversationId: 'conv_1' })
    await flush()
    expect(chat.context().conversationId).toBe(own)
    expect(chat.context().messages.map((m) => m.content)).toEqual(['Hi', '**hi**'])
  })

  it('New chat and another conversation are new entries of the history; the open one again does nothing', async () => {
    let loads = 0
    const chat = await signedInChat({
      history: async () => {
        loads++
        return [row(1, 'user')]
      },
    })
    expect(chat.addresses).toEqual(['push conv_1'])
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_1' })
    await flush()
    expect(loads).toBe(1)
    chat.actor.send({ type: 'conversation.open', conversationId: null })
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_2' })
    await flush()
    expect(chat.addresses).toEqual(['push conv_1', 'push (new chat)', 'push conv_2'])
    expect(chat.context().conversationId).toBe('conv_2')
  })

  it('Back and Forward open what the address names once its row is found, leaving the address be', async () => {
    const chat = await signedInChat({
      find: async (id) => LISTED(id),
      history: async (id) => (id === 'conv_2' ? [row(5, 'user')] : [row(1, 'user')]),
    })
    chat.addresses.length = 0
    chat.moveAddress('conv_2')
    await flush()
    expect(chat.context().conversationId).toBe('conv_2')
    expect(chat.context().messages.map((m) => m.content)).toEqual(['user 5'])
    chat.moveAddress(null)
    await flush()
    expect(chat.context().conversationId).toBeNull()
    expect(chat.context().messages).toEqual([])
    chat.moveAddress(null) // a new chat already: nothing changes
    await flush()
    expect(chat.addresses).toEqual([])
    expect(chat.notices).toEqual([])
  })

  it("Back to a conversation deleted since says 'Conversation not found', opens a new chat and rewrites the address", async () => {
    const chat = await signedInChat({ find: async () => null })
    chat.addresses.length = 0
    chat.moveAddress('conv_gone')
    await flush()
    expect(chat.notices).toEqual([{ kind: 'error', message: CONVERSATION_MESSAGES.notFound }])
    expect(chat.context().conversationId).toBeNull()
    expect(chat.addresses).toEqual(['replace (new chat)'])
  })

  it("a failed check of a link says 'Failed to load conversations' and opens a new chat", async () => {
    const chat = startChat({ link: 'conv_a', find: async () => Promise.reject(new Error('down')) })
    await flush()
    expect(chat.notices).toEqual([{ kind: 'error', message: CONVERSATION_MESSAGES.loadFailed }])
    expect(chat.context().conversationId).toBeNull()
    expect(chat.addresses).toEqual(['replace (new chat)'])
  })

  it('deleting the open conversation opens a new chat; deleting another leaves it open', async () => {
    const chat = await signedInChat({ history: async () => [row(1, 'user')] })
    chat.addresses.length = 0
    chat.actor.send({ type: 'conversation.deleted', conversationId: 'conv_other' })
    await flush()
    expect(chat.context().conversationId).toBe('conv_1')
    chat.actor.send({ type: 'conversation.deleted', conversationId: 'conv_1' })
    await flush()
    expect(chat.context().conversationId).toBeNull()
    expect(chat.context().messages).toEqual([])
    expect(chat.addresses).toEqual(['replace (new chat)'])
  })

  it("a new conversation's first saved message puts it in the address, unless another is open by then", async () => {
    const chat = await signedInChat({}, null)
    chat.addresses.length = 0
    chat.typeAndSend('Hello')
    await flush()
    const own = chat.created[0]!.id
    chat.actor.send({ type: 'conversation.saved', conversationId: own })
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_2' })
    chat.actor.send({ type: 'conversation.saved', conversationId: own })
    expect(chat.addresses).toEqual([`replace ${own}`, 'push conv_2'])
  })
})

describe("open conversation: the conversation's total", () => {
  const SPENT = [
    { modelId: 'gpt-5', replies: 7, promptTokens: 700, completionTokens: 70, totalTokens: 770 },
  ]

  it('is read after its history, and again after each message saved in it; not for another', async () => {
    const chat = await signedInChat({
      history: async () => [row(1, 'user'), row(2, 'assistant')],
      spend: async () => SPENT,
    })
    expect(chat.spendReads).toEqual(['conv_1'])
    expect(chat.context().spent).toEqual(SPENT)
    chat.actor.send({ type: 'conversation.activity', conversationId: 'conv_other', at: '' })
    await flush()
    expect(chat.spendReads).toEqual(['conv_1'])
    chat.typeAndSend('More')
    await flush()
    // After the question was saved, and after its reply was.
    expect(chat.spendReads).toEqual(['conv_1', 'conv_1', 'conv_1'])
  })

  it('opening another starts from the replies on screen; a read for the one before is dropped', async () => {
    let answer: (rows: typeof SPENT) => void = () => {}
    const chat = await signedInChat({
      history: async () => [row(1, 'user')],
      spend: (id) =>
        id === 'conv_1' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve([]),
    })
    chat.actor.send({ type: 'conversation.open', conversationId: null })
    expect(chat.context().spent).toBeNull()
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_2' })
    await flush()
    answer(SPENT)
    await flush()
    expect(chat.spendReads).toEqual(['conv_1', 'conv_2'])
    expect(chat.context().spent).toEqual([])
  })

  it('a failed read is only logged: the replies on screen stand in', async () => {
    const failure = new Error('sql down')
    const chat = await signedInChat({ spend: async () => Promise.reject(failure) })
    expect(chat.logged).toEqual([failure])
    expect(chat.notices).toEqual([])
    expect(chat.context().spent).toBeNull()
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
      msg_100_assistant: { messages: rows(1, 100), hasOlder: false, versions: {} },
    }
    const chat = await signedInChat({
      history: async () => ({ messages: rows(101, 200), hasOlder: true }),
      older: async (parentId) => pages[parentId] ?? { messages: [], hasOlder: false, versions: {} },
    })
    expect(chat.context().messages[0]?.id).toBe('msg_101_user')
    expect(chat.context().hasOlder).toBe(true)
    chat.actor.send({ type: 'history.older' })
    expect(chat.hasTag('loadingOlder')).toBe(true)
    chat.actor.send({ type: 'history.older' }) // already on its way: not asked twice
    await flush()
    expect(chat.effects).toEqual(['load older conv_1 from msg_100_assistant'])
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

  it("a search's message far up: older pages are read until it is on screen, then it is shown once", async () => {
    const pages: Record<string, Partial<HistoryPage>> = {
      msg_200_assistant: { messages: rows(101, 200), hasOlder: true },
      msg_100_assistant: { messages: rows(1, 100), hasOlder: false },
    }
    const chat = await signedInChat({
      history: async () => ({ messages: rows(201, 300), hasOlder: true }),
      older: async (parentId) => pages[parentId] ?? [],
    })
    // The open one, at a message of its first page.
    chat.actor.send({
      type: 'conversation.open',
      conversationId: 'conv_1',
      messageId: 'msg_51_user',
    })
    await flush()
    expect(chat.effects).toEqual([
      'load older conv_1 from msg_200_assistant',
      'load older conv_1 from msg_100_assistant',
    ])
    expect(chat.context().messages).toHaveLength(300)
    expect(chat.context().sought).toBe('msg_51_user')
    // The view has shown it: it is not sought again, and nothing more is read.
    chat.actor.send({ type: 'message.revealed', messageId: 'msg_51_user' })
    expect(chat.context().sought).toBeNull()
    await flush()
    expect(chat.effects).toHaveLength(2)
  })

  it("another conversation opens at a search's message on its newest page without reading more", async () => {
    const chat = await signedInChat({
      history: async (id) =>
        id === 'conv_2' ? { messages: rows(101, 200), hasOlder: true } : [row(1, 'user')],
    })
    chat.actor.send({
      type: 'conversation.open',
      conversationId: 'conv_2',
      messageId: 'msg_150_assistant',
    })
    await flush()
    expect(chat.context()).toMatchObject({ conversationId: 'conv_2', sought: 'msg_150_assistant' })
    expect(chat.effects.filter((effect) => effect.startsWith('load older'))).toEqual([])
    // Only the message sought is taken as shown.
    chat.actor.send({ type: 'message.revealed', messageId: 'msg_101_user' })
    expect(chat.context().sought).toBe('msg_150_assistant')
  })

  it("a search's message on another branch opens that branch, and shows there", async () => {
    const other = { ...rows(101, 101)[0]!, id: 'msg_elsewhere', parentId: 'msg_100_assistant' }
    const chat = await signedInChat({
      history: async () => ({ messages: rows(101, 200), hasOlder: true }),
      older: async () => ({ messages: rows(1, 100), hasOlder: false }),
      branch: async () => ({ messages: [...rows(51, 100), other], hasOlder: true }),
    })
    chat.actor.send({
      type: 'conversation.open',
      conversationId: 'conv_1',
      messageId: 'msg_elsewhere',
    })
    await flush()
    expect(chat.effects).toEqual([
      'load older conv_1 from msg_100_assistant',
      'open branch conv_1 at msg_elsewhere',
    ])
    expect(chat.context().messages.at(-1)?.id).toBe('msg_elsewhere')
    expect(chat.context().sought).toBe('msg_elsewhere')
    expect(chat.open.getSnapshot().matches('loaded')).toBe(true)
  })

  it("a search's message found on no branch is given up after its branch was tried once", async () => {
    const chat = await signedInChat({
      history: async () => ({ messages: rows(101, 200), hasOlder: true }),
      older: async () => ({ messages: rows(1, 100), hasOlder: false }),
      branch: async () => ({ messages: rows(101, 200), hasOlder: false }),
    })
    chat.actor.send({
      type: 'conversation.open',
      conversationId: 'conv_1',
      messageId: 'msg_deleted',
    })
    await flush()
    expect(chat.effects).toEqual([
      'load older conv_1 from msg_100_assistant',
      'open branch conv_1 at msg_deleted',
    ])
    expect(chat.context().sought).toBeNull()
    expect(chat.open.getSnapshot().matches('loaded')).toBe(true)
  })

  it('opening another conversation drops an older page still on its way', async () => {
    let answer: (page: Partial<HistoryPage>) => void = () => {}
    const chat = await signedInChat({
      history: async (id) =>
        id === 'conv_1' ? { messages: rows(101, 200), hasOlder: true } : [row(900, 'user')],
      older: () => new Promise((resolve) => (answer = resolve)),
    })
    chat.actor.send({ type: 'history.older' })
    chat.actor.send({ type: 'conversation.open', conversationId: 'conv_2' })
    answer({ messages: rows(1, 100), hasOlder: false, versions: {} })
    await flush()
    expect(chat.context().messages.map((m) => m.id)).toEqual(['msg_900_user'])
    expect(chat.context().hasOlder).toBe(false)
  })
})

const ERR = new Error('boom')
/** A comparison's column's reply to msg_300_user, and a reply to it made after the pick. */
const PICKED_AT = new Date(500).toISOString()
const COLUMN_ROW = { ...row(301, 'assistant', 'msg_300_user'), conversationId: 'conv_1' }
const LATER_ROW = {
  ...row(302, 'assistant', 'msg_300_user'),
  conversationId: 'conv_1',
  createdAt: new Date(900).toISOString(),
}
const MODEL_EVENTS: ModelEvent[] = [
  { type: 'address.read', conversationId: null },
  { type: 'address.read', conversationId: 'conv_1' },
  { type: 'address.moved', conversationId: null },
  { type: 'address.moved', conversationId: 'conv_2' },
  { type: 'list.latest', conversationId: 'conv_1' },
  { type: 'list.latest', conversationId: null },
  { type: 'conversation.open', conversationId: 'conv_1' },
  { type: 'conversation.open', conversationId: null },
  { type: 'conversation.starting', conversationId: 'conv_new' },
  { type: 'conversation.saved', conversationId: 'conv_new' },
  { type: 'conversation.deleted', conversationId: 'conv_1' },
  { type: 'conversation.activity', conversationId: 'conv_1', at: '' },
  {
    type: 'spend.read',
    conversationId: 'conv_1',
    rows: [{ modelId: 'gpt-5', replies: 1, totalTokens: 9 }],
  },
  { type: 'spend.read', conversationId: 'conv_2', rows: [] },
  { type: 'spend.failed', error: ERR },
  {
    type: 'xstate.done.actor.linkOpener',
    output: { conversation: null, page: { messages: [], hasOlder: false, versions: {} } },
  },
  {
    type: 'xstate.done.actor.linkOpener',
    output: {
      conversation: LISTED('conv_1'),
      page: { messages: [row(1, 'user')], hasOlder: true, versions: {} },
    },
  },
  { type: 'xstate.error.actor.linkOpener', error: ERR },
  {
    type: 'xstate.done.actor.historyLoader',
    output: { messages: [], hasOlder: false, versions: {} },
  },
  {
    type: 'xstate.done.actor.historyLoader',
    output: {
      messages: [row(101, 'user'), row(102, 'assistant')],
      hasOlder: true,
      versions: { msg_102_assistant: ['msg_99_assistant', 'msg_102_assistant'] },
    },
  },
  { type: 'xstate.error.actor.historyLoader', error: ERR },
  { type: 'history.older' },
  { type: 'conversation.open', conversationId: 'conv_1', messageId: 'msg_1_user' },
  { type: 'message.revealed', messageId: 'msg_1_user' },
  {
    type: 'xstate.done.actor.olderHistoryLoader',
    output: { messages: [row(1, 'user')], hasOlder: false, versions: {} },
  },
  { type: 'xstate.error.actor.olderHistoryLoader', error: ERR },
  { type: 'branch.show', messageId: 'msg_99_assistant' },
  {
    type: 'xstate.done.actor.branchOpener',
    output: { messages: [row(1, 'user'), row(2, 'assistant')], hasOlder: false, versions: {} },
  },
  { type: 'xstate.error.actor.branchOpener', error: ERR },
  { type: 'edit.start', messageId: 'msg_101_user' },
  { type: 'edit.change', text: 'Edited' },
  { type: 'edit.change', text: ' ' },
  { type: 'edit.save' },
  { type: 'edit.cancel' },
  { type: 'message.answer', messageId: 'msg_101_user' },
  { type: 'message.send' },
  { type: 'message.regenerate' },
  { type: 'turn.shown', message: { ...row(200, 'user'), conversationId: 'conv_1' } },
  {
    type: 'turn.shown',
    message: { ...row(201, 'user', 'msg_100_assistant'), conversationId: 'conv_1' },
    versionOf: 'msg_101_user',
  },
  { type: 'turn.hidden', messageId: 'msg_102_assistant' },
  // docs/product/compare.md: a pick here opens its branch; one elsewhere is not this one's.
  { type: 'reply.picked', conversationId: 'conv_1', messageId: 'msg_2_assistant', at: PICKED_AT },
  { type: 'reply.picked', conversationId: 'conv_2', messageId: 'msg_2_assistant', at: PICKED_AT },
]

describe('open conversation machine model', () => {
  it('walks every declared transition; what is on screen always belongs to the open one', async () => {
    const { replays, missing } = await walkEveryTransition({
      machine: openConversationMachine,
      inputs: [{ userId: 'user_1' }],
      deferredActors: ['open link', 'load history', 'load older history', 'open branch'],
      fixedActors: {
        'watch address': fromCallback(() => () => {}),
        'read spend': fromCallback(() => () => {}),
      },
      noopActions: [
        'notify',
        'show in address',
        'report found',
        'log error',
        'ask to send',
        'ask to regenerate',
        'ask to edit',
        'ask to answer',
        'report model used',
        'report shown',
      ],
      events: MODEL_EVENTS,
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.conversationId,
          s.context.linkedId,
          s.context.hasOlder,
          s.context.messages.map((m) => m.id),
          Object.keys(s.context.versions),
          s.context.editing,
          s.context.spent,
          s.context.sought,
          s.context.comparison,
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
        // A comparison's columns' rows stay in its columns while it runs.
        const { comparison } = snapshot.context
        if (comparison?.endedAt === null)
          expect(
            snapshot.context.messages.filter(
              (m) => m.role === 'assistant' && m.parentId === comparison.questionId,
            ),
            where,
          ).toEqual([])
        // A new chat has no total of its own to show.
        if (snapshot.context.conversationId === null)
          expect(snapshot.context.spent, where).toBeNull()
        // A new version takes its older version's place: the two are never on screen together.
        for (const [id, versions] of Object.entries(snapshot.context.versions))
          if (ids.includes(id))
            for (const other of versions) if (other !== id) expect(ids, where).not.toContain(other)
      },
    })
    expect(replays).toBeGreaterThan(10)
    expect(missing).toEqual([])
  }, 120_000)
})

/** The walk of a comparison's rows: a conversation loaded, a compared question, its columns. */
const COMPARE_EVENTS: ModelEvent[] = [
  { type: 'address.read', conversationId: null },
  { type: 'list.latest', conversationId: 'conv_1' },
  {
    type: 'xstate.done.actor.historyLoader',
    output: { messages: [row(1, 'user')], hasOlder: false, versions: {} },
  },
  {
    type: 'turn.shown',
    message: { ...row(300, 'user', 'msg_1_user'), conversationId: 'conv_1' },
    versionOf: null,
    compared: true,
  },
  { type: 'turn.shown', message: COLUMN_ROW },
  { type: 'reply.picked', conversationId: 'conv_1', messageId: COLUMN_ROW.id, at: PICKED_AT },
  { type: 'reply.picked', conversationId: 'conv_2', messageId: COLUMN_ROW.id, at: PICKED_AT },
  {
    type: 'xstate.done.actor.branchOpener',
    output: {
      messages: [
        row(1, 'user'),
        { ...row(300, 'user', 'msg_1_user'), conversationId: 'conv_1' },
        COLUMN_ROW,
      ],
      hasOlder: false,
      versions: {},
    },
  },
  { type: 'xstate.error.actor.branchOpener', error: ERR },
  { type: 'turn.shown', message: LATER_ROW },
]

describe('open conversation machine model: compare mode', () => {
  it("a comparison's columns' rows stay out of the conversation until its pick", async () => {
    const { replays } = await walkEveryTransition({
      machine: openConversationMachine,
      inputs: [{ userId: 'user_1' }],
      deferredActors: ['open link', 'load history', 'load older history', 'open branch'],
      fixedActors: {
        'watch address': fromCallback(() => () => {}),
        'read spend': fromCallback(() => () => {}),
      },
      noopActions: ['notify', 'show in address', 'log error', 'report model used', 'report shown'],
      events: COMPARE_EVENTS,
      // The question shows once, and starts the comparison; its replies and its pick come
      // after it.
      skip: (s, event) => {
        const shown = event.type === 'turn.shown' ? (event.message as ChatMessage) : null
        if (s.context.comparison !== null) return shown?.id === 'msg_300_user'
        return event.type === 'reply.picked' || shown?.parentId === 'msg_300_user'
      },
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.conversationId,
          s.context.messages.map((m) => m.id),
          s.context.comparison,
        ]),
      tags: ['loadingHistory'],
      check: ({ snapshot, where }) => {
        const { comparison, messages } = snapshot.context
        const ids = messages.map((m) => m.id)
        // While the comparison runs, none of its replies is on screen; after its pick, a reply
        // made before it only as the branch the pick opened, one made later as any reply.
        if (comparison?.endedAt === null) expect(ids, where).not.toContain(COLUMN_ROW.id)
        if (ids.includes(LATER_ROW.id))
          expect(comparison === null || comparison.endedAt !== null, where).toBe(true)
      },
    })
    expect(replays).toBeGreaterThan(10)
  }, 60_000)
})

describe('open conversation: branches', () => {
  const fourMessages = () => [
    row(1, 'user'),
    row(2, 'assistant'),
    row(3, 'user'),
    row(4, 'assistant'),
  ]

  it('an edit sends the new text as a version of the message, after the messages before it', async () => {
    const chat = await signedInChat({
      history: async () => fourMessages(),
      call: async () => reply('A better answer'),
    })
    chat.actor.send({ type: 'input.change', value: 'half-typed next question' })
    chat.actor.send({ type: 'edit.start', messageId: 'msg_3_user' })
    expect(chat.context().editing).toEqual({ messageId: 'msg_3_user', text: 'user 3' })
    chat.actor.send({ type: 'edit.change', text: '  A better question  ' })
    chat.actor.send({ type: 'edit.save' })
    expect(chat.context().editing).toBeNull()
    await flush()
    const [question, answer] = chat.saved
    expect(question).toMatchObject({
      role: 'user',
      content: 'A better question',
      parentId: 'msg_2_assistant',
      conversationId: 'conv_1',
    })
    expect(answer).toMatchObject({ content: 'A better answer', parentId: question?.id })
    // The context is the path before the edited message, then the new text.
    expect(chat.calls[0]?.messages).toEqual([
      { role: 'user', content: 'user 1' },
      { role: 'assistant', content: 'assistant 2' },
      { role: 'user', content: 'A better question' },
    ])
    // The earlier branch leaves the screen; `‹ 2 / 2 ›` can bring it back.
    expect(chat.context().messages.map((m) => m.content)).toEqual([
      'user 1',
      'assistant 2',
      'A better question',
      'A better answer',
    ])
    expect(chat.context().versions).toEqual({ [question!.id]: ['msg_3_user', question!.id] })
    // What the user was typing in the message box stays there.
    expect(chat.context().input).toBe('half-typed next question')
  })

  it('the first message can be edited too: its version has no parent', async () => {
    const chat = await signedInChat({ history: async () => fourMessages() })
    chat.actor.send({ type: 'edit.start', messageId: 'msg_1_user' })
    chat.actor.send({ type: 'edit.change', text: 'Start over' })
    chat.actor.send({ type: 'edit.save' })
    await flush()
    expect(chat.saved[0]).toMatchObject({ content: 'Start over', parentId: null })
    expect(chat.calls[0]?.messages).toEqual([{ role: 'user', content: 'Start over' }])
    expect(chat.context().messages.map((m) => m.content)).toEqual(['Start over', '**hi**'])
  })

  it('Escape cancels; an empty edit, a reply, or an edit during a turn sends nothing', async () => {
    const { stream } = manualStream()
    const chat = await signedInChat({ history: async () => fourMessages(), stream })
    chat.actor.send({ type: 'edit.start', messageId: 'msg_2_assistant' })
    expect(chat.context().editing).toBeNull()
    chat.actor.send({ type: 'edit.start', messageId: 'msg_3_user' })
    chat.actor.send({ type: 'edit.change', text: '   ' })
    chat.actor.send({ type: 'edit.save' })
    expect(chat.context().editing).toEqual({ messageId: 'msg_3_user', text: '   ' })
    chat.actor.send({ type: 'edit.cancel' })
    expect(chat.context().editing).toBeNull()
    chat.actor.send({ type: 'edit.save' })
    await flush()
    expect(chat.effects).toEqual([])
    // While a turn runs, the turn takes no edit (the view offers none).
    chat.typeAndSend('Another question')
    await flush()
    chat.effects.length = 0
    chat.actor.send({ type: 'edit.start', messageId: 'msg_3_user' })
    chat.actor.send({ type: 'edit.change', text: 'Changed' })
    chat.actor.send({ type: 'edit.save' })
    await flush()
    expect(chat.effects).toEqual([])
  })

  it('another version shows its branch as the platform reads it; only a version on screen is asked', async () => {
    const other = [
      row(1, 'user'),
      row(2, 'assistant'),
      { ...row(5, 'user'), parentId: 'msg_2_assistant' },
    ]
    const chat = await signedInChat({
      history: async () => ({
        messages: fourMessages(),
        versions: { msg_3_user: ['msg_3_user', 'msg_5_user'] },
      }),
      branch: async () => ({
        messages: other,
        versions: { msg_5_user: ['msg_3_user', 'msg_5_user'] },
      }),
    })
    chat.actor.send({ type: 'branch.show', messageId: 'msg_9_user' })
    await flush()
    expect(chat.effects).toEqual([])
    chat.actor.send({ type: 'branch.show', messageId: 'msg_5_user' })
    expect(chat.hasTag('loadingHistory')).toBe(true)
    await flush()
    expect(chat.effects).toEqual(['open branch conv_1 at msg_5_user'])
    expect(chat.context().messages.map((m) => m.id)).toEqual(other.map((m) => m.id))
    expect(chat.context().versions).toEqual({ msg_5_user: ['msg_3_user', 'msg_5_user'] })
    // The next message follows the branch on screen.
    chat.typeAndSend('Go on')
    await flush()
    expect(chat.saved[0]).toMatchObject({ content: 'Go on', parentId: 'msg_5_user' })
  })
})

describe('open conversation: compare mode', () => {
  const compared = { ...row(3, 'user'), conversationId: 'conv_1' }
  const column = (n: number, createdAt: number) => ({
    ...row(n, 'assistant', compared.id),
    conversationId: 'conv_1',
    createdAt: new Date(createdAt).toISOString(),
  })

  it("a compared question shows; its columns' rows do not, until the pick opens its branch", async () => {
    const picked = column(10, 2000)
    const chat = await signedInChat({
      history: async () => [row(1, 'user'), row(2, 'assistant')],
      branch: async () => [row(1, 'user'), row(2, 'assistant'), compared, picked],
    })
    chat.actor.send({ type: 'turn.shown', message: compared, versionOf: null, compared: true })
    expect(chat.context().comparison).toEqual({ questionId: compared.id, endedAt: null })
    // The change feed brings the columns' drafts and replies: they stay in their columns.
    chat.actor.send({ type: 'turn.shown', message: column(11, 1000) })
    chat.actor.send({ type: 'turn.shown', message: picked })
    expect(chat.context().messages.map((m) => m.id)).toEqual([
      'msg_1_user',
      'msg_2_assistant',
      compared.id,
    ])
    // A reply to another question shows as ever.
    chat.actor.send({
      type: 'turn.shown',
      message: { ...row(12, 'assistant', 'msg_2_assistant'), conversationId: 'conv_1' },
    })
    expect(chat.context().messages.map((m) => m.id)).toContain('msg_12_assistant')

    const at = new Date(3000).toISOString()
    chat.open.send({ type: 'reply.picked', conversationId: 'conv_1', messageId: picked.id, at })
    expect(chat.hasTag('loadingHistory')).toBe(true)
    await flush()
    expect(chat.effects).toEqual([`open branch conv_1 at ${picked.id}`])
    expect(chat.context().messages.map((m) => m.id)).toEqual([
      'msg_1_user',
      'msg_2_assistant',
      compared.id,
      picked.id,
    ])
    expect(chat.context().comparison).toEqual({ questionId: compared.id, endedAt: at })
    // A column's row that arrives late, made before the pick, still stays out.
    chat.actor.send({ type: 'turn.shown', message: column(13, 2500) })
    expect(chat.context().messages.map((m) => m.id)).not.toContain('msg_13_assistant')
    // A later regeneration of the picked reply is the conversation's: it shows.
    const regenerated = column(14, 4000)
    chat.actor.send({ type: 'turn.shown', message: regenerated, versionOf: picked.id })
    expect(chat.context().messages.map((m) => m.id)).toEqual([
      'msg_1_user',
      'msg_2_assistant',
      compared.id,
      regenerated.id,
    ])
    expect(chat.context().versions[regenerated.id]).toEqual([picked.id, regenerated.id])
  })

  // GAP (src/machines/open-conversation.machine.ts, `reply.picked` is handled in `loaded` only):
  // a pick that arrives while an older page loads (or a branch or another conversation opens)
  // is dropped: its branch never opens, and as the comparison never ends (`endedAt` stays
  // null) the picked reply is hidden from 'show row' too. Remove `.fails` when handled.
  it('a pick while an older page loads still opens its branch', async () => {
    let older: (page: ChatMessage[]) => void = () => {}
    const chat = await signedInChat({
      history: async () => ({ messages: [row(2, 'assistant'), compared], hasOlder: true }),
      older: () => new Promise((resolve) => (older = resolve)),
      branch: async () => [row(2, 'assistant'), compared, column(10, 2000)],
    })
    chat.actor.send({ type: 'turn.shown', message: compared, versionOf: null, compared: true })
    chat.actor.send({ type: 'history.older' })
    expect(chat.hasTag('loadingOlder')).toBe(true)
    chat.open.send({
      type: 'reply.picked',
      conversationId: 'conv_1',
      messageId: 'msg_10_assistant',
      at: new Date(3000).toISOString(),
    })
    older([row(1, 'user')])
    await flush()
    await flush()
    expect(chat.context().messages.map((m) => m.id)).toContain('msg_10_assistant')
  })

  it('a pick in another conversation opens nothing here', async () => {
    const chat = await signedInChat({ history: async () => [row(1, 'user')] })
    chat.actor.send({ type: 'turn.shown', message: compared, versionOf: null, compared: true })
    chat.open.send({
      type: 'reply.picked',
      conversationId: 'conv_2',
      messageId: 'msg_10_assistant',
      at: new Date(3000).toISOString(),
    })
    await flush()
    expect(chat.effects).toEqual([])
    expect(chat.context().comparison).toEqual({ questionId: compared.id, endedAt: null })
    expect(chat.open.getSnapshot().matches('loaded')).toBe(true)
  })
})
