import { describe, expect, it } from 'vitest'
import {
  addressWithConversation,
  byActivity,
  type Conversation,
  checkTitle,
  conversationId,
  TITLE_EMPTY_MESSAGE,
  TITLE_TOO_LONG_MESSAGE,
  titleFromMessage,
} from '../../../src/domain/conversation'
import { linkedConversationId } from '../../../src/domain/conversation-link'

describe('a title from the first message', () => {
  it('is its first line with text, trimmed, at most 60 characters', () => {
    expect(titleFromMessage('  Plan my week\nMonday: gym')).toBe('Plan my week')
    expect(titleFromMessage('\r\n\n  Hello there  \r\nmore')).toBe('Hello there')
    expect(titleFromMessage(`${'é'.repeat(70)}\nsecond line`)).toBe('é'.repeat(60))
    // Characters as people count them: an emoji is one, not two UTF-16 halves.
    expect(titleFromMessage('😀'.repeat(61))).toBe('😀'.repeat(60))
    expect(titleFromMessage(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59))
  })

  it("is 'New chat' for a message without text", () => {
    expect(titleFromMessage('')).toBe('New chat')
    expect(titleFromMessage('  \n \t ')).toBe('New chat')
  })
})

describe('a title the user types', () => {
  it('is trimmed, not empty, and at most 100 characters', () => {
    expect(checkTitle('  Trip  ')).toEqual({ ok: true, title: 'Trip' })
    expect(checkTitle('   ')).toEqual({ ok: false, message: TITLE_EMPTY_MESSAGE })
    expect(checkTitle('x'.repeat(100))).toEqual({ ok: true, title: 'x'.repeat(100) })
    expect(checkTitle('x'.repeat(101))).toEqual({ ok: false, message: TITLE_TOO_LONG_MESSAGE })
    expect(checkTitle(` ${'ü'.repeat(100)} `)).toMatchObject({ ok: true })
  })
})

describe('deep links', () => {
  const origin = 'https://chat.example'
  it('read ?c=<id>; a missing, empty or absurdly long one is none', () => {
    expect(linkedConversationId(`${origin}/?c=conv_1`)).toBe('conv_1')
    expect(linkedConversationId(`${origin}/?tab=x&c=conv%201`)).toBe('conv 1')
    expect(linkedConversationId(`${origin}/`)).toBeNull()
    expect(linkedConversationId(`${origin}/?c=`)).toBeNull()
    expect(linkedConversationId(`${origin}/?c=${'x'.repeat(201)}`)).toBeNull()
    expect(linkedConversationId('not a url')).toBeNull()
  })

  it('the address follows the open conversation and keeps its other parts', () => {
    expect(addressWithConversation(`${origin}/?tab=x#end`, 'conv_1')).toBe(
      `${origin}/?tab=x&c=conv_1#end`,
    )
    expect(addressWithConversation(`${origin}/?c=conv_1`, 'conv_2')).toBe(`${origin}/?c=conv_2`)
    expect(addressWithConversation(`${origin}/?tab=x&c=conv_1`, null)).toBe(`${origin}/?tab=x`)
    expect(addressWithConversation(`${origin}/?c=conv_1`, null)).toBe(`${origin}/`)
  })
})

describe('ids and order', () => {
  it('a conversation the app creates is conv_{time}', () => {
    expect(conversationId(1_767_225_600_000)).toBe('conv_1767225600000')
  })

  it('newest activity first, ties by id, whatever the time’s spelling', () => {
    const c = (id: string, updatedAt: string): Conversation => ({
      id,
      userId: 'u',
      title: id,
      createdAt: updatedAt,
      updatedAt,
    })
    const list = [
      c('a', '2026-05-01T10:00:00.000Z'),
      c('b', '2026-05-01T12:00:00+02:00'), // the same moment as a
      c('c', '2026-05-02T00:00:00Z'),
    ]
    expect(list.sort(byActivity).map((x) => x.id)).toEqual(['c', 'b', 'a'])
  })
})
