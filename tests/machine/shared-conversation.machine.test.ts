import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { SharedConversation } from '../../src/domain/shared-conversation'
import type { Notice } from '../../src/machines/notice'
import {
  SHARED_PAGE_MESSAGES,
  sharedConversationMachine,
} from '../../src/machines/shared-conversation.machine'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

// The page a share link opens (docs/product/conversations.md#share-by-link).

const ID = 'share_0123456789abcdef0123456789abcdef'
const SHARED: SharedConversation = {
  title: 'Lisbon trip',
  createdAt: '2026-06-01T10:00:00.000Z',
  messages: [
    { role: 'user', at: '2026-06-01T09:00:00.000Z', content: 'Where to eat?' },
    {
      role: 'assistant',
      model: 'Claude Haiku 4.5',
      at: '2026-06-01T09:00:05.000Z',
      content: 'Try the pastéis.',
    },
  ],
}

function start(
  id: string,
  fakes: { read?: () => Promise<SharedConversation | null>; copy?: () => Promise<string> } = {},
) {
  const notices: Notice[] = []
  const reads: string[] = []
  const opened: string[] = []
  const actor = createActor(
    sharedConversationMachine.provide({
      actors: {
        'read shared': fromPromise(async ({ input }) => {
          reads.push(input.id)
          return fakes.read ? fakes.read() : SHARED
        }),
        'continue shared': fromPromise(async () => (fakes.copy ? fakes.copy() : 'conv_9')),
      },
      actions: {
        notify: (_, notice) => notices.push(notice),
        'open copy': (_, { conversationId }) => opened.push(conversationId),
      },
    }),
    { input: { id } },
  )
  actor.start()
  return { actor, notices, reads, opened }
}

describe('shared conversation machine', () => {
  it('shows the snapshot, and a continued copy opens in the chat', async () => {
    const { actor, reads, opened } = start(ID)
    await flush()
    expect(reads).toEqual([ID])
    expect(actor.getSnapshot().matches('shown')).toBe(true)
    expect(actor.getSnapshot().context.conversation).toEqual(SHARED)
    actor.send({ type: 'shared.continue' })
    await flush()
    expect(opened).toEqual(['conv_9'])
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
  })

  it('says not found for a malformed id without asking, and for one the database does not know', async () => {
    const malformed = start('share_../../etc')
    await flush()
    expect(malformed.reads).toEqual([])
    expect(malformed.actor.getSnapshot().matches('notFound')).toBe(true)

    const unknown = start(ID, { read: async () => null })
    await flush()
    expect(unknown.actor.getSnapshot().matches('notFound')).toBe(true)
  })

  it('a read that failed can be tried again', async () => {
    let calls = 0
    const { actor } = start(ID, {
      read: async () => {
        calls += 1
        if (calls === 1) throw new Error('offline')
        return SHARED
      },
    })
    await flush()
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    actor.send({ type: 'shared.retry' })
    await flush()
    expect(actor.getSnapshot().matches('shown')).toBe(true)
  })

  it("a failed copy says 'Failed to continue the conversation'; one revoked meanwhile is not found", async () => {
    const failed = start(ID, {
      copy: async () => {
        throw new Error('offline')
      },
    })
    await flush()
    failed.actor.send({ type: 'shared.continue' })
    await flush()
    expect(failed.notices).toEqual([
      { kind: 'error', message: 'Failed to continue the conversation' },
    ])
    expect(failed.actor.getSnapshot().matches({ shown: 'reading' })).toBe(true)

    const revoked = start(ID, {
      copy: async () => {
        throw new Error('Conversation not found')
      },
    })
    await flush()
    revoked.actor.send({ type: 'shared.continue' })
    await flush()
    expect(revoked.actor.getSnapshot().matches('notFound')).toBe(true)
  })

  it('shows the newest messages first, earlier ones a page at a time', async () => {
    const { actor } = start(ID)
    await flush()
    expect(actor.getSnapshot().context.shown).toBe(SHARED_PAGE_MESSAGES)
    actor.send({ type: 'shared.earlier' })
    expect(actor.getSnapshot().context.shown).toBe(2 * SHARED_PAGE_MESSAGES)
  })
})

describe('shared conversation machine model', () => {
  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: sharedConversationMachine,
      inputs: [{ id: ID }, { id: 'nonsense' }],
      events: [
        { type: 'shared.retry' },
        { type: 'shared.earlier' },
        { type: 'shared.continue' },
        ...settles('read shared', SHARED),
        { type: 'xstate.done.actor.read shared', output: null },
        ...settles('continue shared', 'conv_9'),
        {
          type: 'xstate.error.actor.continue shared',
          error: new Error('Conversation not found'),
          // Errors serialise alike: this tells the graph the two failures apart.
          why: 'revoked',
        },
      ],
      deferredActors: ['read shared', 'continue shared'],
      noopActions: ['notify', 'open copy'],
      tags: ['busy'],
      // What the guard reads: the id. (How many messages show grows without end.)
      serialize: ({ value, context }) => JSON.stringify([value, context.id]),
    })
    expect(missing).toEqual([])
  })
})
