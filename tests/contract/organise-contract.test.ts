import { expect, test } from 'vitest'
import type { Conversation } from '../../src/domain/conversation'
import type { ConversationFolder } from '../../src/domain/conversation-folder'
import { describeOnEveryBackend } from '../support/contract-backends'

// Pins and folders (docs/product/conversations.md#pins-and-folders) over real HTTP on both
// databases: folders are their owner's alone, a conversation goes only into its owner's folder,
// and deleting a folder keeps its conversations, moved in the same call.

describeOnEveryBackend('pins and folders', ({ signedIn }) => {
  let runs = 0
  async function aliceAndBob() {
    const tag = `${Date.now()}_${++runs}`
    const alice = await signedIn(`organise-a-${tag}@example.com`)
    const bob = await signedIn(`organise-b-${tag}@example.com`)
    const tables = (user: typeof alice) => ({
      folders: user.client.db.table<ConversationFolder>('conversationFolders'),
      conversations: user.client.db.table<Conversation>('conversations'),
    })
    const a = tables(alice)
    const b = tables(bob)
    const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`
    const chat = (title: string, minute: number) =>
      a.conversations.create({
        userId: alice.userId,
        title,
        createdAt: at(minute),
        updatedAt: at(minute),
      })
    return { alice, bob, a, b, chat, at }
  }

  test('a pinned conversation lists first, and pinning keeps its time', async () => {
    const { a, chat, at } = await aliceAndBob()
    const old = await chat('Old', 1)
    await chat('New', 2)
    expect(old.pinned).toBe(false)
    expect(old.folderId).toBeNull()
    const pinned = await a.conversations.update(old.id, { pinned: true, updatedAt: old.updatedAt })
    expect(pinned.pinned).toBe(true)
    expect(Date.parse(pinned.updatedAt)).toBe(Date.parse(at(1)))
    const list = await a.conversations.list({
      orderBy: [{ pinned: 'desc' }, { updatedAt: 'desc' }, { id: 'desc' }],
    })
    expect(list.map((c) => c.title)).toEqual(['Old', 'New'])
  })

  test('folders are their owner’s: another user neither sees, renames, fills nor deletes one', async () => {
    const { alice, bob, a, b, chat } = await aliceAndBob()
    const work = await a.folders.create({ id: 'folder_1', userId: alice.userId, name: 'Work' })
    const plan = await chat('Plan', 1)
    const moved = await a.conversations.update(plan.id, { folderId: work.id })
    expect(moved.folderId).toBe(work.id)

    expect(await b.folders.list()).toEqual([])
    expect(await bob.client.db.sql('select id from conversation_folders')).toEqual([])
    await expect(b.folders.update(work.id, { name: 'Mine' })).rejects.toThrow(
      'Record with id not found',
    )
    // Bob's conversation into Alice's folder id: there is no such folder of his.
    const his = await b.conversations.create({ userId: bob.userId, title: 'His' })
    const refused = await b.conversations.update(his.id, { folderId: work.id }).catch((e) => e)
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    // A folder in Alice's name.
    await expect(
      b.folders.create({ id: 'folder_2', userId: alice.userId, name: 'Planted' }),
    ).rejects.toMatchObject({ status: 403 })
    // Deleting it through the database's own function reaches nothing of hers.
    expect(
      await bob.client.db.sql('select * from delete_conversation_folder($1, null)', [work.id]),
    ).toEqual([])
    expect((await a.folders.list()).map((f) => f.name)).toEqual(['Work'])
    const [still] = await a.conversations.list({ where: { id: plan.id } })
    expect(still?.folderId).toBe(work.id)
  })

  test('two users may each have a folder of the same id and name', async () => {
    const { alice, bob, a, b } = await aliceAndBob()
    await a.folders.create({ id: 'folder_same', userId: alice.userId, name: 'Work' })
    const his = await b.folders.create({ id: 'folder_same', userId: bob.userId, name: 'Work' })
    expect(his.name).toBe('Work')
  })

  test('a folder name is 1 to 40 characters, trimmed, and unique per user whatever its case', async () => {
    const { alice, a } = await aliceAndBob()
    await a.folders.create({ id: 'f1', userId: alice.userId, name: 'Work' })
    for (const name of ['', ' Padded', 'x'.repeat(41)]) {
      const error = await a.folders
        .create({ id: `f_${name.length}`, userId: alice.userId, name })
        .catch((e) => e)
      expect(error.status, name).toBeGreaterThanOrEqual(400)
      expect(error.status, name).toBeLessThan(500)
    }
    const duplicate = await a.folders
      .create({ id: 'f2', userId: alice.userId, name: 'WORK' })
      .catch((e) => e)
    expect(duplicate.status).toBe(409)
    expect((await a.folders.list()).map((f) => f.name)).toEqual(['Work'])
    expect(
      (await a.folders.create({ id: 'f3', userId: alice.userId, name: 'x'.repeat(40) })).name,
    ).toHaveLength(40)
  })

  test('a user keeps at most 50 folders, whatever writes the 51st; another user is not held back', async () => {
    const { alice, bob, a, b } = await aliceAndBob()
    // 49 in one statement, then the 50th as the app creates it.
    await alice.client.db.sql(
      "insert into conversation_folders (user_id, id, name) select $1, 'f_' || n, 'Folder ' || n from generate_series(1, 49) n",
      [alice.userId],
    )
    await a.folders.create({ id: 'f_50', userId: alice.userId, name: 'Fiftieth' })
    const refused = await a.folders
      .create({ id: 'f_51', userId: alice.userId, name: 'One too many' })
      .catch((e) => e)
    expect(refused.status).toBe(400)
    expect(refused.message).toBe('You can keep at most 50 folders')
    const bySql = await alice.client.db
      .sql("insert into conversation_folders (user_id, id, name) values ($1, 'f_52', 'By SQL')", [
        alice.userId,
      ])
      .catch((e) => e)
    expect(bySql.message).toBe('You can keep at most 50 folders')
    expect(await a.folders.list()).toHaveLength(50)
    // Deleting one makes room again; Bob's own count is his.
    await a.folders.delete('f_1')
    await a.folders.create({ id: 'f_53', userId: alice.userId, name: 'Room again' })
    expect((await b.folders.create({ id: 'f_1', userId: bob.userId, name: 'His' })).name).toBe(
      'His',
    )
  })

  test('deleting a folder keeps its conversations: out of any folder, or moved into another', async () => {
    const { alice, a, chat } = await aliceAndBob()
    const work = await a.folders.create({ id: 'f_work', userId: alice.userId, name: 'Work' })
    const home = await a.folders.create({ id: 'f_home', userId: alice.userId, name: 'Home' })
    const one = await chat('One', 1)
    const two = await chat('Two', 2)
    await a.conversations.update(one.id, { folderId: work.id })
    await a.conversations.update(two.id, { folderId: work.id })

    const moved = await alice.client.db.sql<Conversation>(
      'select * from delete_conversation_folder($1, $2)',
      [work.id, home.id],
    )
    expect(moved.map((c) => [c.title, c.folderId]).sort()).toEqual([
      ['One', home.id],
      ['Two', home.id],
    ])
    expect((await a.folders.list()).map((f) => f.id)).toEqual([home.id])

    const kept = await alice.client.db.sql<Conversation>(
      'select * from delete_conversation_folder($1, null)',
      [home.id],
    )
    expect(kept.map((c) => c.folderId)).toEqual([null, null])
    expect(await a.folders.list()).toEqual([])
    expect((await a.conversations.list()).map((c) => c.title).sort()).toEqual(['One', 'Two'])
  })

  test('a folder deleted into a folder that is not the user’s moves nothing and deletes nothing', async () => {
    const { alice, bob, a, b, chat } = await aliceAndBob()
    const work = await a.folders.create({ id: 'f_work', userId: alice.userId, name: 'Work' })
    const bobs = await b.folders.create({ id: 'f_bob', userId: bob.userId, name: 'Bob' })
    const one = await chat('One', 1)
    await a.conversations.update(one.id, { folderId: work.id })
    const error = await alice.client.db
      .sql('select * from delete_conversation_folder($1, $2)', [work.id, bobs.id])
      .catch((e) => e)
    expect(error.status).toBeGreaterThanOrEqual(400)
    expect(error.status).toBeLessThan(500)
    expect((await a.folders.list()).map((f) => f.id)).toEqual([work.id])
    const [still] = await a.conversations.list({ where: { id: one.id } })
    expect(still?.folderId).toBe(work.id)
  })
})
