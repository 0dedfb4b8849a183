import { expect, test } from 'vitest'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { Conversation } from '../../src/domain/conversation'
import { describeOnEveryBackend } from '../support/contract-backends'

// Sharing a conversation by link (docs/product/conversations.md#share-by-link) over real HTTP on
// both databases: the owner takes a snapshot of the current path; anyone with the id reads it,
// no one lists or guesses links; revoking or deleting the conversation ends it; a signed-in
// visitor continues it as a copy of their own.

interface SharedLink {
  id: string
  conversationId: string
  title: string
  messageCount: number
  createdAt: string
}

interface SharedMessage {
  role: string
  modelId?: string
  model?: string
  at: string
  content: string
  ended?: string
  failure?: string
}

interface Shared {
  title: string
  messages: SharedMessage[]
  createdAt: string
}

const LINK_ID = /^share_[0-9a-f]{32}$/

/** What a caller notices of a refusal: the status and message of the thrown PlatformError. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => ({ status: 0, message: 'allowed' }),
    (e) => ({ status: e.status as number, message: e.message as string }),
  )

describeOnEveryBackend('conversations shared by link', ({ signedIn, clientFor }) => {
  let runs = 0
  async function user(name: string) {
    const tag = `${Date.now()}_${++runs}`
    const who = await signedIn(`share-${name}-${tag}@example.com`)
    const db = who.client.db
    return {
      ...who,
      db,
      conversations: db.table<Conversation & { currentLeafId: string | null }>('conversations'),
      messages: db.table<ChatMessage>('chatMessages'),
      links: db.table<SharedLink>('sharedConversations'),
      share: (conversationId: string) =>
        db.sql<SharedLink>('select * from share_conversation($1)', [conversationId]),
    }
  }
  type User = Awaited<ReturnType<typeof user>>

  const anonymous = () => clientFor().db
  const read = (db: { sql: User['db']['sql'] }, id: string) =>
    db.sql<Shared>('select * from shared_conversation($1)', [id])

  /** A conversation with a branch: q1 → a1 → q2 → a2, and a2b regenerated beside a2. */
  async function scene(owner: User) {
    await owner.conversations.create({
      id: 'conv_trip',
      userId: owner.userId,
      title: 'Lisbon trip',
      createdAt: '2026-05-01T10:00:00.000Z',
    })
    const at = (s: number) =>
      new Date(Date.parse('2026-05-01T10:00:00.000Z') + s * 1000).toISOString()
    const say = (id: string, parentId: string | null, role: 'user' | 'assistant', s: number) =>
      owner.messages.create({
        id,
        userId: owner.userId,
        conversationId: 'conv_trip',
        parentId,
        role,
        content: `${id} says hello`,
        modelId: 'claude-haiku-4-5',
        createdAt: at(s),
      })
    await say('q1', null, 'user', 1)
    await say('a1', 'q1', 'assistant', 2)
    await say('q2', 'a1', 'user', 3)
    await say('a2', 'q2', 'assistant', 4)
    await say('a2b', 'q2', 'assistant', 5)
    // The user went back to the first version: the conversation ends there.
    await owner.conversations.update('conv_trip', { currentLeafId: 'a2' })
  }

  const expectedMessages = [
    { role: 'user', modelId: 'claude-haiku-4-5', content: 'q1 says hello' },
    {
      role: 'assistant',
      modelId: 'claude-haiku-4-5',
      model: 'Claude Haiku 4.5',
      content: 'a1 says hello',
    },
    { role: 'user', modelId: 'claude-haiku-4-5', content: 'q2 says hello' },
    {
      role: 'assistant',
      modelId: 'claude-haiku-4-5',
      model: 'Claude Haiku 4.5',
      content: 'a2 says hello',
    },
  ]
  const shown = (messages: SharedMessage[]) =>
    messages.map(({ role, modelId, model, content }) => ({
      role,
      modelId,
      ...(model === undefined ? {} : { model }),
      content,
    }))

  test('the owner shares the current path; anyone with the link reads that snapshot', async () => {
    const alice = await user('a')
    await scene(alice)
    const [link] = await alice.share('conv_trip')
    expect(link?.id).toMatch(LINK_ID)
    expect(link?.messageCount).toBe(4)
    expect(link?.conversationId).toBe('conv_trip')
    expect(link?.title).toBe('Lisbon trip')
    const id = link?.id ?? ''

    // Said after sharing: not in the snapshot.
    await alice.messages.create({
      id: 'q3',
      userId: alice.userId,
      conversationId: 'conv_trip',
      parentId: 'a2',
      role: 'user',
      content: 'q3 says hello',
      modelId: 'claude-haiku-4-5',
      createdAt: '2026-05-01T10:00:10.000Z',
    })
    await alice.conversations.update('conv_trip', { currentLeafId: 'q3', title: 'Porto trip' })

    const rows = await read(anonymous(), id)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.title).toBe('Lisbon trip')
    const messages = rows[0]?.messages ?? []
    expect(shown(messages)).toEqual(expectedMessages)
    expect(messages.filter((m) => m.role === 'user').every((m) => !('model' in m))).toBe(true)
    const times = messages.map((m) => Date.parse(m.at))
    expect(times).toEqual([...times].sort((x, y) => x - y))

    // A signed-in visitor reads the same.
    const bob = await user('b')
    expect(await read(bob.db, id)).toEqual(rows)
    // The owner lists their link through the table.
    expect((await alice.links.list()).map((l) => [l.id, l.messageCount])).toEqual([[id, 4]])
  })

  test('no one but the owner lists links, or shares the owner’s conversation', async () => {
    const alice = await user('a')
    const bob = await user('b')
    await scene(alice)
    const [link] = await alice.share('conv_trip')
    expect(await alice.db.sql<SharedLink>('select * from shared_conversations')).toHaveLength(1)

    // Bob sees none of Alice's links, by SQL or through the table.
    expect(await bob.db.sql('select * from shared_conversations')).toEqual([])
    expect(await bob.links.list()).toEqual([])
    // Nor does an anonymous caller: refused outright (no grant to anon), revealing nothing.
    const anon = await refusal(anonymous().sql('select * from shared_conversations'))
    expect(anon.status).toBe(401)
    expect(anon.message).not.toContain(link?.id ?? 'share_')

    // Bob cannot share Alice's conversation: it is not found, as one that names nothing.
    const onAlices = await refusal(bob.share('conv_trip'))
    const onNothing = await refusal(bob.share('conv_nothing'))
    expect(onAlices).toEqual({ status: 404, message: 'Conversation not found' })
    expect(onNothing).toEqual(onAlices)
    expect(await alice.links.list()).toHaveLength(1)
  })

  test('a revoked link shows nothing, exactly as an unknown or malformed one', async () => {
    const alice = await user('a')
    await scene(alice)
    const [link] = await alice.share('conv_trip')
    const id = link?.id ?? ''
    const [kept] = await alice.share('conv_trip')
    expect(kept?.id).not.toBe(id)
    expect(await read(anonymous(), id)).toHaveLength(1)

    await alice.links.delete(id)
    expect(await read(anonymous(), id)).toEqual([])
    expect(await read(anonymous(), `share_${'0'.repeat(32)}`)).toEqual([])
    expect(await read(anonymous(), 'not a link')).toEqual([])
    expect(await read(anonymous(), 'x'.repeat(500))).toEqual([])
    expect(await read(alice.db, id)).toEqual([])
    // The other link still works.
    expect(await read(anonymous(), kept?.id ?? '')).toHaveLength(1)
    expect((await alice.links.list()).map((l) => l.id)).toEqual([kept?.id])
  })

  test('a signed-in visitor continues the snapshot as their own conversation', async () => {
    const alice = await user('a')
    const bob = await user('b')
    await scene(alice)
    const [link] = await alice.share('conv_trip')
    const id = link?.id ?? ''
    const aliceBefore = {
      conversations: await alice.conversations.list({ orderBy: { id: 'asc' } }),
      messages: await alice.messages.list({ orderBy: { id: 'asc' } }),
    }

    const anon = await refusal(
      anonymous().sql('select continue_shared_conversation($1) as id', [id]),
    )
    // The request roles' grant is for the signed-in only: anon is refused as unauthenticated.
    expect(anon).toEqual({
      status: 401,
      message: 'permission denied for function continue_shared_conversation',
    })
    expect(await bob.conversations.list()).toEqual([])

    const [continued] = await bob.db.sql<{ id: string }>(
      'select continue_shared_conversation($1) as id',
      [id],
    )
    const copyId = continued?.id ?? ''
    expect(copyId).toMatch(/^conv_\d+$/)

    const bobs = await bob.conversations.list()
    expect(bobs.map((c) => [c.id, c.title, c.userId])).toEqual([
      [copyId, 'Lisbon trip', bob.userId],
    ])
    const copied = await bob.messages.list({
      where: { conversationId: copyId },
      orderBy: { createdAt: 'asc' },
    })
    expect(copied).toHaveLength(4)
    expect(copied.every((m) => m.userId === bob.userId)).toBe(true)
    expect(copied.map(({ role, content, modelId }) => ({ role, content, modelId }))).toEqual(
      expectedMessages.map(({ role, content, modelId }) => ({ role, content, modelId })),
    )
    // One path: each message's parent is the one before it.
    expect(copied.map((m) => m.parentId)).toEqual([null, ...copied.slice(0, -1).map((m) => m.id)])

    // Alice's rows are as they were.
    expect({
      conversations: await alice.conversations.list({ orderBy: { id: 'asc' } }),
      messages: await alice.messages.list({ orderBy: { id: 'asc' } }),
    }).toEqual(aliceBefore)

    // An unknown link continues nothing.
    expect(
      await refusal(
        bob.db.sql('select continue_shared_conversation($1) as id', [`share_${'0'.repeat(32)}`]),
      ),
    ).toEqual({ status: 404, message: 'Conversation not found' })
    expect(await bob.conversations.list()).toHaveLength(1)
  })

  test('deleting the conversation takes its links with it', async () => {
    const alice = await user('a')
    await scene(alice)
    const [link] = await alice.share('conv_trip')
    expect(await read(anonymous(), link?.id ?? '')).toHaveLength(1)
    await alice.conversations.delete('conv_trip')
    expect(await read(anonymous(), link?.id ?? '')).toEqual([])
    expect(await alice.links.list()).toEqual([])
  })

  test('an empty conversation cannot be shared', async () => {
    const alice = await user('a')
    await alice.conversations.create({
      id: 'conv_empty',
      userId: alice.userId,
      title: 'Nothing yet',
    })
    expect(await refusal(alice.share('conv_empty'))).toEqual({
      status: 400,
      message: 'An empty conversation cannot be shared',
    })
    expect(await alice.links.list()).toEqual([])
  })

  test('a user keeps at most 500 links: the 501st is refused with why, and a revoke frees a place', async () => {
    const alice = await user('a')
    await scene(alice)
    // 500 links in five transactions of 100 statements.
    for (let round = 0; round < 5; round++)
      await alice.db.batch(
        Array.from({ length: 100 }, () => ({
          query: 'select id from share_conversation($1)',
          params: ['conv_trip'],
        })),
      )
    expect(await refusal(alice.share('conv_trip'))).toEqual({
      status: 400,
      message: 'You can keep at most 500 share links. Revoke one to make another.',
    })
    const [oldest] = await alice.links.list({ limit: 1 })
    await alice.links.delete(oldest!.id)
    expect(await alice.share('conv_trip')).toHaveLength(1)
  })
})
