import { expect, test } from 'vitest'
import { searchEverything } from '../../src/effects/search-everything'
import { describeOnEveryBackend } from '../support/contract-backends'

// Each message's words, stored as it is written (db/migrations/search-vectors.ts), over real
// HTTP on both databases: they follow the message's text, go with the message, are read by
// their owner only, and no caller writes them.

describeOnEveryBackend('stored search words', ({ signedIn, clientFor }) => {
  let runs = 0
  async function withMessage(content: string) {
    const tag = `${Date.now()}_${++runs}`
    const user = await signedIn(`vectors-${tag}@example.com`)
    const conversationId = `conv_vectors_${tag}`
    await user.client.db
      .table('conversations')
      .create({ id: conversationId, userId: user.userId, title: 'Notes' })
    const messages = user.client.db.table<{
      id: string
      userId: string
      conversationId: string
      modelId: string
      role: string
      content: string
    }>('chatMessages')
    const message = await messages.create({
      id: `msg_${tag}`,
      userId: user.userId,
      conversationId,
      modelId: 'gpt-5',
      role: 'user',
      content,
    })
    const found = async (word: string) =>
      (await searchEverything(user.client.db, word)).map(
        (r) => r.kind === 'conversation' && r.messageId,
      )
    return { user, messages, message, found }
  }

  test('a message is found by its words, by its new words once edited, and not once deleted', async () => {
    const { messages, message, found } = await withMessage('A ferry across the Tagus at dusk')
    expect(await found('ferry')).toEqual([message.id])
    await messages.update(message.id, { content: 'A tram up to the castle instead' })
    expect(await found('ferry')).toEqual([])
    expect(await found('castle')).toEqual([message.id])
    await messages.delete(message.id)
    expect(await found('castle')).toEqual([])
  })

  test('the words are their owner’s to read, and nobody’s to write', async () => {
    const { user, message } = await withMessage('Pastries in Belém')
    const vectors = (client: typeof user.client) =>
      client.db.sql<{ messageId: string }>('select message_id from chat_message_vectors')
    expect((await vectors(user.client)).map((row) => row.messageId)).toEqual([message.id])
    const other = await signedIn(`vectors-other-${Date.now()}_${++runs}@example.com`)
    expect(await vectors(other.client)).toEqual([])
    expect((await vectors(clientFor()).catch((e) => e)).status).toBe(401)
    const forged = await user.client.db
      .sql(
        `insert into chat_message_vectors (user_id, message_id, created_at, vector)
           values ($1, $2, now(), to_tsvector('english', 'forged'))`,
        [user.userId, message.id],
      )
      .catch((e) => e)
    expect(forged.status).toBe(403)
    const trigger = await user.client.db.sql('select chat_messages_store_vector()').catch((e) => e)
    expect([400, 403]).toContain(trigger.status)
  })
})
