import { afterEach, describe, expect, it, vi } from 'vitest'
import { activePromptOf, startChatSite, withSystemPrompt } from '../../extension/src/chat-site'
import { getComposerText } from '../../extension/src/composer'
import { chatgptAdapter } from '../../extension/src/sites/chatgpt'
import { FRESH_FOR_MS, type StoredState, writeState } from '../../extension/src/state'
import {
  EXTENSION_ID,
  fakeChromeStorage,
  fakeRuntimeMessages,
  loadFixtureIntoDocument,
  MENU_FRAME_URL,
  SAMPLE_PROMPTS,
  SAMPLE_USER,
} from './fake-chrome'

const NOW = 1_000_000

function signedIn(overrides: Partial<StoredState> = {}): StoredState {
  return {
    status: 'signed-in',
    user: SAMPLE_USER,
    ...SAMPLE_PROMPTS,
    activeSystemPrompt: SAMPLE_PROMPTS.systemPrompts[0]!,
    syncedAt: NOW,
    ...overrides,
  }
}

describe('the active system prompt', () => {
  it('prepends the active system prompt only when fresh', () => {
    expect(activePromptOf(signedIn(), NOW)?.id).toBe('s1')
    expect(activePromptOf(signedIn(), NOW + FRESH_FOR_MS + 1)).toBeNull()
    expect(activePromptOf(signedIn({ status: 'signed-out' }), NOW)).toBeNull()
    expect(withSystemPrompt('Be brief.', 'Hi')).toBe('Be brief.\n\nHi')
    expect(withSystemPrompt('Be brief.', 'Be brief.\n\nHi')).toBe('Be brief.\n\nHi')
    expect(withSystemPrompt('  ', 'Hi')).toBe('Hi')
  })
})

describe('a chat site content script', () => {
  let stop: (() => void) | undefined
  afterEach(() => {
    stop?.()
    document.body.replaceChildren()
    window.history.replaceState({}, '', '/')
  })

  async function start(state: StoredState | null) {
    loadFixtureIntoDocument('chatgpt')
    const storage = fakeChromeStorage()
    if (state) await writeState(storage.area, state)
    const site = startChatSite({
      doc: document,
      adapter: chatgptAdapter,
      frameUrl: MENU_FRAME_URL,
      extensionId: EXTENSION_ID,
      runtimeMessages: fakeRuntimeMessages().events,
      storage: storage.area,
      storageEvents: storage.events,
      now: () => NOW,
    })
    stop = site.stop
    await new Promise((resolve) => setTimeout(resolve, 10)) // the stored state is read
    return { site, storage, composer: document.getElementById('prompt-textarea')! }
  }

  it('mounts the menu in the composer form, and again after the site re-renders', async () => {
    const { site } = await start(signedIn())
    const form = document.querySelector('form')!
    expect(form.firstElementChild).toBe(site.menu.host)
    site.menu.host.remove()
    await vi.waitFor(() => expect(form.contains(site.menu.host)).toBe(true))
    expect(document.querySelectorAll('[data-prompt-chat-menu]')).toHaveLength(1)
  })

  it('puts the active system prompt before the first message of a new conversation', async () => {
    const { composer } = await start(signedIn())
    composer.innerHTML = '<p>What is new?</p>'
    composer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    expect(getComposerText(composer)).toBe('Answer in one short sentence.\n\nWhat is new?')
  })

  it('also on a click of the send button, and only once', async () => {
    const { composer } = await start(signedIn())
    composer.innerHTML = '<p>Hello</p>'
    const send = document.querySelector<HTMLButtonElement>('[data-testid="send-button"]')!
    send.click()
    send.click()
    expect(getComposerText(composer)).toBe('Answer in one short sentence.\n\nHello')
  })

  it('leaves an ongoing conversation, Shift+Enter and stale data alone', async () => {
    const { composer, storage } = await start(signedIn())
    composer.innerHTML = '<p>Hi</p>'
    composer.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true }),
    )
    expect(getComposerText(composer)).toBe('Hi')

    window.history.replaceState({}, '', '/c/abc')
    composer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    expect(getComposerText(composer)).toBe('Hi')

    window.history.replaceState({}, '', '/')
    await writeState(storage.area, signedIn({ syncedAt: NOW - FRESH_FOR_MS - 1 }))
    composer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    expect(getComposerText(composer)).toBe('Hi')
  })
})
