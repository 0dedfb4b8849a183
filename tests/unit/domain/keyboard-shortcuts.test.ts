import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../src/domain/chat-message'
import {
  ariaKeysOf,
  type KeyPress,
  keysOf,
  SHORTCUTS,
  shortcutOf,
} from '../../../src/domain/keyboard-shortcuts'
import { lastReplyText } from '../../../src/domain/last-exchange'

const press = (over: Partial<KeyPress>): KeyPress => ({
  key: '',
  code: '',
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...over,
})

describe('keyboard shortcuts', () => {
  it('each key press is its shortcut, on a Mac too, where ⌥⇧N types a character', () => {
    expect(shortcutOf(press({ key: 'N', code: 'KeyN', altKey: true, shiftKey: true }), true)).toBe(
      'newChat',
    )
    // What a Mac's ⌥⇧N reports as its key; the physical key is what counts.
    expect(shortcutOf(press({ key: '˜', code: 'KeyN', altKey: true, shiftKey: true }), true)).toBe(
      'newChat',
    )
    expect(shortcutOf(press({ key: 'M', code: 'KeyM', altKey: true, shiftKey: true }), true)).toBe(
      'focusMessage',
    )
    expect(shortcutOf(press({ key: 'S', code: 'KeyS', altKey: true, shiftKey: true }), false)).toBe(
      'toggleSidebar',
    )
    expect(shortcutOf(press({ key: 'C', code: 'KeyC', altKey: true, shiftKey: true }), true)).toBe(
      'copyReply',
    )
    expect(shortcutOf(press({ key: 'k', code: 'KeyK', ctrlKey: true }), true)).toBe('search')
    expect(shortcutOf(press({ key: 'k', code: 'KeyK', metaKey: true }), true)).toBe('search')
  })

  it('? lists them outside a text field only, where it is a character to type', () => {
    expect(shortcutOf(press({ key: '?', code: 'Slash', shiftKey: true }), false)).toBe('list')
    expect(shortcutOf(press({ key: '?', code: 'Slash', shiftKey: true }), true)).toBeNull()
    expect(shortcutOf(press({ key: '?', code: 'Slash', ctrlKey: true }), false)).toBeNull()
  })

  it('a near miss is no shortcut: an extra modifier, or the letter alone', () => {
    expect(
      shortcutOf(
        press({ key: 'N', code: 'KeyN', altKey: true, shiftKey: true, ctrlKey: true }),
        false,
      ),
    ).toBeNull()
    expect(shortcutOf(press({ key: 'n', code: 'KeyN', altKey: true }), false)).toBeNull()
    expect(shortcutOf(press({ key: 'n', code: 'KeyN' }), false)).toBeNull()
    expect(
      shortcutOf(press({ key: 'K', code: 'KeyK', ctrlKey: true, shiftKey: true }), false),
    ).toBe(null)
    // Escape is the composer's, while a reply streams.
    expect(shortcutOf(press({ key: 'Escape', code: 'Escape' }), false)).toBeNull()
  })

  it('takes no Ctrl or ⌘ key but K, and no plain key but ?: the browser keeps its own', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJLMNOPQRSTUVWXYZ0123456789'.split(''))
    fc.assert(
      fc.property(letter, fc.boolean(), fc.boolean(), fc.boolean(), (l, meta, shift, typing) => {
        const code = /\d/.test(l) ? `Digit${l}` : `Key${l}`
        const withMod = press({
          key: l.toLowerCase(),
          code,
          ctrlKey: !meta,
          metaKey: meta,
          shiftKey: shift,
        })
        const plain = press({ key: l.toLowerCase(), code, shiftKey: shift })
        return shortcutOf(withMod, typing) === null && shortcutOf(plain, typing) === null
      }),
    )
  })

  it('no two shortcuts share their keys', () => {
    const keys = SHORTCUTS.map((s) => `${s.modifiers} ${s.code}`)
    expect(new Set(keys).size).toBe(SHORTCUTS.length)
  })

  it('names the keys as the computer does, and for assistive technology', () => {
    expect(SHORTCUTS.map((s) => keysOf(s.id, false))).toEqual([
      'Alt+Shift+N',
      'Ctrl+K',
      'Alt+Shift+M',
      'Alt+Shift+S',
      'Alt+Shift+C',
      'Esc',
      '?',
    ])
    expect(SHORTCUTS.map((s) => keysOf(s.id, true))).toEqual([
      '⌥⇧N',
      '⌘K',
      '⌥⇧M',
      '⌥⇧S',
      '⌥⇧C',
      'Esc',
      '?',
    ])
    expect(ariaKeysOf('search')).toBe('Control+K Meta+K')
    expect(ariaKeysOf('newChat')).toBe('Alt+Shift+N')
  })
})

describe('the last reply', () => {
  const message = (role: ChatMessage['role'], content: string): ChatMessage => ({
    id: `m_${content}`,
    userId: 'u1',
    modelId: 'gpt-5',
    role,
    content,
    systemPromptId: null,
    createdAt: '2026-11-30T12:00:00.000Z',
  })

  it('is the newest reply with text, its markdown as written', () => {
    const messages = [
      message('user', 'Hi'),
      message('assistant', '**First** reply'),
      message('user', 'Again'),
      message('assistant', '  '),
    ]
    expect(lastReplyText(messages)).toBe('**First** reply')
    expect(lastReplyText([message('user', 'Only a question')])).toBeNull()
    expect(lastReplyText([])).toBeNull()
  })
})
