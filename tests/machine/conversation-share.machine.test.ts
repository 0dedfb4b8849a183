import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Conversation } from '../../src/domain/conversation'
import type { ConversationShare } from '../../src/domain/shared-conversation'
import { conversationShareMachine } from '../../src/machines/conversation-share.machine'
import type { Notice } from '../../src/machines/notice'
import { settles, walkEveryTransition } from '../support/model-walk'
import { flush } from './prompt-fixtures'

// A conversation's Share dialog (docs/product/conversations.md#share-by-link): its links
// listed, one made, copied and revoked, and what each step says.

const TRIP: Conversation = {
  id: 'c1',
  userId: 'u',
  title: 'Trip',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
}
const link = (n: number): ConversationShare => ({
  id: `share_${String(n).repeat(32).slice(0, 32)}`,
  conversationId: 'c1',
  title: 'Trip',
  messageCount: 4,
  createdAt: `2026-06-0${n}T10:00:00.000Z`,
})

function start(fakes: {
  list?: () => Promise<ConversationShare[]>
  create?: () => Promise<ConversationShare>
  copy?: (id: string) => Promise<void>
  revoke?: (id: string) => Promise<void>
}) {
  const notices: Notice[] = []
  const copied: string[] = []
  const revoked: string[] = []
  const actor = createActor(
    conversationShareMachine.provide({
      actors: {
        'list shares': fromPromise(async () => (fakes.list ? fakes.list() : [link(1)])),
        'create share': fromPromise(async () => (fakes.create ? fakes.create() : link(2))),
        'copy link': fromPromise(async ({ input }) => {
          copied.push(input.id)
          await fakes.copy?.(input.id)
        }),
        'revoke share': fromPromise(async ({ input }) => {
          revoked.push(input.id)
          await fakes.revoke?.(input.id)
        }),
      },
      actions: { notify: (_, notice) => notices.push(notice) },
    }),
    { input: { conversation: TRIP } },
  )
  actor.start()
  return { actor, notices, copied, revoked }
}

describe('conversation share machine', () => {
  it('lists the links, makes a new one first in the list, copies it and revokes the old one', async () => {
    const { actor, notices, copied, revoked } = start({})
    await flush()
    expect(actor.getSnapshot().context.shares).toEqual([link(1)])

    actor.send({ type: 'share.create' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await flush()
    expect(actor.getSnapshot().context.shares?.map((s) => s.id)).toEqual([link(2).id, link(1).id])
    expect(actor.getSnapshot().context.made).toBe(link(2).id)

    actor.send({ type: 'share.copy', id: link(2).id })
    await flush()
    expect(copied).toEqual([link(2).id])
    expect(notices.at(-1)).toEqual({ kind: 'success', message: 'Share link copied to clipboard!' })

    actor.send({ type: 'share.revoke', id: link(1).id })
    await flush()
    expect(revoked).toEqual([link(1).id])
    expect(actor.getSnapshot().context.shares).toEqual([link(2)])
    expect(notices.at(-1)).toEqual({ kind: 'success', message: 'Share link revoked' })

    actor.send({ type: 'share.close' })
    expect(actor.getSnapshot().status).toBe('done')
  })

  it("says 'Failed to load your share links' and reads again on Try again", async () => {
    let calls = 0
    const { actor } = start({
      list: async () => {
        calls += 1
        if (calls === 1) throw new Error('offline')
        return []
      },
    })
    await flush()
    expect(actor.getSnapshot().context.error).toBe('Failed to load your share links')
    actor.send({ type: 'share.retry' })
    await flush()
    expect(actor.getSnapshot().context).toMatchObject({ error: null, shares: [] })
  })

  it("says why the database refused a link, or 'Failed to create the share link'", async () => {
    const refused = start({
      create: async () => {
        throw Object.assign(new Error('An empty conversation cannot be shared'), { status: 400 })
      },
    })
    await flush()
    refused.actor.send({ type: 'share.create' })
    await flush()
    expect(refused.notices).toEqual([
      { kind: 'error', message: 'An empty conversation cannot be shared' },
    ])
    expect(refused.actor.getSnapshot().context.shares).toEqual([link(1)])

    const failed = start({
      create: async () => {
        throw new Error('Network error')
      },
    })
    await flush()
    failed.actor.send({ type: 'share.create' })
    await flush()
    expect(failed.notices).toEqual([{ kind: 'error', message: 'Failed to create the share link' }])
  })

  it("keeps a link it could not revoke, saying 'Failed to revoke the share link'; a failed copy says 'Failed to copy URL'", async () => {
    const { actor, notices } = start({
      revoke: async () => {
        throw new Error('offline')
      },
      copy: async () => {
        throw new Error('denied')
      },
    })
    await flush()
    actor.send({ type: 'share.revoke', id: link(1).id })
    await flush()
    expect(actor.getSnapshot().context.shares).toEqual([link(1)])
    actor.send({ type: 'share.copy', id: link(1).id })
    await flush()
    expect(notices).toEqual([
      { kind: 'error', message: 'Failed to revoke the share link' },
      { kind: 'error', message: 'Failed to copy URL' },
    ])
  })
})

describe('conversation share machine model', () => {
  it('walks every declared transition', async () => {
    const { missing } = await walkEveryTransition({
      machine: conversationShareMachine,
      inputs: [{ conversation: TRIP }],
      events: [
        { type: 'share.create' },
        { type: 'share.copy', id: link(1).id },
        { type: 'share.revoke', id: link(1).id },
        { type: 'share.retry' },
        { type: 'share.close' },
        ...settles('list shares', [link(1)]),
        ...settles('create share', link(2)),
        ...settles('copy link'),
        ...settles('revoke share'),
      ],
      deferredActors: ['list shares', 'create share', 'copy link', 'revoke share'],
      noopActions: ['notify'],
      tags: ['busy'],
      serialize: ({ value, context }) =>
        // No guard reads the list; whether it was read is enough (a count would never end).
        JSON.stringify([value, context.shares === null, context.error]),
    })
    expect(missing).toEqual([])
  })
})
