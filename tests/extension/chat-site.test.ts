import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  activePromptOf,
  menuViewOf,
  startChatSite,
  withSystemPrompt,
} from '../../extension/src/chat-site'
import { getComposerText } from '../../extension/src/composer'
import { chatgptAdapter } from '../../extension/src/sites/chatgpt'
import { FRESH_FOR_MS, type StoredState, writeState } from '../../extension/src/state'
import {
  fakeChromeStorage,
  loadFixtureIntoDocument,
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

describe('what the menu shows', () => {
  it('shows prompts only from fresh signed-in data with an app tab', () => {
    expect(menuViewOf(signedIn(), NOW, null)).toMatchObject({ kind: 'ready' })
    expect(menuViewOf(signedIn(), NOW, true)).toMatchObject({ kind: 'ready' })
    expect(menuViewOf(signedIn(), NOW, false)).toEqual({ kind: 'no-app' })
    expect(menuViewOf(signedIn(), NOW + FRESH_FOR_MS + 1, null)).toEqual({ kind: 'no-app' })
    expect(menuViewOf(null, NOW, true)).toEqual({ kind: 'no-app' })
    expect(menuViewOf(signedIn({ status: 'signed-out' }), NOW, true)).toEqual({
      kind: 'signed-out',
    })
  })

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

  async function start(state: StoredState | null, answer = { appOpen: true, ok: true }) {
    loadFixtureIntoDocument('chatgpt')
    const storage = fakeChromeStorage()
    if (state) await writeState(storage.area, state)
    const sendMessage = vi.fn(async () => answer)
    const site = startChatSite({
      doc: document,
      adapter: chatgptAdapter,
      appUrl: 'http://localhost:3000/',
      storage: storage.area,
      storageEvents: storage.events,
      sendMessage,
      now: () => NOW,
    })
    stop = site.stop
    await vi.waitFor(() => expect(site.menu.root.querySelector('.body')?.textContent).not.toBe(''))
    return { site, storage, sendMessage, composer: document.getElementById('prompt-textarea')! }
  }

  it('mounts the menu in the composer form, and again after the site re-renders', async () => {
    const { site } = await start(signedIn())
    const form = document.querySelector('form')!
    expect(form.firstElementChild).toBe(site.menu.host)
    site.menu.host.remove()
    await vi.waitFor(() => expect(form.contains(site.menu.host)).toBe(true))
    expect(document.querySelectorAll('[data-prompt-chat-menu]')).toHaveLength(1)
  })

  it('asks for fresh data on open and inserts a clicked prompt into the editor', async () => {
    const { site, sendMessage, composer } = await start(signedIn())
    site.menu.open()
    expect(sendMessage).toHaveBeenCalledWith({ kind: 'prompt-chat/refresh' })
    site.menu.root.querySelector<HTMLButtonElement>('button.prompt')!.click()
    expect(getComposerText(composer)).toBe('List the steps to reproduce first.')
  })

  it('sends a system prompt toggle to the service worker', async () => {
    const { site, sendMessage } = await start(signedIn())
    site.menu.open()
    site.menu.root.querySelectorAll<HTMLButtonElement>('.system .toggle')[1]!.click()
    expect(sendMessage).toHaveBeenCalledWith({
      kind: 'prompt-chat/set-system-prompt',
      promptId: 's2',
      isActive: true,
    })
  })

  it('follows storage: a signed-out write turns the menu to the signed-out text', async () => {
    const { site, storage } = await start(signedIn())
    await writeState(storage.area, signedIn({ status: 'signed-out', user: null }))
    expect(site.menu.root.textContent).toContain('You are signed out of Prompt Chat')
  })

  it('says no app tab when the service worker finds none', async () => {
    const { site } = await start(signedIn(), { appOpen: false, ok: false })
    site.menu.open()
    await vi.waitFor(() =>
      expect(site.menu.root.textContent).toContain('Open Prompt Chat in a tab'),
    )
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
