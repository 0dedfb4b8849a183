import { expect, test } from 'vitest'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { Conversation } from '../../src/domain/conversation'
import { withOlderPage } from '../../src/domain/history-page'
import { totalOf } from '../../src/domain/model-prices'
import { readConversationSpend } from '../../src/effects/conversation-spend'
import { readPage } from '../../src/effects/history-pages'
import { openBranch } from '../../src/effects/open-branch'
import { describeOnEveryBackend } from '../support/contract-backends'

// Long conversations and branches (docs/product/conversations.md, "Long conversations",
// #branches) over real HTTP on both databases: a conversation opens at the newest 100 messages
// of its current branch, the pages before them are complete and in order whatever is sent
// meanwhile, and another version shows with its own branch, remembered.

describeOnEveryBackend('history pages', ({ signedIn }) => {
  /** A user with a conversation of `count` messages in one line, one second apart, some sharing a time. */
  async function conversationOf(count: number, tag: string) {
    const user = await signedIn(`history-${tag}-${count}@example.com`)
    const conversations = user.client.db.table<Conversation>('conversations')
    const messages = user.client.db.table<ChatMessage>('chatMessages')
    const id = `conv_${tag}_${Date.now()}`
    const start = Date.parse('2026-05-01T10:00:00.000Z')
    await conversations.create({
      id,
      userId: user.userId,
      title: 'A long one',
      createdAt: new Date(start).toISOString(),
      updatedAt: new Date(start).toISOString(),
    })
    // Every tenth message shares its time with the one before: only the tree orders them.
    const at = (n: number) => new Date(start + (n - (n % 10 === 0 ? 1 : 0)) * 1000).toISOString()
    const idOf = (n: number) => `msg_${String(n).padStart(5, '0')}`
    const row = (n: number, parent: number | null = n - 1): Partial<ChatMessage> => ({
      id: idOf(n),
      userId: user.userId,
      conversationId: id,
      parentId: parent === null || parent < 1 ? null : idOf(parent),
      modelId: 'gpt-5',
      role: n % 2 === 1 ? 'user' : 'assistant',
      content: `message ${n}`,
      systemPromptId: null,
      createdAt: at(n),
    })
    for (let n = 1; n <= count; n += 100) {
      const batch = Array.from({ length: Math.min(100, count - n + 1) }, (_, i) => row(n + i))
      await messages.createMany(batch)
    }
    return { user, db: user.client.db, messages, id, row, idOf }
  }

  const contents = (page: ChatMessage[]) => page.map((m) => m.content)
  const numbered = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `message ${from + i}`)

  test('exactly a page, or a page and one: the page says whether anything is older', async () => {
    const exact = await conversationOf(100, 'exact')
    const whole = await readPage(exact.db, exact.id)
    expect(contents(whole.messages)).toEqual(numbered(1, 100))
    expect(whole.hasOlder).toBe(false)
    const more = await conversationOf(101, 'more')
    const newest = await readPage(more.db, more.id)
    expect(contents(newest.messages)).toEqual(numbered(2, 101))
    expect(newest.hasOlder).toBe(true)
    const first = await readPage(more.db, more.id, 'msg_00001')
    expect(first).toEqual({
      messages: [expect.objectContaining({ content: 'message 1', parentId: null })],
      hasOlder: false,
      versions: {},
    })
  })

  test('a conversation that fits in one page is read whole, oldest first, nothing older', async () => {
    const { db, id } = await conversationOf(42, 'short')
    const page = await readPage(db, id)
    expect(contents(page.messages)).toEqual(numbered(1, 42))
    expect(page.hasOlder).toBe(false)
    expect(page.messages[1]).toMatchObject({ id: 'msg_00002', parentId: 'msg_00001' })
  })

  test('a long one opens at its newest 100; scrolling up reaches the first, each page once', async () => {
    const { db, id } = await conversationOf(250, 'long')
    const newest = await readPage(db, id)
    expect(contents(newest.messages)).toEqual(numbered(151, 250))
    expect(newest.hasOlder).toBe(true)
    let shown = newest.messages
    let hasOlder = newest.hasOlder
    let pages = 0
    while (hasOlder) {
      const older = await readPage(db, id, shown[0]?.parentId ?? '')
      shown = withOlderPage(older.messages, shown)
      hasOlder = older.hasOlder
      pages++
    }
    expect(contents(shown)).toEqual(numbered(1, 250))
    expect(pages).toBe(2)
  })

  test('messages sent while the user scrolls up neither repeat nor hide a page', async () => {
    const { db, messages, id, row } = await conversationOf(230, 'busy')
    const newest = await readPage(db, id)
    expect(contents(newest.messages)).toEqual(numbered(131, 230))
    // Another tab keeps the conversation going between the pages.
    await messages.createMany([231, 232, 233].map((n) => row(n)))
    const older = await readPage(db, id, newest.messages[0]?.parentId ?? '')
    expect(contents(older.messages)).toEqual(numbered(31, 130))
    const oldest = await readPage(db, id, older.messages[0]?.parentId ?? '')
    expect(contents(oldest.messages)).toEqual(numbered(1, 30))
    expect(oldest.hasOlder).toBe(false)
    expect(contents((await readPage(db, id)).messages)).toEqual(numbered(134, 233))
  })

  test('an edit and a regeneration are versions; another version shows its branch, remembered', async () => {
    const { db, messages, id, row, idOf } = await conversationOf(4, 'branches')
    // 1 → 2 → 3 → 4; message 3 edited as 5 (a sibling of 3) and answered by 6; then reply 6
    // regenerated as 7 (a sibling of 6). The newest message saved is where the branch ends.
    await messages.create(row(5, 2))
    await messages.create(row(6, 5))
    await messages.create({ ...row(7, 5), role: 'assistant' })
    const newest = await readPage(db, id)
    expect(contents(newest.messages)).toEqual(['message 1', 'message 2', 'message 5', 'message 7'])
    expect(newest.versions).toEqual({
      [idOf(5)]: [idOf(3), idOf(5)],
      [idOf(7)]: [idOf(6), idOf(7)],
    })
    // Back to the first version of message 3: its branch, to its newest message.
    const first = await openBranch(db, id, idOf(3))
    expect(contents(first.messages)).toEqual(numbered(1, 4))
    expect(first.versions).toEqual({ [idOf(3)]: [idOf(3), idOf(5)] })
    // Remembered: the conversation opens there again.
    expect(contents((await readPage(db, id)).messages)).toEqual(numbered(1, 4))
    // The edited branch ends at its newest reply (the regeneration), wherever it was left.
    const edited = await openBranch(db, id, idOf(5))
    expect(contents(edited.messages)).toEqual(['message 1', 'message 2', 'message 5', 'message 7'])
    const older = await openBranch(db, id, idOf(6))
    expect(contents(older.messages)).toEqual(['message 1', 'message 2', 'message 5', 'message 6'])
    // A message that is not the user's (or not there) changes nothing.
    const unknown = await openBranch(db, id, 'msg_nobody')
    expect(contents(unknown.messages)).toEqual(contents(older.messages))
  })

  test("another user's conversation reads as empty, and its branches can't be opened", async () => {
    const { db, id, idOf } = await conversationOf(120, 'owner')
    const bob = await signedIn('history-bob@example.com')
    const empty = { messages: [], hasOlder: false, versions: {} }
    expect(await readPage(bob.client.db, id)).toEqual(empty)
    expect(await readPage(bob.client.db, id, idOf(50))).toEqual(empty)
    expect(await openBranch(bob.client.db, id, idOf(50))).toEqual(empty)
    expect((await readPage(db, id)).messages).toHaveLength(100)
  })

  test("the conversation's total counts every reply with usage: every branch, every page, nobody else's", async () => {
    const { db, messages, id, row, idOf } = await conversationOf(250, 'spend')
    const usage = (prompt: number | null, completion: number | null, total: number | null) => ({
      promptTokens: prompt,
      completionTokens: completion,
      totalTokens: total,
    })
    // Reply 2 (on the oldest page), reply 250 (the newest), a regeneration of 250 on another
    // branch with another model, one with only a total, and one without usage (stopped early).
    await messages.update(idOf(2), usage(100, 20, 120))
    await messages.update(idOf(250), usage(1000, 500, 1500))
    await messages.create({
      ...row(251, 249),
      role: 'assistant',
      modelId: 'claude-haiku-4-5',
      ...usage(1000, 100, null),
    })
    await messages.update(idOf(4), usage(null, null, 7))
    const rows = await readConversationSpend(db, id)
    expect(rows).toEqual([
      {
        modelId: 'claude-haiku-4-5',
        replies: 1,
        promptTokens: 1000,
        completionTokens: 100,
        totalTokens: 1100,
      },
      {
        modelId: 'gpt-5',
        replies: 3,
        promptTokens: 1100,
        completionTokens: 520,
        totalTokens: 1627,
      },
    ])
    // What a user sees under the conversation: the same as adding up the rows one by one.
    const all = await messages.list({ where: { conversationId: id } })
    const { cost, ...counts } = totalOf(rows)
    expect({ ...counts, cost: 0 }).toEqual({ ...totalOf(all), cost: 0 })
    expect(cost).toBeCloseTo(totalOf(all).cost, 12)
    expect(counts.replies).toBe(4)
    // Another user asking for it gets nothing; it says nothing of the conversation either.
    const bob = await signedIn('spend-bob@example.com')
    expect(await readConversationSpend(bob.client.db, id)).toEqual([])
  })

  test('no user attaches a message to another conversation or to another user’s message', async () => {
    const alice = await conversationOf(2, 'tree-alice')
    const bob = await conversationOf(2, 'tree-bob')
    // Into Alice's conversation: row-level security refuses it.
    await expect(
      bob.messages.create({ ...bob.row(3), conversationId: alice.id, parentId: alice.idOf(2) }),
    ).rejects.toThrow()
    // Under Alice's message, in Bob's own conversation: no such parent for Bob.
    await expect(
      bob.messages.create({ ...bob.row(3), id: 'msg_bob_3', parentId: 'msg_alice_only' }),
    ).rejects.toThrow()
    // Under a message of another of Bob's own conversations: a parent is in the same one.
    const other = await bob.user.client.db.table<Conversation>('conversations').create({
      id: `conv_other_${Date.now()}`,
      userId: bob.user.userId,
      title: 'Other',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    await expect(
      bob.messages.create({ ...bob.row(3), conversationId: other.id, parentId: bob.idOf(2) }),
    ).rejects.toThrow()
    expect(contents((await readPage(alice.db, alice.id)).messages)).toEqual(numbered(1, 2))
    expect(contents((await readPage(bob.db, bob.id)).messages)).toEqual(numbered(1, 2))
  })
})
