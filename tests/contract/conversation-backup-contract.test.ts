import { expect, test } from 'vitest'
import type { ChatMessage } from '../../src/domain/chat-message'
import type { Conversation } from '../../src/domain/conversation'
import { backupParts, readBackup } from '../../src/domain/conversation-backup'
import type { ConversationFolder } from '../../src/domain/conversation-folder'
import { backUpConversations, restoreConversations } from '../../src/effects/conversation-backup'
import type { SavedFile } from '../../src/effects/download-link'
import { describeOnEveryBackend } from '../support/contract-backends'

// A backup of every conversation, restored (docs/product/conversations.md#backup), over real
// HTTP on both databases: the tree, its ends, pins and folders come back; restoring twice adds
// nothing; a restore writes only the restorer's rows.

describeOnEveryBackend('conversation backup', ({ signedIn }) => {
  let runs = 0
  async function user(name: string) {
    const tag = `${Date.now()}_${++runs}`
    const who = await signedIn(`backup-${name}-${tag}@example.com`)
    const db = who.client.db
    return {
      ...who,
      db,
      conversations: db.table<Conversation & { currentLeafId: string | null }>('conversations'),
      messages: db.table<ChatMessage>('chatMessages'),
      folders: db.table<ConversationFolder>('conversationFolders'),
    }
  }
  type User = Awaited<ReturnType<typeof user>>

  /** A conversation with a branch: q1 → a1 → q2 → a2, and a2' regenerated beside a2. */
  async function scene(owner: User) {
    const folder = await owner.folders.create({
      id: 'folder_1',
      userId: owner.userId,
      name: 'Trips',
    })
    await owner.conversations.create({
      id: 'conv_trip',
      userId: owner.userId,
      title: 'Lisbon trip',
      createdAt: '2026-05-01T10:00:00.000Z',
      pinned: true,
      folderId: folder.id,
    })
    await owner.conversations.create({
      id: 'conv_empty',
      userId: owner.userId,
      title: 'Nothing yet',
      createdAt: '2026-05-02T10:00:00.000Z',
      updatedAt: '2026-05-02T10:00:00.000Z',
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
        ...(role === 'assistant' ? { promptTokens: 10, completionTokens: 5, totalTokens: 15 } : {}),
      })
    await say('q1', null, 'user', 1)
    await say('a1', 'q1', 'assistant', 2)
    await say('q2', 'a1', 'user', 3)
    await say('a2', 'q2', 'assistant', 4)
    await say('a2b', 'q2', 'assistant', 5)
    // The user went back to the first version: the conversation ends there.
    await owner.conversations.update('conv_trip', { currentLeafId: 'a2' })
  }

  async function backUp(owner: User) {
    let saved: SavedFile | undefined
    const count = await backUpConversations(
      owner.db,
      owner.userId,
      (file) => {
        saved = file
      },
      new Date('2026-06-01T00:00:00.000Z'),
    )
    return { count, saved }
  }

  const state = async (owner: User) => ({
    conversations: (await owner.conversations.list({ orderBy: { id: 'asc' } })).map((c) => ({
      id: c.id,
      title: c.title,
      pinned: c.pinned,
      leaf: c.currentLeafId,
      updatedAt: Date.parse(c.updatedAt),
    })),
    folders: (await owner.folders.list()).map((f) => f.name),
    messages: (await owner.messages.list({ orderBy: { id: 'asc' } })).map((m) => [
      m.id,
      m.parentId,
      m.content,
      m.totalTokens ?? null,
    ]),
  })

  test('another account restores the whole tree, its ends, pins and folders; twice adds nothing', async () => {
    const alice = await user('a')
    await scene(alice)
    const { count, saved } = await backUp(alice)
    expect(count).toBe(2)
    expect(saved?.name).toBe('prompt-chat-conversations-2026-06-01.json')
    const read = readBackup(saved?.text ?? '')
    if (!read.ok) throw new Error(read.message)

    const carol = await user('c')
    // Small parts, so the tree crosses parts: each message still lands after its parent.
    const parts = backupParts(read.backup, 400)
    expect(parts.length).toBeGreaterThan(3)
    expect(await restoreConversations(carol.db, read.backup, parts)).toEqual({
      conversations: 2,
      messages: 5,
    })
    const before = await state(alice)
    const after = await state(carol)
    expect(after).toEqual(before)
    expect(after.conversations.find((c) => c.id === 'conv_trip')?.leaf).toBe('a2')
    const [trip] = await carol.conversations.list({ where: { id: 'conv_trip' } })
    const [trips] = await carol.folders.list()
    expect(trip?.folderId).toBe(trips?.id)

    expect(await restoreConversations(carol.db, read.backup)).toEqual({
      conversations: 0,
      messages: 0,
    })
    expect(await state(carol)).toEqual(before)
  })

  test('restored over what is there: new messages join, nothing changes, a same-named folder is reused', async () => {
    const alice = await user('a')
    await scene(alice)
    const { saved } = await backUp(alice)
    const read = readBackup(saved?.text ?? '')
    if (!read.ok) throw new Error(read.message)
    // Since the backup: a rename, a message deleted with what follows it, a folder renamed.
    await alice.conversations.update('conv_trip', { title: 'Porto trip' })
    await alice.messages.delete('q2')
    await alice.folders.update('folder_1', { name: 'TRIPS' })
    expect(await restoreConversations(alice.db, read.backup)).toEqual({
      conversations: 0,
      messages: 3,
    })
    const now = await state(alice)
    expect(now.conversations.find((c) => c.id === 'conv_trip')?.title).toBe('Porto trip')
    expect(now.folders).toEqual(['TRIPS'])
    expect(now.messages.map(([id]) => id)).toEqual(['a1', 'a2', 'a2b', 'q1', 'q2'])
  })

  test('a restore writes only the restorer’s rows, and a refused part says why', async () => {
    const alice = await user('a')
    const bob = await user('b')
    await scene(alice)
    const { saved } = await backUp(alice)
    const read = readBackup(saved?.text ?? '')
    if (!read.ok) throw new Error(read.message)
    await restoreConversations(bob.db, read.backup)
    expect((await state(alice)).messages).toHaveLength(5)
    expect((await bob.messages.list()).every((m) => m.userId === bob.userId)).toBe(true)
    // A message whose conversation is in neither the part nor the account is refused whole.
    const orphan = await bob.db
      .sql('select * from import_conversations($1)', [
        { messages: [{ ...read.backup.messages[0], id: 'x1', conversationId: 'conv_none' }] },
      ])
      .catch((e) => e)
    expect(orphan.status).toBeGreaterThanOrEqual(400)
    expect(orphan.status).toBeLessThan(500)
    expect(
      await bob.db
        .sql('select * from import_conversations($1)', ['"not an object"'])
        .catch((e) => e.status),
    ).toBe(400)
  })
})
