import { expect, test } from 'vitest'
import { migrate } from '../../mocks/platform/store/migrate'
import { describeMigrationOnBothStores, upTo } from '../support/migration-stores'

// Migration 10 (db/migrations/conversation-tree.ts, docs/product/conversations.md#branches) on
// both databases: every message written as a list gets the one before it as its parent, by
// time and then id, per conversation and per user; every conversation ends at its newest
// message; no row and no field is lost.

describeMigrationOnBothStores('conversation tree migration', (openStore) => {
  test('gives every message the one before it as parent, and each conversation its newest', async () => {
    const store = await openStore()
    await migrate(store, upTo(9))
    await store.asOwner(async (tx) => {
      // Two users with the same conversation id, their messages interleaved in time; two
      // messages share a time, where the id decides; one conversation has none.
      for (const user of ['user_ann', 'user_ben']) {
        await tx.query(`insert into conversations (id, user_id, title) values ($1, $2, 'T')`, [
          'conv_1',
          user,
        ])
        await tx.query(`insert into conversations (id, user_id, title) values ($1, $2, 'E')`, [
          'conv_empty',
          user,
        ])
      }
      const at = (s: number) => `2026-05-01T10:00:${String(s).padStart(2, '0')}Z`
      const messages: Array<[string, string, string, string]> = [
        ['user_ann', 'm_c', 'user', at(3)],
        ['user_ben', 'm_a', 'user', at(1)],
        ['user_ann', 'm_a', 'user', at(1)],
        ['user_ann', 'm_b', 'assistant', at(2)],
        ['user_ann', 'm_e', 'assistant', at(4)],
        ['user_ann', 'm_d', 'assistant', at(4)],
        ['user_ben', 'm_b', 'assistant', at(5)],
      ]
      for (const [user, id, role, createdAt] of messages) {
        await tx.query(
          `insert into chat_messages
         (id, user_id, model_id, role, content, conversation_id, created_at, status)
       values ($1, $2, 'gpt-5', $3, $1, 'conv_1', $4, 'complete')`,
          [id, user, role, createdAt],
        )
      }
    })
    const messages = () =>
      store.asOwner(async (tx) => {
        const { rows } = await tx.query(
          'select * from chat_messages order by user_id, created_at, id',
        )
        return rows
      })
    const before = await messages()

    await migrate(store, upTo(10))

    const after = await messages()
    // Nothing lost: the same rows with the same fields, and a parent each.
    expect(after.map(({ parent_id: _parent, ...rest }) => rest)).toEqual(before)
    expect(after.map((m) => [m.user_id, m.id, m.parent_id])).toEqual([
      ['user_ann', 'm_a', null],
      ['user_ann', 'm_b', 'm_a'],
      ['user_ann', 'm_c', 'm_b'],
      ['user_ann', 'm_d', 'm_c'],
      ['user_ann', 'm_e', 'm_d'],
      ['user_ben', 'm_a', null],
      ['user_ben', 'm_b', 'm_a'],
    ])
    const leaves = await store.asOwner(
      async (tx) =>
        (
          await tx.query(
            'select user_id, id, current_leaf_id from conversations order by user_id, id',
          )
        ).rows,
    )
    expect(leaves).toEqual([
      { user_id: 'user_ann', id: 'conv_1', current_leaf_id: 'm_e' },
      { user_id: 'user_ann', id: 'conv_empty', current_leaf_id: null },
      { user_id: 'user_ben', id: 'conv_1', current_leaf_id: 'm_b' },
      { user_id: 'user_ben', id: 'conv_empty', current_leaf_id: null },
    ])
    // A parent lies in the message's own conversation, and is never the message itself.
    await expect(
      store.asOwner((tx) =>
        tx.query(
          `insert into chat_messages (id, user_id, model_id, role, content, conversation_id, parent_id)
       values ('m_x', 'user_ann', 'gpt-5', 'user', 'x', 'conv_empty', 'm_a')`,
        ),
      ),
    ).rejects.toThrow(/foreign key/)
    await expect(
      store.asOwner((tx) =>
        tx.query(
          `insert into chat_messages (id, user_id, model_id, role, content, conversation_id, parent_id)
       values ('m_y', 'user_ann', 'gpt-5', 'user', 'y', 'conv_1', 'm_y')`,
        ),
      ),
    ).rejects.toThrow()
    // Running it again changes nothing.
    expect(await migrate(store, upTo(10))).toEqual([])
  })
})
