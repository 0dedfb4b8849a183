import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../src/domain/chat-message'
import {
  BACKUP_PART_CHARS,
  type BackupMessage,
  backupParts,
  parentsFirst,
  readBackup,
  writeBackup,
} from '../../../src/domain/conversation-backup'

// The backup file (docs/product/conversations.md#backup): what is written reads back the same,
// a damaged or foreign file is refused with its reason, and the parts a restore sends keep
// every parent before its children within the size of one call.

const NOW = new Date('2026-06-01T00:00:00.000Z')
const at = (s: number) => new Date(Date.parse('2026-05-01T10:00:00.000Z') + s * 1000).toISOString()

const conversation = (id: string) => ({
  id,
  userId: 'u',
  title: `Chat ${id}`,
  createdAt: at(0),
  updatedAt: at(100),
  pinned: id === 'c1',
  folderId: id === 'c1' ? 'f1' : null,
  currentLeafId: null,
})

/** A random tree of messages in two conversations: each message follows an earlier one or none. */
const trees = fc
  .array(fc.record({ parent: fc.nat(), inSecond: fc.boolean(), text: fc.string() }), {
    minLength: 1,
    maxLength: 60,
  })
  .map((specs) => {
    const messages: ChatMessage[] = []
    for (const [i, spec] of specs.entries()) {
      const conversationId = spec.inSecond ? 'c2' : 'c1'
      const earlier = messages.filter((m) => m.conversationId === conversationId)
      const parent =
        earlier.length && spec.parent % 3 ? earlier[spec.parent % earlier.length] : null
      messages.push({
        id: `m${i}`,
        userId: 'u',
        conversationId,
        parentId: parent?.id ?? null,
        role: i % 2 ? 'assistant' : 'user',
        content: spec.text,
        modelId: 'gpt-5',
        systemPromptId: null,
        // Out of order on purpose: time does not always follow the tree.
        createdAt: at((i * 7919) % 61),
        ...(i % 5 === 4 ? { status: 'streaming' as const } : {}),
      })
    }
    return messages
  })

describe('conversation backup', () => {
  it('what is written reads back, every message with its place; a streaming reply broke off', () => {
    fc.assert(
      fc.property(trees, (messages) => {
        const backup = writeBackup(
          [conversation('c1'), conversation('c2')],
          () => 'Trips',
          messages,
          NOW,
        )
        const read = readBackup(JSON.stringify(backup))
        if (!read.ok) throw new Error(read.message)
        expect(read.backup.messages.map((m) => [m.id, m.parentId, m.content])).toEqual(
          messages.map((m) => [m.id, m.parentId, m.content]),
        )
        expect(read.backup.conversations[0]).toMatchObject({ pinned: true, folder: 'Trips' })
        expect(read.backup.messages.some((m) => (m.status as string) === 'streaming')).toBe(false)
      }),
    )
  })

  it('parts keep every parent before its children and stay within one call', () => {
    fc.assert(
      fc.property(trees, fc.integer({ min: 200, max: 3000 }), (messages, maxChars) => {
        const backup = writeBackup(
          [conversation('c1'), conversation('c2')],
          () => null,
          messages,
          NOW,
        )
        const parts = backupParts(backup, maxChars)
        const sent = parts.flatMap((p) => p.messages)
        expect(sent.map((m) => m.id).sort()).toEqual(messages.map((m) => m.id).sort())
        const placed = new Set<string>()
        for (const message of sent) {
          if (message.parentId) expect(placed.has(message.parentId)).toBe(true)
          placed.add(message.id)
        }
        // Conversations go before any message.
        const firstMessagePart = parts.findIndex((p) => p.messages.length > 0)
        expect(parts.slice(firstMessagePart + 1).every((p) => p.conversations.length === 0)).toBe(
          true,
        )
        for (const part of parts) {
          const items = [...part.conversations, ...part.messages]
          const size = items.reduce((sum, item) => sum + JSON.stringify(item).length + 1, 0)
          if (items.length > 1) expect(size).toBeLessThanOrEqual(maxChars)
        }
      }),
    )
    expect(BACKUP_PART_CHARS).toBeLessThan(1_000_000)
  })

  it('parents come first even when a child is older than its parent', () => {
    const m = (id: string, parentId: string | null, s: number) =>
      ({ id, parentId, createdAt: at(s) }) as BackupMessage
    expect(
      parentsFirst([m('c', 'b', 1), m('b', 'a', 2), m('a', null, 3)]).map((x) => x.id),
    ).toEqual(['a', 'b', 'c'])
  })

  it('refuses a foreign, newer, damaged or empty file with its reason', () => {
    const good = writeBackup([conversation('c1')], () => null, [], NOW)
    const message = (value: unknown) => {
      const read = readBackup(typeof value === 'string' ? value : JSON.stringify(value))
      return read.ok ? 'ok' : read.message
    }
    expect(message('{')).toBe('This file is not valid JSON.')
    expect(message({ format: 'prompt-chat', prompts: [] })).toBe(
      'This is not a conversation backup from Prompt Chat.',
    )
    expect(message({ ...good, version: 2 })).toBe(
      'This backup was made by a newer version of Prompt Chat (format version 2).',
    )
    expect(message({ ...good, conversations: [] })).toBe('This backup holds no conversations.')
    expect(message({ ...good, conversations: [{ ...good.conversations[0], title: 3 }] })).toBe(
      'This backup is damaged: conversation 1 has no valid title.',
    )
    const msg = {
      id: 'm1',
      conversationId: 'c1',
      parentId: null,
      role: 'user',
      content: 'hi',
      modelId: 'gpt-5',
      createdAt: at(1),
    }
    expect(message({ ...good, messages: [{ ...msg, role: 'robot' }] })).toBe(
      'This backup is damaged: message 1 has no valid role.',
    )
    expect(message({ ...good, messages: [{ ...msg, conversationId: 'c9' }] })).toBe(
      'This backup is damaged: message 1 has no conversation.',
    )
    expect(message({ ...good, messages: [{ ...msg, parentId: 'm0' }] })).toBe(
      'This backup is damaged: message 1 follows a message not in its conversation.',
    )
    expect(
      message({
        ...good,
        messages: [
          { ...msg, parentId: 'm2' },
          { ...msg, id: 'm2', parentId: 'm1' },
        ],
      }),
    ).toBe('This backup is damaged: its messages follow each other in a circle.')
    expect(message({ ...good, messages: [msg, msg] })).toBe(
      'This backup is damaged: two messages have one id.',
    )
    expect(message(good)).toBe('ok')
  })
})
