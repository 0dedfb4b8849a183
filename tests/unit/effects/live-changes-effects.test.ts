import { describe, expect, it } from 'vitest'
import { liveEventOf } from '../../../src/effects/live-changes-effects'
import type { TableChange } from '../../../src/platform/index'

// docs/product/live-sync.md: the feed's rows, as the database has them, read into the app's terms.

const change = (table: string, op: TableChange['op'], rows: Partial<TableChange>): TableChange => ({
  id: 1,
  table,
  filter: null,
  op,
  ...rows,
})

describe('the change feed read into the app’s terms', () => {
  it('a conversation row becomes the list’s conversation, camelCased; a deleted one its id', () => {
    const row = {
      id: 'conv_1',
      user_id: 'u1',
      title: 'Trip',
      created_at: '2026-12-01T00:00:00.123456+00:00',
      updated_at: '2026-12-01T00:05:00+00:00',
      pinned: true,
      folder_id: null,
    }
    expect(liveEventOf(change('conversations', 'UPDATE', { row }))).toEqual({
      type: 'conversation.changed',
      conversation: {
        id: 'conv_1',
        userId: 'u1',
        title: 'Trip',
        createdAt: '2026-12-01T00:00:00.123456+00:00',
        updatedAt: '2026-12-01T00:05:00+00:00',
        pinned: true,
        folderId: null,
      },
    })
    expect(liveEventOf(change('conversations', 'DELETE', { old: { id: 'conv_1' } }))).toEqual({
      type: 'conversation.removed',
      conversationId: 'conv_1',
    })
  })

  it('a reply still streaming elsewhere arrives marked as arriving; a finished one is not', () => {
    const row = {
      id: 'm2',
      conversation_id: 'conv_1',
      parent_id: 'm1',
      role: 'assistant',
      content: 'Lis',
      status: 'streaming',
      prompt_tokens: null,
    }
    expect(liveEventOf(change('chat_messages', 'INSERT', { row }))).toEqual({
      type: 'message.changed',
      message: {
        id: 'm2',
        conversationId: 'conv_1',
        parentId: 'm1',
        role: 'assistant',
        content: 'Lis',
        status: 'streaming',
        promptTokens: null,
        arriving: true,
      },
    })
    const done = liveEventOf(
      change('chat_messages', 'UPDATE', { row: { ...row, status: 'complete' } }),
    )
    expect(done).toMatchObject({ message: { status: 'complete' } })
    expect(done).not.toHaveProperty('message.arriving')
    expect(liveEventOf(change('chat_messages', 'DELETE', { old: { id: 'm2' } }))).toEqual({
      type: 'message.removed',
      messageId: 'm2',
    })
  })

  it('a prompt says whether it is now the active one; quick prompts only that they changed', () => {
    const row = { id: 'p1', is_active: '1', type: 'system' }
    expect(liveEventOf(change('prompts', 'UPDATE', { row }))).toEqual({
      type: 'prompt.changed',
      promptId: 'p1',
      active: true,
    })
    expect(liveEventOf(change('prompts', 'DELETE', { old: { id: 'p1' } }))).toEqual({
      type: 'prompt.changed',
      promptId: 'p1',
      active: false,
    })
    expect(liveEventOf(change('quick_prompts', 'INSERT', { row: { id: 'q1' } }))).toEqual({
      type: 'quickPrompts.changed',
    })
  })

  it('a model server added, changed or removed says only that the servers changed', () => {
    for (const op of ['INSERT', 'UPDATE'] as const) {
      expect(liveEventOf(change('model_servers', op, { row: { id: 's1' } }))).toEqual({
        type: 'servers.changed',
      })
    }
    expect(liveEventOf(change('model_servers', 'DELETE', { old: { id: 's1' } }))).toEqual({
      type: 'servers.changed',
    })
  })

  it("the account's style arrives as it is kept, for the style to read what it can; a deleted one is nothing", () => {
    const config = { primaryColor: '#0B8177', fontSize: 'huge', evil: '<script>' }
    const row = { id: 's1', user_id: 'u1', config }
    expect(liveEventOf(change('user_styles', 'UPDATE', { row }))).toEqual({
      type: 'style.changed',
      config,
    })
    expect(liveEventOf(change('user_styles', 'DELETE', { old: { id: 's1' } }))).toBeNull()
  })

  it('a key saved or removed is only that: the sealed key never arrives, the dialog reads them again', () => {
    expect(liveEventOf(change('user_api_keys', 'INSERT', { row: { id: 'k1' } }))).toEqual({
      type: 'keys.changed',
    })
    expect(liveEventOf(change('user_api_keys', 'DELETE', { old: { id: 'k1' } }))).toEqual({
      type: 'keys.changed',
    })
  })

  it('a table the app does not follow, or a row without an id, is nothing', () => {
    expect(liveEventOf(change('prompt_ratings', 'INSERT', { row: { id: 'r1' } }))).toBeNull()
    expect(liveEventOf(change('prompts', 'DELETE', {}))).toBeNull()
  })
})
