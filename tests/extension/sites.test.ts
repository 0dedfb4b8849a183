import { describe, expect, it } from 'vitest'
import { adapterFor, SITE_ADAPTERS } from '../../extension/src/sites'
import { fixtureDocument } from './fake-chrome'

const CASES = [
  {
    site: 'chatgpt',
    composer: '#prompt-textarea',
    mountParent: 'form',
    send: '[data-testid="send-button"]',
    newChat: 'https://chatgpt.com/',
    conversation: 'https://chatgpt.com/c/abc-123',
    message: '<div data-message-author-role="user">Hi</div>',
  },
  {
    site: 'claude',
    composer: 'div.ProseMirror',
    mountParent: 'fieldset',
    send: 'button[aria-label="Send message"]',
    newChat: 'https://claude.ai/new',
    conversation: 'https://claude.ai/chat/abc-123',
    message: '<div data-testid="user-message">Hi</div>',
  },
  {
    site: 'gemini',
    composer: 'rich-textarea .ql-editor',
    mountParent: '.text-input-field',
    send: 'button.send-button',
    newChat: 'https://gemini.google.com/app',
    conversation: 'https://gemini.google.com/app/abc123',
    message: '<user-query>Hi</user-query>',
  },
] as const

describe.each(CASES)('the $site adapter on its fixture page', (c) => {
  const adapter = adapterFor(new URL(c.newChat).hostname)!

  it('is chosen by hostname', () => {
    expect(adapter.id).toBe(c.site)
  })

  it('finds the composer and where the menu goes', () => {
    const doc = fixtureDocument(c.site)
    const composer = adapter.findComposer(doc)
    expect(composer).toBe(doc.querySelector(c.composer))
    expect(composer!.isContentEditable || composer!.getAttribute('contenteditable')).toBeTruthy()
    const point = adapter.mountPoint(composer!)
    expect(point!.parent).toBe(doc.querySelector(c.mountParent))
    expect(point!.parent.contains(composer)).toBe(true)
  })

  it('knows its send button (and what is not one)', () => {
    const doc = fixtureDocument(c.site)
    const send = doc.querySelector(c.send)!
    expect(adapter.isSendButton(send)).toBe(true)
    const inner = doc.createElement('span')
    send.append(inner)
    expect(adapter.isSendButton(inner)).toBe(true)
    expect(adapter.isSendButton(adapter.findComposer(doc)!)).toBe(false)
  })

  it('tells a new conversation from an ongoing one', () => {
    const doc = fixtureDocument(c.site)
    expect(adapter.isNewConversation(doc, new URL(c.newChat))).toBe(true)
    expect(adapter.isNewConversation(doc, new URL(c.conversation))).toBe(false)
    doc.body.insertAdjacentHTML('afterbegin', c.message)
    expect(adapter.isNewConversation(doc, new URL(c.newChat))).toBe(false)
  })

  it('finds nothing on a page without a composer', () => {
    const doc = document.implementation.createHTMLDocument('empty')
    expect(adapter.findComposer(doc)).toBeNull()
  })
})

describe('choosing the adapter', () => {
  it('covers exactly the three chat sites', () => {
    expect(SITE_ADAPTERS.map((s) => s.hostname)).toEqual([
      'chatgpt.com',
      'claude.ai',
      'gemini.google.com',
    ])
    expect(adapterFor('evil.example')).toBeNull()
    expect(adapterFor('chatgpt.com.evil.example')).toBeNull()
  })

  it('finds a textarea composer in older ChatGPT markup', () => {
    const doc = document.implementation.createHTMLDocument('old')
    doc.body.innerHTML = '<form><textarea id="prompt-textarea"></textarea></form>'
    expect(adapterFor('chatgpt.com')!.findComposer(doc)?.tagName).toBe('TEXTAREA')
  })
})
