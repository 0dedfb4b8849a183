import { expect, test } from 'vitest'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { Conversation } from '../../src/domain/conversation'
import { withOlderPage } from '../../src/domain/history-page'
import { readNewestPage, readOlderPage } from '../../src/effects/history-pages'
import { describeOnEveryBackend } from '../support/contract-backends'

// Long conversations (docs/product/conversations.md, "Long conversations") over real HTTP on
// both databases: a conversation opens at its newest 100 messages, and the pages before them
// are complete and in order, whatever is sent meanwhile.

describeOnEveryBackend('history pages', ({ signedIn }) => {
  /** A user with a conversation of `count` messages, one second apart, some sharing a time. */
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
    // Every tenth message shares its time with the one before: only the id orders them.
    const at = (n: number) => new Date(start + (n - (n % 10 === 0 ? 1 : 0)) * 1000).toISOString()
    const row = (n: number): Partial<ChatMessage> => ({
      id: `msg_${String(n).padStart(5, '0')}`,
      userId: user.userId,
      conversationId: id,
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
    return { user, messages, id, row }
  }

  const contents = (page: ChatMessage[]) => page.map((m) => m.content)
  const numbered = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `message ${from + i}`)

  test('exactly a page, or a page and one: the page says whether anything is older', async () => {
    const exact = await conversationOf(100, 'exact')
    const whole = await readNewestPage(exact.messages, exact.user.userId, exact.id)
    expect(contents(whole.messages)).toEqual(numbered(1, 100))
    expect(whole.hasOlder).toBe(false)
    const more = await conversationOf(101, 'more')
    const newest = await readNewestPage(more.messages, more.user.userId, more.id)
    expect(contents(newest.messages)).toEqual(numbered(2, 101))
    expect(newest.hasOlder).toBe(true)
    const first = await readOlderPage(more.messages, more.user.userId, more.id, 'msg_00002')
    expect(first).toEqual({
      messages: [expect.objectContaining({ content: 'message 1' })],
      hasOlder: false,
    })
  })

  test('a conversation that fits in one page is read whole, oldest first, nothing older', async () => {
    const { user, messages, id } = await conversationOf(42, 'short')
    const page = await readNewestPage(messages, user.userId, id)
    expect(contents(page.messages)).toEqual(numbered(1, 42))
    expect(page.hasOlder).toBe(false)
  })

  test('a long one opens at its newest 100; scrolling up reaches the first, each page once', async () => {
    const { user, messages, id } = await conversationOf(250, 'long')
    const newest = await readNewestPage(messages, user.userId, id)
    expect(contents(newest.messages)).toEqual(numbered(151, 250))
    expect(newest.hasOlder).toBe(true)
    let shown = newest.messages
    let hasOlder = newest.hasOlder
    let pages = 0
    while (hasOlder) {
      const older = await readOlderPage(messages, user.userId, id, shown[0]?.id ?? null)
      shown = withOlderPage(older.messages, shown)
      hasOlder = older.hasOlder
      pages++
    }
    expect(contents(shown)).toEqual(numbered(1, 250))
    expect(pages).toBe(2)
  })

  test('messages sent while the user scrolls up neither repeat nor hide a page', async () => {
    const { user, messages, id, row } = await conversationOf(230, 'busy')
    const newest = await readNewestPage(messages, user.userId, id)
    expect(contents(newest.messages)).toEqual(numbered(131, 230))
    // Another tab keeps the conversation going between the pages.
    await messages.createMany([231, 232, 233].map(row))
    const older = await readOlderPage(messages, user.userId, id, newest.messages[0]?.id ?? null)
    expect(contents(older.messages)).toEqual(numbered(31, 130))
    const oldest = await readOlderPage(messages, user.userId, id, older.messages[0]?.id ?? null)
    expect(contents(oldest.messages)).toEqual(numbered(1, 30))
    expect(oldest.hasOlder).toBe(false)
  })

  test("another user's conversation reads as empty, and a page before its message fails", async () => {
    const { messages, id } = await conversationOf(120, 'owner')
    const bob = await signedIn('history-bob@example.com')
    const bobsView = bob.client.db.table<ChatMessage>('chatMessages')
    expect(await readNewestPage(bobsView, bob.userId, id)).toEqual({
      messages: [],
      hasOlder: false,
    })
    // Alice's message id means nothing to Bob: the platform refuses the position.
    const [first] = await messages.list({ where: { conversationId: id }, limit: 1 })
    await expect(readOlderPage(bobsView, bob.userId, id, first?.id ?? '')).rejects.toThrow()
  })
})
