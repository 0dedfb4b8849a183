import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  type Conversation,
  TITLE_EMPTY_MESSAGE,
  TITLE_MAX,
  TITLE_TOO_LONG_MESSAGE,
} from '../../src/domain/conversation'
import { CONVERSATION_MESSAGES } from '../../src/domain/conversation-messages'
import {
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
  load?: () => Promise<Conversation[]>
  rename?: (conversation: Conversation, title: string) => Promise<Conversation>
  remove?: (id: string) => Promise<void>
}

/** The machine with recording fakes: `log` holds every effect, in the order it happened. */
function startConversations(fakes: Fakes = {}) {
  const log: string[] = []
  const actor = createActor(
    conversationsMachine.provide({
      actors: {
        'load conversations': fromPromise(async () => {
          log.push('load')
          return fakes.load ? fakes.load() : [MID, NEW, OLD]
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
      },
      actions: {
        notify: (_, notice: Notice) => {
          log.push(`${notice.kind}: ${notice.message}`)
        },
        // What the app machine passes on to the open conversation.
        'report listed': ({ context }) => {
          log.push(`listed, latest ${context.conversations[0]?.id ?? '(none)'}`)
        },
        'report deleted': ({ context }) => {
          log.push(`deleted ${context.pendingDelete?.id}`)
        },
      },
    }),
  )
  actor.start()
  const context = () => actor.getSnapshot().context
  const ids = () => context().conversations.map((c) => c.id)
  const send = (event: ConversationsEvent) => actor.send(event)
  return { actor, log, context, ids, send }
}

/** Started and settled: the list loaded; the log emptied. */
async function ready(fakes: Fakes = {}) {
  const started = startConversations(fakes)
  await flush()
  expect(started.actor.getSnapshot().matches('ready')).toBe(true)
  started.log.length = 0
  return started
}

describe('conversations machine: the list', () => {
  it('loads the list, newest activity first, and says which is the latest', async () => {
    const { log, ids, actor } = startConversations()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await flush()
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old'])
    expect(actor.getSnapshot().hasTag('loading')).toBe(false)
    expect(log).toEqual(['load', 'listed, latest c_new'])
  })

  it('with no conversations yet, it says there is none', async () => {
    const { log } = startConversations({ load: async () => [] })
    await flush()
    expect(log).toEqual(['load', 'listed, latest (none)'])
  })

  it("a list that fails to load says 'Failed to load conversations'; the session still starts", async () => {
    const { log, context, actor } = startConversations({
      load: () => Promise.reject(new Error('offline')),
    })
    await flush()
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(context().conversations).toEqual([])
    expect(log).toEqual([
      'load',
      `error: ${CONVERSATION_MESSAGES.loadFailed}`,
      'listed, latest (none)',
    ])
  })

  it('a conversation started, or found by a link, while the list loaded stays listed', async () => {
    let finish: (rows: Conversation[]) => void = () => {}
    const { log, send, ids } = startConversations({
      load: () => new Promise((resolve) => (finish = resolve)),
    })
    await flush()
    send({ type: 'conversation.started', conversation: conversation('c_started', 10) })
    send({ type: 'conversation.found', conversation: conversation('c_older', 1) })
    finish([MID, NEW, OLD])
    await flush()
    expect(ids()).toEqual(['c_started', 'c_new', 'c_mid', 'c_old', 'c_older'])
    // The latest is the one started: the open conversation has it open already.
    expect(log).toEqual(['load', 'listed, latest c_started'])
  })

  it('a conversation the chat started goes on top; one found by a link takes its place by activity', async () => {
    const { log, send, ids } = await ready()
    send({ type: 'conversation.started', conversation: conversation('c_started', 10) })
    send({ type: 'conversation.found', conversation: conversation('c_older', 1) })
    send({ type: 'conversation.found', conversation: MID })
    expect(ids()).toEqual(['c_started', 'c_new', 'c_mid', 'c_old', 'c_older'])
    expect(log).toEqual([])
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

  it('a deleted conversation leaves the list, and the open conversation is told', async () => {
    const { log, send, ids, actor } = await ready()
    send({ type: 'conversation.delete', id: 'c_mid' })
    send({ type: 'conversation.deleteConfirmed' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(ids()).toEqual(['c_new', 'c_old'])
    expect(log).toEqual(['delete c_mid', 'deleted c_mid'])
  })

  it("a failed delete says 'Failed to delete conversation' and keeps it", async () => {
    const { log, send, ids, context } = await ready({
      remove: () => Promise.reject(new Error('offline')),
    })
    send({ type: 'conversation.delete', id: 'c_mid' })
    send({ type: 'conversation.deleteConfirmed' })
    await flush()
    expect(ids()).toEqual(['c_new', 'c_mid', 'c_old'])
    expect(context().pendingDelete).toBeNull()
    expect(log).toEqual(['delete c_mid', `error: ${CONVERSATION_MESSAGES.deleteFailed}`])
  })
})

describe('conversations machine model', () => {
  it('walks every declared transition on a real actor, with the tags the views read', async () => {
    const { missing, replays } = await walkEveryTransition({
      machine: conversationsMachine,
      events: [
        { type: 'rename.start', id: 'c_mid' },
        { type: 'rename.change', value: 'Renamed' },
        { type: 'rename.cancel' },
        { type: 'conversation.rename', id: 'c_mid', title: 'Renamed' },
        { type: 'conversation.rename', id: 'c_mid', title: '  ' },
        { type: 'conversation.rename', id: 'c_mid', title: MID.title },
        { type: 'conversation.delete', id: 'c_mid' },
        { type: 'conversation.deleteConfirmed' },
        { type: 'conversation.deleteCancelled' },
        { type: 'conversation.started', conversation: conversation('c_started', 10) },
        { type: 'conversation.found', conversation: conversation('c_far', 1) },
        { type: 'conversation.activity', conversationId: 'c_old', at: at(12) },
        // docs/product/live-sync.md: deleted on another device.
        { type: 'conversation.deleted', conversationId: 'c_old' },
        ...settles('load conversations', [MID, NEW, OLD]),
        ...settles('rename conversation', { ...MID, title: 'Renamed' }),
        ...settles('delete conversation'),
      ],
      deferredActors: ['load conversations', 'rename conversation', 'delete conversation'],
      noopActions: ['notify', 'report listed', 'report deleted'],
      // What the guards read: the listed ids, the rename field and the conversation the
      // delete is about.
      serialize: ({ value, context }) =>
        JSON.stringify([
          value,
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
