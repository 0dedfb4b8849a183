import { expect, test } from 'vitest'
import type { Conversation } from '../../src/domain/conversation'
import { type SearchResult, snippetParts } from '../../src/domain/search-result'
import { searchEverything } from '../../src/effects/search-everything'
import { describeOnEveryBackend } from '../support/contract-backends'

// Search (docs/product/search.md) over real HTTP on both databases: PostgreSQL's full-text
// search over the caller's conversations and the prompts they may read, under row-level
// security, with the matches marked in each snippet.

interface MessageRow {
  id?: string
  userId: string
  conversationId: string
  modelId: string
  role: string
  content: string
  createdAt: string
}

interface PromptRow {
  id?: string
  userId: string
  title: string
  content: string
  type: 'user' | 'system'
  isPublic: '0' | '1'
}

/** A result's snippet as read, matches in brackets: "a [trip] to Lisbon". */
const marked = (result: SearchResult | undefined) =>
  snippetParts(result?.snippet ?? '')
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('')

describeOnEveryBackend('search', ({ signedIn }) => {
  let runs = 0
  /** Alice with two conversations and prompts, Bob with his own conversation and prompts. */
  async function aliceAndBob() {
    const tag = `${Date.now()}_${++runs}`
    const alice = await signedIn(`search-a-${tag}@example.com`)
    const bob = await signedIn(`search-b-${tag}@example.com`)
    const conversationOf = async (user: typeof alice, title: string, lines: string[]) => {
      const id = `conv_${title.replaceAll(' ', '_')}_${tag}`
      await user.client.db.table<Conversation>('conversations').create({
        id,
        userId: user.userId,
        title,
        createdAt: '2026-05-01T10:00:00.000Z',
        updatedAt: '2026-05-01T10:00:00.000Z',
      })
      const rows = await user.client.db.table<MessageRow>('chatMessages').createMany(
        lines.map((content, i) => ({
          id: `msg_${id}_${i + 1}`,
          userId: user.userId,
          conversationId: id,
          modelId: 'gpt-5',
          role: i % 2 === 0 ? 'user' : 'assistant',
          content,
          createdAt: new Date(Date.parse('2026-05-01T10:00:00.000Z') + i * 1000).toISOString(),
        })),
      )
      return { id, messageIds: rows.map((row) => row.id) }
    }
    const promptOf = (user: typeof alice, row: Omit<PromptRow, 'userId'>) =>
      user.client.db.table<PromptRow>('prompts').create({ ...row, userId: user.userId })
    const trip = await conversationOf(alice, 'Spring holiday', [
      'Where should I go in May?',
      'Lisbon is lovely in May: trams, tiles and custard tarts.',
      'And where do I sleep?',
      'Alfama has small hotels on the hill.',
    ])
    const cooking = await conversationOf(alice, 'Custard tarts at home', [
      'How do I bake pastéis de nata?',
      'Puff pastry, a custard of milk, sugar and yolks, and a very hot oven.',
    ])
    const bobs = await conversationOf(bob, 'Bob in Lisbon', ['Lisbon secrets of Bob: the tram 28'])
    await promptOf(alice, {
      title: 'Travel planner',
      content: 'Plan a trip to {{city}} with trams and museums.',
      type: 'user',
      isPublic: '0',
    })
    const bobPublic = await promptOf(bob, {
      title: 'Lisbon guide',
      content: 'You are a guide to Lisbon and its trams.',
      type: 'system',
      isPublic: '1',
    })
    await promptOf(bob, {
      title: 'Bob private tram notes',
      content: 'My own tram timetable.',
      type: 'user',
      isPublic: '0',
    })
    return { alice, bob, trip, cooking, bobs, bobPublic, conversationOf }
  }

  test('finds own conversations by message and title, best first, with the matches marked', async () => {
    const { alice, trip, cooking } = await aliceAndBob()
    const results = await searchEverything(alice.client.db, 'custard tarts')
    const conversations = results.filter((r) => r.kind === 'conversation')
    // The title names it outright; the trip only mentions it once.
    expect(conversations.map((r) => r.id)).toEqual([cooking.id, trip.id])
    expect(conversations[0]).toMatchObject({ title: 'Custard tarts at home', messageId: null })
    expect(marked(conversations[0])).toBe('[Custard] [tarts] at home')
    expect(conversations[1]).toMatchObject({
      title: 'Spring holiday',
      messageId: trip.messageIds[1],
    })
    expect(marked(conversations[1])).toContain('[custard] [tarts]')
  })

  test('words are stemmed, quotes ask for a phrase, and a minus leaves a word out', async () => {
    const { alice, trip, cooking } = await aliceAndBob()
    const ids = async (query: string) =>
      (await searchEverything(alice.client.db, query))
        .filter((r) => r.kind === 'conversation')
        .map((r) => r.id)
    // "hotel" finds "hotels", "baking" finds "bake".
    expect(await ids('hotel')).toEqual([trip.id])
    expect(await ids('baking')).toEqual([cooking.id])
    expect(await ids('"small hotels"')).toEqual([trip.id])
    expect(await ids('"hotels small"')).toEqual([])
    expect(await ids('custard -lisbon')).toEqual([cooking.id])
    expect(await ids('lisbon or pastry')).toEqual(expect.arrayContaining([trip.id, cooking.id]))
  })

  test("never returns, nor counts, another user's conversation or private prompt", async () => {
    const { alice, bob, bobs, bobPublic, trip } = await aliceAndBob()
    const aliceSees = await searchEverything(alice.client.db, 'lisbon tram')
    expect(aliceSees.some((r) => r.id === bobs.id)).toBe(false)
    expect(aliceSees.map((r) => r.title)).not.toContain('Bob private tram notes')
    // Bob's public prompt is for everyone, and says it is not hers (other runs' are public too).
    expect(aliceSees.find((r) => r.id === bobPublic.id)).toMatchObject({
      kind: 'prompt',
      title: 'Lisbon guide',
      own: false,
      promptType: 'system',
    })
    const bobSees = await searchEverything(bob.client.db, 'lisbon')
    expect(bobSees.filter((r) => r.kind === 'conversation').map((r) => r.id)).toEqual([bobs.id])
    expect(bobSees.some((r) => r.id === trip.id)).toBe(false)
  })

  test('own prompts are found, private or public; a prompt the user hid is not', async () => {
    const { alice, bobPublic } = await aliceAndBob()
    // Only this run's prompts: other runs' public ones are found too, as they should be.
    const prompts = async () =>
      (await searchEverything(alice.client.db, 'tram')).filter(
        (r) => r.kind === 'prompt' && (r.own || r.id === bobPublic.id),
      )
    expect((await prompts()).map((r) => r.title).sort()).toEqual(['Lisbon guide', 'Travel planner'])
    expect((await prompts()).find((r) => r.title === 'Travel planner')).toMatchObject({
      own: true,
      promptType: 'user',
    })
    await alice.client.db
      .table<{ userId: string; promptId: string }>('userPromptDeletions')
      .create({ userId: alice.userId, promptId: bobPublic.id })
    expect((await prompts()).map((r) => r.title)).toEqual(['Travel planner'])
  })

  test('text that is no query, hostile or huge, finds nothing and fails nothing', async () => {
    const { alice } = await aliceAndBob()
    for (const query of [
      '',
      '   ',
      'the and of',
      '"',
      '-',
      '!!&|<->',
      "'); drop table prompts; --",
    ])
      expect(await searchEverything(alice.client.db, query)).toEqual([])
    // Only the first 200 characters count.
    expect(await searchEverything(alice.client.db, `${'x'.repeat(200)} lisbon`)).toEqual([])
    const many = await searchEverything(alice.client.db, `lisbon ${'word '.repeat(5000)}`)
    expect(many).toEqual([])
  })

  test('a snippet never carries the marks of the text itself', async () => {
    const { alice, conversationOf } = await aliceAndBob()
    await conversationOf(alice, 'Marks', [
      'A \u0002fake\u0003 mark beside a real zeppelin <b>bold</b>',
    ])
    const [found] = await searchEverything(alice.client.db, 'zeppelin')
    expect(marked(found)).toBe('A fake mark beside a real [zeppelin] <b>bold</b>')
  })

  test('a long text is cut around its matches, a short one shown whole', async () => {
    const { alice, conversationOf } = await aliceAndBob()
    const filler = (word: string) => `${word} `.repeat(200)
    await conversationOf(alice, 'Long', [`${filler('before')}the quokka smiles${filler(' after')}`])
    const [found] = await searchEverything(alice.client.db, 'quokka')
    expect(marked(found)).toContain('the [quokka] smiles')
    expect(found!.snippet.length).toBeLessThan(400)
  })
})
