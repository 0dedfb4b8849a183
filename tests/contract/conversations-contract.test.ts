import { afterAll, describe, expect, test } from 'vitest'
import { appSchema } from '../../db/index'
import { migrate } from '../../mocks/platform/store/migrate'
import { openPgliteStore } from '../../mocks/platform/store/pglite-store'
import { openPostgresStore } from '../../mocks/platform/store/postgres-store'
import type { SqlStore } from '../../mocks/platform/store/sql-store'
import type { Conversation } from '../../src/domain/conversation'
import { describeOnEveryBackend } from '../support/contract-backends'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'

// Conversations (docs/product/conversations.md) under row-level security, over real HTTP on
// both databases: a user sees, renames and deletes only their own, with their messages.

interface MessageRow {
  id: string
  userId: string
  conversationId: string | null
  modelId: string
  role: string
  content: string
  createdAt: string
  parentId?: string | null
  failure?: string | null
  status?: string
}

describeOnEveryBackend('conversations', ({ signedIn }) => {
  /** Alice with a conversation holding two messages, and Bob, a second user. */
  async function aliceAndBob(tag: string) {
    const alice = await signedIn(`conv-a-${tag}@example.com`)
    const bob = await signedIn(`conv-b-${tag}@example.com`)
    const tables = (client: typeof alice.client) => ({
      conversations: client.db.table<Conversation>('conversations'),
      messages: client.db.table<MessageRow>('chatMessages'),
    })
    const own = await tables(alice.client).conversations.create({
      id: `conv_${tag}_${Date.now()}`,
      userId: alice.userId,
      title: 'Alice plans a trip',
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:00.000Z',
    })
    const message = (role: string, content: string, createdAt: string) => ({
      userId: alice.userId,
      conversationId: own.id,
      modelId: 'gpt-5',
      role,
      content,
      createdAt,
    })
    await tables(alice.client).messages.createMany([
      message('user', 'Where should I go in May?', '2026-05-01T10:00:00.000Z'),
      message('assistant', 'Lisbon.', '2026-05-01T10:00:05.000Z'),
    ])
    return { alice, bob, own, a: tables(alice.client), b: tables(bob.client) }
  }

  test("a failed turn's message keeps why, up to 500 characters; another user cannot mark it", async () => {
    const { a, b, own } = await aliceAndBob('failure')
    const [question] = await a.messages.list({ where: { conversationId: own.id, role: 'user' } })
    const id = question?.id ?? ''
    await a.messages.update(id, { failure: 'OpenAI API error: boom' })
    await expect(a.messages.update(id, { failure: 'x'.repeat(501) })).rejects.toMatchObject({
      status: 400,
    })
    // Bob's write finds no row of his: Alice's mark stays as it was.
    await b.messages.update(id, { failure: 'not yours' }).catch(() => {})
    const [after] = await a.messages.list({ where: { id } })
    expect(after).toMatchObject({ failure: 'OpenAI API error: boom' })
  })

  test('the owner lists, reads and renames a conversation; saving a message makes it the newest', async () => {
    const { alice, own, a } = await aliceAndBob('owner')
    const listed = await a.conversations.list({
      where: { userId: alice.userId },
      orderBy: { updatedAt: 'desc' },
    })
    // The reply saved at 10:00:05 moved the conversation's activity time, and ends it.
    const [reply] = await a.messages.list({ where: { conversationId: own.id, role: 'assistant' } })
    expect(listed).toEqual([
      { ...own, updatedAt: '2026-05-01T10:00:05.000Z', currentLeafId: reply?.id },
    ])
    const renamed = await a.conversations.update(own.id, { title: 'Lisbon in May' })
    expect(renamed.title).toBe('Lisbon in May')
    const messages = await a.messages.list({
      where: { conversationId: own.id },
      orderBy: { createdAt: 'asc' },
    })
    expect(messages.map((m) => m.content)).toEqual(['Where should I go in May?', 'Lisbon.'])
  })

  test('another user cannot list, read, rename or delete a conversation, nor see its messages', async () => {
    const { alice, bob, own, a, b } = await aliceAndBob('others')
    expect(await b.conversations.list()).toEqual([])
    expect(await b.conversations.list({ where: { id: own.id } })).toEqual([])
    expect(await b.messages.list({ where: { conversationId: own.id } })).toEqual([])
    expect(await bob.client.db.sql('select id from conversations')).toEqual([])
    expect(
      await bob.client.db.sql('select id from chat_messages where conversation_id = $1', [own.id]),
    ).toEqual([])

    await expect(b.conversations.update(own.id, { title: 'Hijacked' })).rejects.toThrow(
      'Record with id not found',
    )
    await b.conversations.delete(own.id) // reaches no row
    expect(
      await bob.client.db.sql('delete from conversations where id = $1 returning id', [own.id]),
    ).toEqual([])

    const [still] = await a.conversations.list({ where: { id: own.id } })
    expect(still?.title).toBe('Alice plans a trip')
    expect(await a.messages.count({ where: { conversationId: own.id } })).toBe(2)
    expect(alice.userId).not.toBe(bob.userId)
  })

  test('another user cannot write a message into a conversation, nor move one there, nor claim it', async () => {
    const { alice, bob, own, a, b } = await aliceAndBob('writes')
    // Into Alice's conversation under Bob's name: refused by the policy.
    await expect(
      b.messages.create({
        userId: bob.userId,
        conversationId: own.id,
        modelId: 'gpt-5',
        role: 'user',
        content: 'planted',
      }),
    ).rejects.toMatchObject({ status: 403 })
    // Under Alice's name: refused too.
    await expect(
      b.messages.create({
        userId: alice.userId,
        conversationId: own.id,
        modelId: 'gpt-5',
        role: 'user',
        content: 'planted',
      }),
    ).rejects.toMatchObject({ status: 403 })
    // A message of Bob's own, moved into Alice's conversation.
    const mine = await b.conversations.create({ userId: bob.userId, title: 'Mine' })
    const message = await b.messages.create({
      userId: bob.userId,
      conversationId: mine.id,
      modelId: 'gpt-5',
      role: 'user',
      content: 'mine',
    })
    await expect(b.messages.update(message.id, { conversationId: own.id })).rejects.toMatchObject({
      status: 403,
    })
    // A conversation in Alice's name.
    await expect(
      b.conversations.create({ userId: alice.userId, title: 'For Alice' }),
    ).rejects.toMatchObject({ status: 403 })
    // A missing conversation answers as someone else's does: nothing tells them apart.
    await expect(
      b.messages.create({
        userId: bob.userId,
        conversationId: 'conv_missing',
        modelId: 'gpt-5',
        role: 'user',
        content: 'x',
      }),
    ).rejects.toMatchObject({ status: 403 })

    expect(await a.messages.count({ where: { conversationId: own.id } })).toBe(2)
  })

  test('a reply saved while it streams is one row: written streaming, then complete over it', async () => {
    const { alice, own, a, b } = await aliceAndBob('streaming')
    const draft = {
      id: `msg_${Date.now()}_assistant`,
      userId: alice.userId,
      conversationId: own.id,
      modelId: 'gpt-5',
      role: 'assistant',
      content: 'Lis',
      createdAt: '2026-05-01T10:01:00.000Z',
      status: 'streaming',
    }
    await a.messages.upsert(draft)
    await a.messages.upsert({ ...draft, content: 'Lisbon, in May.', status: 'complete' })
    const rows = await a.messages.list({ where: { conversationId: own.id, role: 'assistant' } })
    expect(rows.filter((row) => row.id === draft.id)).toEqual([
      expect.objectContaining({ content: 'Lisbon, in May.', status: 'complete' }),
    ])
    // Written without a parent, it followed the conversation's end, and kept that parent
    // when written again (docs/product/conversations.md#branches).
    const all = await a.messages.list({
      where: { conversationId: own.id },
      orderBy: { createdAt: 'asc' },
    })
    expect(all.map((row) => row.parentId)).toEqual([null, all[0]?.id, all[1]?.id])
    // A status outside the four is the caller's mistake, said as such.
    await expect(
      a.messages.upsert({ ...draft, id: `${draft.id}_2`, status: 'thinking' }),
    ).rejects.toMatchObject({ status: 400 })
    // Another user's write of the same id is their own row, never over Alice's.
    await b.messages.upsert({ ...draft, content: 'mine' }).catch(() => {})
    const [kept] = await a.messages.list({ where: { id: draft.id } })
    expect(kept?.content).toBe('Lisbon, in May.')
  })

  test('deleting a conversation deletes its messages, and only its own', async () => {
    const { own, a, b, bob } = await aliceAndBob('cascade')
    const mine = await b.conversations.create({ userId: bob.userId, title: 'Mine' })
    await b.messages.create({
      userId: bob.userId,
      conversationId: mine.id,
      modelId: 'gpt-5',
      role: 'user',
      content: 'kept',
    })
    await a.conversations.delete(own.id)
    expect(await a.conversations.list({ where: { id: own.id } })).toEqual([])
    expect(await a.messages.list({ where: { conversationId: own.id } })).toEqual([])
    expect((await b.messages.list()).map((m) => m.content)).toEqual(['kept'])
  })
})

// The move of old history into conversations, checked row by row on both databases: the
// schema at version 4 with messages of several users, then the migration to 5.
const postgres = await postgresAvailability()
const backends = [
  { label: 'PGlite', enabled: true, databaseUrl: undefined },
  { label: 'PostgreSQL', enabled: postgres.available, databaseUrl: TEST_DATABASE_URL },
]
const upTo = (version: number) => ({
  ...appSchema,
  migrations: appSchema.migrations.filter((m) => m.version <= version),
})

/** Old history: multi-line, padded, long and non-ASCII first messages, and ties in time. */
const HISTORY: Array<[user: string, role: string, content: string, createdAt: string]> = [
  ['user_ann', 'user', '  Plan my week\nMonday: gym', '2026-01-01T09:00:00.000Z'],
  ['user_ann', 'assistant', 'Sure.', '2026-01-01T09:00:02.000Z'],
  ['user_ann', 'user', 'Thanks', '2026-02-01T09:00:00.000Z'],
  ['user_ben', 'assistant', 'An answer first', '2026-03-01T08:00:00.000Z'],
  ['user_ben', 'user', `\n\n${'é'.repeat(70)}\nsecond line`, '2026-03-01T08:00:00.000Z'],
  ['user_ben', 'user', 'Later', '2026-03-02T08:00:00.000Z'],
  ['user_cid', 'assistant', 'Only replies', '2026-04-01T00:00:00.000Z'],
  ['user_dee', 'user', '   \n  ', '2026-04-02T00:00:00.000Z'],
]

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(
    `moving old history into conversations, on ${backend.label}`,
    () => {
      const stores: SqlStore[] = []
      const schemas: string[] = []
      afterAll(async () => {
        for (const store of stores) await store.close().catch(() => {})
        if (backend.databaseUrl) for (const schema of schemas) await dropSchema(schema)
      })

      test('loses no row: every message is kept as it was and lands in its user’s one conversation', async () => {
        const schema = `conv_migration_${process.pid}_${Date.now()}`
        schemas.push(schema)
        const store = backend.databaseUrl
          ? await openPostgresStore({
              ownerUrl: backend.databaseUrl,
              servingUrl: backend.databaseUrl,
              schema,
            })
          : await openPgliteStore()
        stores.push(store)
        await migrate(store, upTo(4))
        const rows = () =>
          store.asOwner(async (tx) => {
            const { rows } = await tx.query<Record<string, unknown>>(
              'select * from chat_messages order by id',
            )
            return rows
          })
        await store.asOwner(async (tx) => {
          for (const [i, [user, role, content, createdAt]] of HISTORY.entries()) {
            await tx.query(
              `insert into chat_messages (id, user_id, model_id, role, content, system_prompt_id,
               created_at, status, total_tokens)
             values ($1, $2, 'gpt-5', $3, $4, $5, $6, $7, $8)`,
              [
                `msg_${i}`,
                user,
                role,
                content,
                i % 2 ? 'prompt_1' : null,
                createdAt,
                i === 1 ? 'stopped' : 'complete',
                role === 'assistant' ? 10 + i : null,
              ],
            )
          }
        })
        const before = await rows()
        expect(before).toHaveLength(HISTORY.length)

        // Up to the tree (migration 10), which gives each message a parent of its own.
        await migrate(store, upTo(9))

        const after = await rows()
        expect(after.map(({ conversation_id, ...rest }) => rest)).toEqual(before)
        expect(after.map((row) => [row.id, row.conversation_id])).toEqual(
          before.map((row) => [row.id, `conv_legacy_${row.user_id}`]),
        )
        const conversations = await store.asOwner(async (tx) => {
          const { rows } = await tx.query<{
            id: string
            user_id: string
            title: string
            created_at: Date
            updated_at: Date
          }>('select * from conversations order by id')
          return rows.map((row) => ({
            id: row.id,
            userId: row.user_id,
            title: row.title,
            createdAt: new Date(row.created_at).toISOString(),
            updatedAt: new Date(row.updated_at).toISOString(),
          }))
        })
        expect(conversations).toEqual([
          {
            id: 'conv_legacy_user_ann',
            userId: 'user_ann',
            title: 'Plan my week',
            createdAt: '2026-01-01T09:00:00.000Z',
            updatedAt: '2026-02-01T09:00:00.000Z',
          },
          {
            id: 'conv_legacy_user_ben',
            userId: 'user_ben',
            title: 'é'.repeat(60),
            createdAt: '2026-03-01T08:00:00.000Z',
            updatedAt: '2026-03-02T08:00:00.000Z',
          },
          {
            id: 'conv_legacy_user_cid',
            userId: 'user_cid',
            title: 'New chat',
            createdAt: '2026-04-01T00:00:00.000Z',
            updatedAt: '2026-04-01T00:00:00.000Z',
          },
          {
            id: 'conv_legacy_user_dee',
            userId: 'user_dee',
            title: 'New chat',
            createdAt: '2026-04-02T00:00:00.000Z',
            updatedAt: '2026-04-02T00:00:00.000Z',
          },
        ])
        // Running it again changes nothing.
        expect(await migrate(store, upTo(9))).toEqual([])
        expect(await rows()).toEqual(after)
      })
    },
  )
}
