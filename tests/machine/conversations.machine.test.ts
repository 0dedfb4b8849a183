import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import {
  type Conversation,
  TITLE_EMPTY_MESSAGE,
  TITLE_MAX,
  TITLE_TOO_LONG_MESSAGE,
} from '../../src/domain/conversation'
import {
  CONVERSATION_MESSAGES,
  type ConversationsEvent,
  conversationsMachine,
} from '../../src/machines/conversations.machine'
import type { Notice } from '../../src/machines/notice'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

const at = (day: number) => `2026-05-${String(day).padStart(2, '0')}T10:00:00.000Z`
const conversation = (id: string, day: number, title = `Chat ${id}`): Conversation => ({
  id,
  userId: 'user_a',
  title,
  createdAt: at(1),
  updatedAt: at(day),
})
const OLD = conversation('c_old', 2)
const MID = conversation('c_mid', 5)
const NEW = conversation('c_new', 9)

interface Fakes {
  link?: string | null
  load?: () => Promise<Conversation[]>
  find?: (id: string) => Promise<Conversation | null>
  rename?: (conversation: Conversation, title: string) => Promise<Conversation>
  remove?: (id: string) => Promise<void>
}

/** The machine with recording fakes: `log` holds every effect, in the order it happened. */
function startConversations(fakes: Fakes = {}) {
  const log: string[] = []
  /** One entry while Back and Forward are listened to. */
  const watching: boolean[] = []
  const actor = createActor(
    conversationsMachine.provide({
      actors: {
        'read conversation link': fromPromise(async () => {
          log.push('read link')
          return fakes.link ?? null
        }),
        'load conversations': fromPromise(async () => {
          log.push('load')
          return fakes.load ? fakes.load() : [MID, NEW, OLD]
        }),
        'find conversation': fromPromise(async ({ input }) => {
          log.push(`find ${input.id}`)
          return fakes.find ? fakes.find(input.id) : null
        }),
        'rename conversation': fromPromise(async ({ input }) => {
          log.push(`rename ${input.conversation.id} to "${input.title}"`)
          return fakes.rename
            ? fakes.rename(input.conversation, input.title)
            : { ...input.conversation, title: input.title }
        }),
        'delete conversation': fromPromise(async ({ input }) => {
          log.push(`delete ${input.id}`)
          return fakes.remove?.(input.id)
        }),
        'watch address': fromCallback(() => {
          watching.push(true)
          return () => watching.pop()
        }),
      },
      actions: {
        notify: (_, notice: Notice) => {
          log.push(`${notice.kind}: ${notice.message}`)
        },
        'show in address': (_, { conversationId, push }) => {
          log.push(`${push ? 'push' : 'address'} ${conversationId ?? '(none)'}`)
        },
        'announce opened': (_, { conversationId }) => {
          log.push(`opened ${conversationId ?? '(new chat)'}`)
        },
        'announce link': (_, { conversationId }) => {
          log.push(`linked ${conversationId}`)
        },
      },
    }),
  )
  actor.start()
  const context = () => actor.getSnapshot().context
  const ids = () => context().conversations.map((c) => c.id)
  const send = (event: ConversationsEvent) => actor.send(event)
  return { actor, log, watching, context, ids, send }
}

/** Started and settled: the list loaded, the link (if any) dealt with; the log emptied. */
async function ready(fakes: Fakes = {}) {
  const started = startConversations(fakes)
  await flush()
  expect(started.actor.getSnapshot().matches('ready')).toBe(true)
  expect(started.watching).toEqual([true])
  started.log.length = 0
  return started
}

describe('conversations machine: the start', () => {
  it('loads the list, newest activity first, and opens the latest conversation', async () => {
    const { log, ids, context, actor } = startConversations()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await flush()
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old'])
    expect(context().currentId).toBe('c_new')
    expect(actor.getSnapshot().hasTag('loading')).toBe(false)
    expect(log).toEqual(['read link', 'load', 'opened c_new', 'address c_new'])
  })

  it('with no conversations yet, a new chat is open', async () => {
    const { log, context } = startConversations({ load: async () => [] })
    await flush()
    expect(context().currentId).toBeNull()
    expect(log).toEqual(['read link', 'load', 'opened (new chat)', 'address (none)'])
  })

  it('a link to a listed conversation opens it: the chat hears of the link before the list loads', async () => {
    const { log, context } = startConversations({ link: 'c_mid' })
    await flush()
    expect(context().currentId).toBe('c_mid')
    // The chat hears of the link first, so its history loads beside the list
    // (docs/performance.md); it is opened once the list has it.
    expect(log).toEqual(['read link', 'linked c_mid', 'load', 'opened c_mid', 'address c_mid'])
  })

  it('a link older than the list is asked for by id, then joins the list in its place', async () => {
    const older = conversation('c_older', 1)
    const { log, context, ids } = startConversations({
      link: 'c_older',
      find: async () => older,
    })
    await flush()
    expect(context().currentId).toBe('c_older')
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old', 'c_older'])
    expect(log).toEqual([
      'read link',
      'linked c_older',
      'load',
      'find c_older',
      'opened c_older',
      'address c_older',
    ])
  })

  it("a link the user cannot read (missing, or another user's) says 'Conversation not found' and opens a new chat", async () => {
    const { log, context, ids } = startConversations({ link: 'conv_of_someone_else' })
    await flush()
    expect(context().currentId).toBeNull()
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old'])
    // The chat fetched its history at once (and found none: row-level security), never
    // opened it, and is given a new chat.
    expect(log).toEqual([
      'read link',
      'linked conv_of_someone_else',
      'load',
      'find conv_of_someone_else',
      `error: ${CONVERSATION_MESSAGES.notFound}`,
      'opened (new chat)',
      'address (none)',
    ])
  })

  it("a list that fails to load says 'Failed to load conversations'; the session still starts", async () => {
    const { log, context, actor } = startConversations({
      load: () => Promise.reject(new Error('offline')),
    })
    await flush()
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(context().conversations).toEqual([])
    expect(log).toEqual([
      'read link',
      'load',
      `error: ${CONVERSATION_MESSAGES.loadFailed}`,
      'opened (new chat)',
      'address (none)',
    ])
  })

  it('a failed look-up of a link says the list failed and opens a new chat', async () => {
    const { log } = startConversations({
      link: 'c_gone',
      find: () => Promise.reject(new Error('offline')),
    })
    await flush()
    expect(log.slice(3)).toEqual([
      'find c_gone',
      `error: ${CONVERSATION_MESSAGES.loadFailed}`,
      'opened (new chat)',
      'address (none)',
    ])
  })

  it('a conversation the chat started while the list loaded stays open and listed', async () => {
    let finish: (rows: Conversation[]) => void = () => {}
    const { log, send, context, ids } = startConversations({
      link: 'c_mid',
      load: () => new Promise((resolve) => (finish = resolve)),
    })
    await flush()
    const started = conversation('c_started', 10)
    send({ type: 'conversation.started', conversation: started })
    finish([MID, NEW, OLD])
    await flush()
    expect(context().currentId).toBe('c_started')
    expect(ids()).toEqual(['c_started', 'c_new', 'c_mid', 'c_old'])
    // Only the address changed: the chat already has it open.
    expect(log).toEqual(['read link', 'linked c_mid', 'load', 'address c_started'])
  })
})

describe('conversations machine: a first message sent before the list', () => {
  it('the list arriving after the send, before its row is saved, opens nothing over it', async () => {
    let finish: (rows: Conversation[]) => void = () => {}
    const { log, send, context } = startConversations({
      load: () => new Promise((resolve) => (finish = resolve)),
    })
    await flush()
    send({ type: 'conversation.starting', conversationId: 'c_typed' })
    finish([MID, NEW, OLD])
    await flush()
    expect(context().currentId).toBe('c_typed')
    // Not "opened c_new": the chat keeps the message the user just sent in view.
    expect(log).toEqual(['read link', 'load'])
    send({ type: 'conversation.started', conversation: conversation('c_typed', 10) })
    expect(log).toEqual(['read link', 'load', 'address c_typed'])
  })

  it("on a link the look-up can't find, it says so but leaves the user's new conversation open", async () => {
    let answer: (found: Conversation | null) => void = () => {}
    const { log, send, context } = startConversations({
      link: 'c_gone',
      find: () => new Promise((resolve) => (answer = resolve)),
    })
    await flush()
    send({ type: 'conversation.starting', conversationId: 'c_typed' })
    answer(null)
    await flush()
    expect(context().currentId).toBe('c_typed')
    expect(context().linkedId).toBeNull()
    expect(log).toEqual([
      'read link',
      'linked c_gone',
      'load',
      'find c_gone',
      `error: ${CONVERSATION_MESSAGES.notFound}`,
    ])
  })

  it('on a link the look-up finds, that one joins the list and the new one stays open', async () => {
    let answer: (found: Conversation | null) => void = () => {}
    const { log, send, context, ids } = startConversations({
      link: 'c_older',
      find: () => new Promise((resolve) => (answer = resolve)),
    })
    await flush()
    send({ type: 'conversation.starting', conversationId: 'c_typed' })
    answer(conversation('c_older', 1))
    await flush()
    expect(context().currentId).toBe('c_typed')
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old', 'c_older'])
    expect(log).toEqual(['read link', 'linked c_older', 'load', 'find c_older'])
  })
})

describe('conversations machine: opening', () => {
  it('New chat opens an empty chat: the chat and the address are told', async () => {
    const { log, send, context } = await ready({ link: 'c_mid' })
    send({ type: 'conversation.new' })
    expect(context().currentId).toBeNull()
    // A new entry in the browser's history: Back returns to the conversation.
    expect(log).toEqual(['opened (new chat)', 'push (none)'])
  })

  it('selecting another conversation opens it; the open one or an unknown id does nothing', async () => {
    const { log, send, context } = await ready()
    send({ type: 'conversation.select', id: 'c_old' })
    expect(context().currentId).toBe('c_old')
    send({ type: 'conversation.select', id: 'c_old' })
    send({ type: 'conversation.select', id: 'c_unknown' })
    expect(context().currentId).toBe('c_old')
    expect(log).toEqual(['opened c_old', 'push c_old'])
  })

  it('Back and Forward open the conversation the address names, leaving the address be', async () => {
    const { log, send, context } = await ready()
    send({ type: 'conversation.select', id: 'c_old' })
    send({ type: 'address.moved', conversationId: 'c_new' })
    expect(context().currentId).toBe('c_new')
    send({ type: 'address.moved', conversationId: null })
    expect(context().currentId).toBeNull()
    send({ type: 'address.moved', conversationId: null }) // already open: nothing
    expect(log).toEqual(['opened c_old', 'push c_old', 'opened c_new', 'opened (new chat)'])
  })

  it('Back to a conversation deleted since: not found, a new chat, the address rewritten', async () => {
    const { log, send, context } = await ready()
    send({ type: 'address.moved', conversationId: 'c_gone' })
    expect(context().currentId).toBeNull()
    expect(log).toEqual(['error: Conversation not found', 'opened (new chat)', 'address (none)'])
  })

  it('a conversation the chat started goes on top and becomes the open one', async () => {
    const { log, send, context, ids } = await ready()
    const started = conversation('c_started', 10)
    send({ type: 'conversation.started', conversation: started })
    expect(ids()).toEqual(['c_started', 'c_new', 'c_mid', 'c_old'])
    expect(context().currentId).toBe('c_started')
    expect(log).toEqual(['address c_started'])
  })

  it('activity moves a conversation to the top; an older time or an unknown id changes nothing', async () => {
    const { log, send, ids, context } = await ready()
    send({ type: 'conversation.activity', conversationId: 'c_old', at: at(12) })
    expect(ids()).toEqual(['c_old', 'c_new', 'c_mid'])
    send({ type: 'conversation.activity', conversationId: 'c_old', at: at(3) })
    expect(context().conversations[0]?.updatedAt).toBe(at(12))
    send({ type: 'conversation.activity', conversationId: 'c_unknown', at: at(20) })
    expect(ids()).toEqual(['c_old', 'c_new', 'c_mid'])
    expect(log).toEqual([])
  })
})

describe('conversations machine: rename', () => {
  it('the inline field starts with the title, and saving a trimmed title renames it in place', async () => {
    const { log, send, context, ids, actor } = await ready()
    send({ type: 'rename.start', id: 'c_mid' })
    expect(context().editing).toEqual({ id: 'c_mid', draft: 'Chat c_mid', error: null })
    send({ type: 'rename.change', value: '  Trip plans  ' })
    send({ type: 'conversation.rename', id: 'c_mid', title: '  Trip plans  ' })
    expect(context().editing).toBeNull()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(context().conversations[1]).toMatchObject({ id: 'c_mid', title: 'Trip plans' })
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old']) // a rename is no activity
    expect(log).toEqual(['rename c_mid to "Trip plans"'])
  })

  it('an empty or too long title is refused inline, without a request; typing clears the message', async () => {
    const { log, send, context } = await ready()
    send({ type: 'rename.start', id: 'c_mid' })
    send({ type: 'conversation.rename', id: 'c_mid', title: '   ' })
    expect(context().editing).toEqual({ id: 'c_mid', draft: '   ', error: TITLE_EMPTY_MESSAGE })
    const long = 'x'.repeat(TITLE_MAX + 1)
    send({ type: 'conversation.rename', id: 'c_mid', title: long })
    expect(context().editing?.error).toBe(TITLE_TOO_LONG_MESSAGE)
    send({ type: 'rename.change', value: 'x'.repeat(TITLE_MAX) })
    expect(context().editing?.error).toBeNull()
    send({ type: 'conversation.rename', id: 'c_mid', title: 'x'.repeat(TITLE_MAX) })
    await flush()
    expect(log).toEqual([`rename c_mid to "${'x'.repeat(TITLE_MAX)}"`])
  })

  it('Escape cancels; the same title closes the field without a request', async () => {
    const { log, send, context } = await ready()
    send({ type: 'rename.start', id: 'c_mid' })
    send({ type: 'rename.cancel' })
    expect(context().editing).toBeNull()
    send({ type: 'rename.start', id: 'c_mid' })
    send({ type: 'conversation.rename', id: 'c_mid', title: ' Chat c_mid ' })
    expect(context().editing).toBeNull()
    expect(log).toEqual([])
  })

  it("a failed rename says 'Failed to rename conversation' and keeps the old title", async () => {
    const { log, send, context } = await ready({
      rename: () => Promise.reject(new Error('403')),
    })
    send({ type: 'conversation.rename', id: 'c_mid', title: 'New name' })
    await flush()
    expect(context().conversations[1]?.title).toBe('Chat c_mid')
    expect(log).toEqual([
      'rename c_mid to "New name"',
      `error: ${CONVERSATION_MESSAGES.renameFailed}`,
    ])
  })
})

describe('conversations machine: delete', () => {
  it('asks first; Cancel keeps it', async () => {
    const { log, send, context, actor, ids } = await ready()
    send({ type: 'conversation.delete', id: 'c_mid' })
    expect(actor.getSnapshot().hasTag('confirmingDelete')).toBe(true)
    expect(context().pendingDelete).toEqual(MID)
    send({ type: 'conversation.deleteCancelled' })
    expect(actor.getSnapshot().hasTag('confirmingDelete')).toBe(false)
    expect(context().pendingDelete).toBeNull()
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old'])
    expect(log).toEqual([])
  })

  it('deleting another conversation leaves the open one open', async () => {
    const { log, send, ids, context } = await ready({ link: 'c_new' })
    send({ type: 'conversation.delete', id: 'c_mid' })
    send({ type: 'conversation.deleteConfirmed' })
    await flush()
    expect(ids()).toEqual(['c_new', 'c_old'])
    expect(context().currentId).toBe('c_new')
    expect(log).toEqual(['delete c_mid'])
  })

  it('deleting the open conversation opens a new chat', async () => {
    const { log, send, ids, context } = await ready({ link: 'c_mid' })
    send({ type: 'conversation.delete', id: 'c_mid' })
    send({ type: 'conversation.deleteConfirmed' })
    await flush()
    expect(ids()).toEqual(['c_new', 'c_old'])
    expect(context().currentId).toBeNull()
    expect(log).toEqual(['delete c_mid', 'opened (new chat)', 'address (none)'])
  })

  it("a failed delete says 'Failed to delete conversation' and keeps it", async () => {
    const { log, send, ids, context } = await ready({
      link: 'c_mid',
      remove: () => Promise.reject(new Error('offline')),
    })
    send({ type: 'conversation.delete', id: 'c_mid' })
    send({ type: 'conversation.deleteConfirmed' })
    await flush()
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old'])
    expect(context()).toMatchObject({ currentId: 'c_mid', pendingDelete: null })
    expect(log).toEqual(['delete c_mid', `error: ${CONVERSATION_MESSAGES.deleteFailed}`])
  })
})

describe('conversations machine model', () => {
  it('walks every declared transition on a real actor, with the tags the views read', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: conversationsMachine,
      events: [
        { type: 'conversation.new' },
        { type: 'conversation.select', id: 'c_mid' },
        { type: 'conversation.select', id: 'c_unknown' },
        { type: 'rename.start', id: 'c_mid' },
        { type: 'rename.change', value: 'Renamed' },
        { type: 'rename.cancel' },
        { type: 'conversation.rename', id: 'c_mid', title: 'Renamed' },
        { type: 'conversation.rename', id: 'c_mid', title: '  ' },
        { type: 'conversation.rename', id: 'c_mid', title: MID.title },
        { type: 'conversation.delete', id: 'c_mid' },
        { type: 'conversation.deleteConfirmed' },
        { type: 'conversation.deleteCancelled' },
        { type: 'conversation.starting', conversationId: 'c_started' },
        { type: 'conversation.started', conversation: conversation('c_started', 10) },
        { type: 'conversation.activity', conversationId: 'c_old', at: at(12) },
        { type: 'address.moved', conversationId: 'c_old' },
        { type: 'address.moved', conversationId: null },
        { type: 'address.moved', conversationId: 'c_gone' },
        { type: 'xstate.done.actor.read conversation link', output: null },
        { type: 'xstate.done.actor.read conversation link', output: 'c_mid' },
        ...settles('read conversation link', 'c_far'),
        ...settles('load conversations', [MID, NEW, OLD]),
        { type: 'xstate.done.actor.find conversation', output: null },
        ...settles('find conversation', conversation('c_far', 1)),
        ...settles('rename conversation', { ...MID, title: 'Renamed' }),
        ...settles('delete conversation'),
      ],
      deferredActors: [
        'read conversation link',
        'load conversations',
        'find conversation',
        'rename conversation',
        'delete conversation',
      ],
      noopActions: ['notify', 'show in address', 'announce opened', 'announce link'],
      fixedActors: { 'watch address': fromCallback(() => () => {}) },
      // What the guards read: the open one, the link, the listed ids, the rename field and
      // the conversation the delete is about.
      serialize: ({ value, context }) =>
        JSON.stringify([
          value,
          context.currentId,
          context.linkedId,
          context.conversations.map((c: Conversation) => `${c.id}:${c.title}`),
          context.editing,
          context.pendingDelete?.id ?? null,
        ]),
      tags: ['loading', 'busy', 'confirmingDelete'],
    })
    expect(replays).toBeGreaterThan(50)
    expect(missing).toEqual([])
    // CPU-bound and deterministic: 7 s alone, past the default 20 s beside the whole suite on
    // 2 cores (fresh-clone run of 2026-11-29); the limit only catches a hang.
  }, 90_000)
})
